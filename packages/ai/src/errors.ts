import type { ErrorCode } from '@mnemo/contracts/errors';

/**
 * Why an AI call failed, independent of the provider. Services turn these into error codes
 * (`aiErrorCode`) and the chat maps them to the messages of spec 02 §8; the chat's
 * service-unavailable banner relies on them.
 */
export const AI_ERROR_KINDS = [
  'out_of_credit',
  'rate_limited',
  'overloaded',
  'unavailable',
  'bad_request',
  'timeout',
  'invalid_output',
  'aborted',
] as const;
export type AiErrorKind = (typeof AI_ERROR_KINDS)[number];

const CODES: Record<AiErrorKind, ErrorCode> = {
  out_of_credit: 'AI_OUT_OF_CREDIT',
  rate_limited: 'AI_RATE_LIMITED',
  overloaded: 'AI_OVERLOADED',
  unavailable: 'AI_UNAVAILABLE',
  bad_request: 'AI_BAD_REQUEST',
  timeout: 'AI_TIMEOUT',
  invalid_output: 'AI_INVALID_OUTPUT',
  aborted: 'AI_UNAVAILABLE',
};

export type AiErrorOptions = {
  provider?: string;
  /** The provider's HTTP status, when there was one. */
  status?: number;
  /** Seconds the provider asked us to wait (Retry-After), for rate limits. */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class AiError extends Error {
  readonly kind: AiErrorKind;
  readonly provider: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: AiErrorKind, message: string, options: AiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.provider = options.provider;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isAiError = (e: unknown): e is AiError => e instanceof AiError;

/** The service error code for an AI failure. */
export const aiErrorCode = (e: AiError): ErrorCode => CODES[e.kind];
