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
  /** Text with a character Postgres cannot store (U+0000, a lone surrogate): see text.ts. */
  INVALID_CHARACTER: 400,
  /** A link that is not an http(s) URL the server can fetch. */
  INVALID_URL: 400,
  /** A link to a private, loopback or metadata address: refused before anything is fetched. */
  SSRF_BLOCKED: 400,
  /** A Stripe webhook whose signature does not verify. */
  WEBHOOK_SIGNATURE_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  GOOGLE_TOKEN_INVALID: 401,
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  /** A progress-stream ticket that is unknown, used already, expired, or for another source. */
  TICKET_INVALID: 401,
  IDENTITY_INVALID: 401,
  /**
   * An anonymous-session header the gateway did not issue (a bare UUID, a forged or damaged
   * signature): the client asks POST /api/auth/anonymous-sessions for a new id and retries.
   */
  ANONYMOUS_SESSION_INVALID: 401,
  LIMIT_REACHED: 402,
  /** The AI provider refused for lack of credit; the spec's chat client maps 402 to its credit message. */
  AI_OUT_OF_CREDIT: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** An override of a question the caller has no review of (issue 20). */
  REVIEW_NOT_FOUND: 404,
  /**
   * A well-formed class join code that opens no class: unknown, rotated away or turned off, one
   * answer for all three so codes cannot be probed (issue 23).
   */
  JOIN_CODE_INVALID: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** Sign-in to an account whose e-mail is not verified yet; the body carries userId. */
  EMAIL_NOT_VERIFIED: 409,
  /** A second stream on a chat that is still streaming ('A stream is already in progress'). */
  STREAM_IN_PROGRESS: 409,
  /** Adding a source while another is still pending or processing (spec 02 §5). */
  SOURCES_PENDING: 409,
  /** A billing portal for a user who never had a Stripe customer. */
  NO_BILLING_ACCOUNT: 409,
  /** An override more than ten minutes after the review it would change (issue 20). */
  REVIEW_OVERRIDE_EXPIRED: 409,
  /** Joining a class the caller is already a member of (issue 23). */
  ALREADY_IN_CLASS: 409,
  /** A teacher joining their own class with its code (issue 23). */
  TEACHER_CANNOT_JOIN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An upload that is not a PDF or Word document (by content, not only by name). */
  UNSUPPORTED_FILE: 415,
  /**
   * An import file that cannot be read as the format it claims (a corrupt or non-Anki package, a
   * zip bomb, malformed CSV or JSON, too many lines or too long a cell): refused whole, nothing
   * written (issue 24). `details.reason` carries @mnemo/exchange's EXCHANGE_* code.
   */
  IMPORT_INVALID: 422,
  /** A source whose text could not be extracted (scanned PDF, broken file, page without text). */
  EXTRACTION_FAILED: 422,
  /** A video without captions to build cards from. */
  TRANSCRIPT_UNAVAILABLE: 422,
  RATE_LIMITED: 429,
  /** A caller already holds as many open progress streams as one caller may (gateway). */
  TOO_MANY_STREAMS: 429,
  /** The AI provider's rate limit, not ours. */
  AI_RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  /** This server sends no mail (MAIL_DISABLED): sign-up by e-mail, resets and mailed links are off. */
  MAIL_DISABLED: 503,
  /** The AI provider is overloaded ('high demand'); retrying later helps. */
  AI_OVERLOADED: 503,
  /** No AI provider answered or none is configured. */
  AI_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  AI_TIMEOUT: 504,
  /** The AI provider refused the request itself (too long, a model it does not serve). */
  AI_BAD_REQUEST: 502,
  /** The AI answered, twice, with something that is not the shape asked for. */
  AI_INVALID_OUTPUT: 502,
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
  /** With RATE_LIMITED and AI_RATE_LIMITED: seconds until a retry may succeed. */
  retryAfterSeconds: z.number().int().min(0).optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
