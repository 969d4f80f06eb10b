import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@mnemo/contracts/errors';

export type AppErrorOptions = {
  /** Extra fields the client reads at the top level of the body (limitReached, shouldClearToken, userId). */
  flags?: { limitReached?: boolean; shouldClearToken?: boolean; userId?: string };
  details?: unknown;
  cause?: unknown;
};

/** The one error type services throw; the error handler turns its code into a status and body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly flags: AppErrorOptions['flags'];
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.flags = options.flags;
    this.details = options.details;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthenticated = (message = 'Authentication required') =>
  new AppError('UNAUTHENTICATED', message);

/**
 * An error from a library (the AI layer, say) that knows the service error code it stands for and
 * the words a caller may read, while its own `message` is a diagnostic for the log.
 */
export type PublicError = Error & {
  publicCode: ErrorCode;
  publicMessage: string;
  retryAfterSeconds?: number | undefined;
};

export const isPublicError = (e: unknown): e is PublicError =>
  e instanceof Error &&
  typeof (e as Partial<PublicError>).publicMessage === 'string' &&
  typeof (e as Partial<PublicError>).publicCode === 'string' &&
  (e as PublicError).publicCode in ERROR_STATUS;

/**
 * The JSON body of every error answer (contracts' `errorBodySchema`): `error` and `message` carry
 * the same words because the spec's client reads either. The one place the body is shaped: the
 * error handler, the gateway's own answers (upstream down, rate limit, admin 404) use it.
 */
export function errorBody(code: ErrorCode, message: string, requestId?: string): ErrorBody {
  return requestId === undefined
    ? { success: false, error: message, message, code }
    : { success: false, error: message, message, code, requestId };
}
