import { ERROR_STATUS, type ErrorCode } from '@mnemo/contracts/errors';

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
