import { z } from 'zod';

/**
 * Every error code a Mnemo service may answer, with its HTTP status. Codes are stable: clients and
 * tests match on them, never on messages. A limit that a plan lifts is 402 rather than 403 because
 * the spec's client treats every 403 as "access denied" and redirects to /create-flashcards.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  RESET_TOKEN_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  GOOGLE_TOKEN_INVALID: 401,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  IDENTITY_INVALID: 401,
  LIMIT_REACHED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** Sign-in to an account whose e-mail is not verified yet; the body carries userId. */
  EMAIL_NOT_VERIFIED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/**
 * The body of every error answer. `error` carries the human message because the spec's client
 * shows "the server error field"; `message` repeats it for clients that read `message`.
 * `limitReached` and `shouldClearToken` are the flags the spec's client acts on.
 */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: errorCodeSchema,
  requestId: z.string().optional(),
  limitReached: z.boolean().optional(),
  shouldClearToken: z.boolean().optional(),
  /** With EMAIL_NOT_VERIFIED: the account to verify (the client opens the code dialog). */
  userId: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
