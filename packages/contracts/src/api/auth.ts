import { z } from 'zod';
import { idSchema, isoDateSchema, successFlag, successSchema } from '../common';
import { anonymousLimitsSchema, anonymousUsageSchema, userSchema } from '../entities/user';
import { ISSUED_ANONYMOUS_SESSION_PATTERN, anonymousSessionRefSchema } from '../identity';

/** Account calls of spec 01 §7, plus logout and the sign-in configuration (our additions). */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const VERIFICATION_CODE_LENGTH = 6;

const emailInput = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));
/** A new password: at least 8 characters (spec 01 §5, §9). The auth service adds a common-password check. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

/**
 * An answer that starts a session. The spec shows login as {token, _id, email, firstName} and
 * Google sign-in and verification as "token and user"; every such answer of ours carries both
 * shapes, so each schema below requires what the spec shows for that call.
 */
const sessionFields = {
  success: successFlag,
  token: z.string().min(1),
  user: userSchema,
  ...userSchema.shape,
};

export const registerBodySchema = z.object({
  email: emailInput,
  password: newPasswordSchema,
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export const registerResponseSchema = z.object({
  success: successFlag,
  email: z.email(),
  userId: idSchema,
  message: z.string().optional(),
});
export type RegisterResponse = z.output<typeof registerResponseSchema>;

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.input<typeof loginBodySchema>;
export const loginResponseSchema = z.object({ ...sessionFields, user: userSchema.optional() });
export type LoginResponse = z.output<typeof loginResponseSchema>;

// not shown in the spec: our design. The Google Identity Services ID token (the `credential` the
// Google button hands the page).
export const googleBodySchema = z.object({ credential: z.string().min(1).max(8192) });
export type GoogleBody = z.input<typeof googleBodySchema>;
export const sessionResponseSchema = z.object({
  ...sessionFields,
  _id: idSchema.optional(),
  email: z.email().optional(),
  firstName: z.string().optional(),
});
export type SessionResponse = z.output<typeof sessionResponseSchema>;
export const googleResponseSchema = sessionResponseSchema;
export type GoogleResponse = SessionResponse;

// not shown in the spec: our design ("user (shape not shown)").
export const meResponseSchema = z.object({ success: successFlag, user: userSchema });
export type MeResponse = z.output<typeof meResponseSchema>;

/** An account id in a request: a uuid, with a message a person can read. */
const accountIdInput = z.uuid('Invalid account id');

export const verifyEmailBodySchema = z.object({
  userId: accountIdInput,
  verificationCode: z.string().regex(/^\d{6}$/, 'The code is 6 digits'),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = sessionResponseSchema;
export type VerifyEmailResponse = SessionResponse;

export const resendVerificationBodySchema = z.object({ userId: accountIdInput });
export type ResendVerificationBody = z.input<typeof resendVerificationBodySchema>;
// not shown in the spec: our design.
export const resendVerificationResponseSchema = successSchema.extend({ message: z.string() });
export type ResendVerificationResponse = z.output<typeof resendVerificationResponseSchema>;

export const anonymousLimitsParamsSchema = z.object({ sessionId: anonymousSessionRefSchema });
/** usage and limits as the spec shows; the counters inside are our design ("values not shown"). */
export const anonymousLimitsResponseSchema = z.object({
  success: successFlag,
  usage: anonymousUsageSchema,
  limits: anonymousLimitsSchema,
  sessionId: idSchema.optional(),
  createdAt: isoDateSchema.optional(),
  lastAccess: isoDateSchema.optional(),
});
export type AnonymousLimitsResponse = z.output<typeof anonymousLimitsResponseSchema>;

/**
 * POST /auth/anonymous-sessions (our addition): a new guest id issued and signed by the gateway,
 * to be kept whole and sent in the anonymous-session header. Limited per client address.
 */
export const issueAnonymousSessionResponseSchema = z.object({
  success: successFlag,
  sessionId: z.string().regex(ISSUED_ANONYMOUS_SESSION_PATTERN),
  createdAt: isoDateSchema,
});
export type IssueAnonymousSessionResponse = z.output<typeof issueAnonymousSessionResponseSchema>;

export const requestPasswordResetBodySchema = z.object({ email: emailInput });
export type RequestPasswordResetBody = z.input<typeof requestPasswordResetBodySchema>;
/** "message or error": the error is an error answer (errors.ts); the same message whether or not the account exists. */
export const requestPasswordResetResponseSchema = z.object({
  success: successFlag,
  message: z.string(),
});
export type RequestPasswordResetResponse = z.output<typeof requestPasswordResetResponseSchema>;

export const validateResetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const validateResetTokenResponseSchema = z.object({
  success: successFlag,
  email: z.email(),
  firstName: z.string(),
});
export type ValidateResetTokenResponse = z.output<typeof validateResetTokenResponseSchema>;

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
/** "user (with token)": the user carries the new session's token; `token` repeats it at the top. */
export const resetPasswordResponseSchema = z.object({
  success: successFlag,
  user: userSchema.extend({ token: z.string().min(1) }),
  token: z.string().min(1).optional(),
});
export type ResetPasswordResponse = z.output<typeof resetPasswordResponseSchema>;

// Our additions.
export const logoutResponseSchema = successSchema;
export type LogoutResponse = z.output<typeof logoutResponseSchema>;
/** Public sign-in configuration: the Google button is shown only when a client id is configured. */
export const authConfigResponseSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.output<typeof authConfigResponseSchema>;
