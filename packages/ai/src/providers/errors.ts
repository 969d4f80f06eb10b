import { AiError, isAiError, type AiErrorKind } from '../errors';
import type { ProviderName } from '../types';

/**
 * The one place where provider SDK errors become `AiError`s. Both SDKs are Stainless clients with
 * the same error shape (status, headers, the parsed error body), so one mapping serves both; only
 * the body differs: OpenAI `{message, type, param, code}`, Anthropic `{type, message}`.
 */

type SdkError = {
  status: number | undefined;
  headers: Headers | undefined;
  /** OpenAI: the body's `error` object. Anthropic: the whole body `{type: 'error', error}`. */
  error: unknown;
  message: string;
};

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * The error classes of the SDK a provider calls through, handed in by that provider's module. This
 * file imports neither SDK: the two cost ~20 MB of memory in every process that loads them (deck,
 * chat and the worker), and a process whose providers are all offline never needs them (issue 25).
 */
export type SdkErrorClasses = {
  APIError: ErrorClass;
  APIUserAbortError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
};

const isSdkApiError = (e: unknown, sdk: SdkErrorClasses | undefined): e is SdkError =>
  sdk !== undefined && e instanceof sdk.APIError;

const isAbort = (e: unknown, sdk: SdkErrorClasses | undefined) =>
  (sdk !== undefined && e instanceof sdk.APIUserAbortError) ||
  (e instanceof Error && e.name === 'AbortError');

// The SDKs' timeout error is a kind of connection error: asked first.
const isTimeout = (e: unknown, sdk: SdkErrorClasses | undefined) =>
  sdk !== undefined && e instanceof sdk.APIConnectionTimeoutError;

const isConnection = (e: unknown, sdk: SdkErrorClasses | undefined) =>
  sdk !== undefined && e instanceof sdk.APIConnectionError;

/** The provider's own error type and message, wherever its body keeps them. */
function bodyDetails(error: unknown): { type?: string; code?: string; message?: string } {
  if (!error || typeof error !== 'object') return {};
  const outer = error as Record<string, unknown>;
  // Anthropic keeps the details one level down; OpenAI's SDK has already unwrapped them.
  const inner =
    outer.type === 'error' && outer.error && typeof outer.error === 'object'
      ? (outer.error as Record<string, unknown>)
      : outer;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const details =
    inner.details && typeof inner.details === 'object'
      ? (inner.details as Record<string, unknown>)
      : {};
  const type = text(inner.type);
  const code = text(inner.code) ?? text(details.error_code);
  const message = text(inner.message);
  return { ...(type ? { type } : {}), ...(code ? { code } : {}), ...(message ? { message } : {}) };
}

/** Seconds from `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const OUT_OF_CREDIT_CODES = new Set([
  'insufficient_quota',
  'billing_hard_limit_reached',
  'contract_spend_limit_reached',
  'enforced_spend_limit_reached',
  'linked_organization_spend_limit_reached',
]);

function kindFor(status: number | undefined, details: ReturnType<typeof bodyDetails>): AiErrorKind {
  const message = details.message ?? '';
  if (
    status === 402 ||
    details.type === 'billing_error' ||
    details.type === 'insufficient_quota' ||
    (details.code !== undefined && OUT_OF_CREDIT_CODES.has(details.code)) ||
    /credit balance is too low/i.test(message)
  ) {
    return 'out_of_credit';
  }
  if (status === 529 || details.type === 'overloaded_error') return 'overloaded';
  if (status === 503 && /overloaded|high demand/i.test(message)) return 'overloaded';
  if (status === 429 || details.type === 'rate_limit_error') return 'rate_limited';
  if (status === 408 || status === 504 || details.type === 'timeout_error') return 'timeout';
  if (status === undefined || status >= 500) return 'unavailable';
  return 'bad_request';
}

/**
 * Turns whatever a provider call threw into an `AiError`. The message names the provider, the
 * status and the provider's own words, which is fit for logs; users see the spec's messages,
 * chosen by kind. `sdk`: the error classes of the SDK the call went through (without them, only
 * `AiError`s, aborts and anything else as unavailable are told apart).
 */
export function toAiError(
  error: unknown,
  provider: ProviderName,
  signal?: AbortSignal,
  sdk?: SdkErrorClasses,
): AiError {
  if (isAiError(error)) return error;
  if (signal?.aborted || isAbort(error, sdk)) {
    return new AiError('aborted', `${provider}: the request was cancelled`, {
      provider,
      cause: error,
    });
  }
  if (isTimeout(error, sdk)) {
    return new AiError('timeout', `${provider}: the request timed out`, { provider, cause: error });
  }
  if (isConnection(error, sdk)) {
    const cause = (error as Error).cause;
    const why = cause instanceof Error ? `: ${cause.message}` : '';
    return new AiError('unavailable', `${provider}: could not connect${why}`, {
      provider,
      cause: error,
    });
  }
  if (isSdkApiError(error, sdk)) {
    const details = bodyDetails(error.error);
    const kind = kindFor(error.status, details);
    const retryAfter = retryAfterSeconds(error.headers);
    const requestId = error.headers?.get('x-request-id') ?? error.headers?.get('request-id');
    const what = [details.type, details.code]
      .filter((v, i, all) => v && all.indexOf(v) === i)
      .join('/');
    const message =
      `${provider}: ${error.status ?? 'stream error'}` +
      (what ? ` ${what}` : '') +
      `: ${details.message ?? error.message}` +
      (requestId ? ` (request ${requestId})` : '');
    return new AiError(kind, message, {
      provider,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AiError('unavailable', `${provider}: ${message}`, { provider, cause: error });
}
