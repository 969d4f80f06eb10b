import type { z } from 'zod';
import { errorBodySchema, type ErrorBody } from '@mnemo/contracts/errors';
import { ANONYMOUS_SESSION_HEADER, isIssuedAnonymousSession } from '@mnemo/contracts/identity';
import { issueAnonymousSessionResponseSchema } from '@mnemo/contracts/api/auth';
import { sessionStore, type SessionStore } from './session/session-store';

/** Codes the client invents for failures that never reached a server answer. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'UNKNOWN';

/** A failed call. `accessDenied` (HTTP 403) makes the shared handler redirect to /create-flashcards. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorBody['code'] | ClientErrorCode;
  readonly requestId: string | undefined;
  readonly limitReached: boolean;
  readonly accessDenied: boolean;
  readonly body: unknown;

  constructor(init: {
    status: number;
    message: string;
    code: ErrorBody['code'] | ClientErrorCode;
    requestId?: string | undefined;
    limitReached?: boolean | undefined;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.limitReached = init.limitReached ?? false;
    this.accessDenied = init.status === 403;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The `error` field of a server's error answer, when there was an answer with one. */
export function serverErrorField(error: unknown): string | null {
  if (!isApiError(error) || error.status === 0) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const field = (body as { error?: unknown }).error;
  return typeof field === 'string' && field.trim() !== '' ? field : null;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Validates the answer; a mismatch fails with code INVALID_RESPONSE. */
  schema?: z.ZodType<T>;
  /**
   * A file download: a successful answer is returned as a Blob, not read as JSON (downloads need
   * the caller's headers, so a plain link cannot fetch them).
   */
  download?: true;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  delete<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  /**
   * Makes sure the stored guest id is one the server issued, asking POST /auth/anonymous-sessions
   * for one when it is not (or `renew` is set). True when an issued id is stored afterwards.
   */
  ensureGuestSession(options?: { renew?: boolean }): Promise<boolean>;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  store?: SessionStore;
  /** Every call goes through the same origin's /api (the gateway, or Vite's proxy in development). */
  baseUrl?: string;
}

/** The headers that say who is calling: a bearer token if there is one, else the anonymous session. */
export function identityHeaders(
  store: Pick<SessionStore, 'getToken' | 'getAnonymousSession'>,
): Record<string, string> {
  const token = store.getToken();
  if (token) return { Authorization: `Bearer ${token}` };
  const anonymous = store.getAnonymousSession();
  return anonymous ? { [ANONYMOUS_SESSION_HEADER]: anonymous.sessionId } : {};
}

function buildUrl(
  baseUrl: string,
  path: string,
  query: Record<string, QueryValue> | undefined,
): string {
  let url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  try {
    if (type.includes('json')) return await response.json();
    const text = await response.text();
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      message: parsed.data.error || parsed.data.message,
      code: parsed.data.code,
      requestId: parsed.data.requestId,
      limitReached: parsed.data.limitReached,
      body,
    });
  }
  // A body that is not the contract shape (a proxy's error page, an older service): keep what helps.
  const loose = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text =
    typeof loose.error === 'string'
      ? loose.error
      : typeof loose.message === 'string'
        ? loose.message
        : '';
  return new ApiError({
    status: response.status,
    message: text || `Request failed with status ${response.status}`,
    code: 'UNKNOWN',
    limitReached: loose.limitReached === true,
    body,
  });
}

function errorCodeOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
}

function wantsTokenCleared(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { shouldClearToken?: unknown }).shouldClearToken === true
  );
}

/**
 * The one HTTP client of the web app. On a 401 whose body says shouldClearToken it drops the stored
 * token and retries the call once as the anonymous session (spec 01 §4.1). Guest ids come from the
 * server: a 401 ANONYMOUS_SESSION_INVALID (a stale or locally made id) gets a new one and one retry.
 */
export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const store = deps.store ?? sessionStore;
  const baseUrl = deps.baseUrl ?? '/api';

  async function send(url: string, options: RequestOptions<unknown>): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...identityHeaders(store),
    };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    try {
      return await doFetch(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({
        status: 0,
        message: 'Could not reach the server',
        code: 'NETWORK_ERROR',
        body: cause,
      });
    }
  }

  // One issuing call at a time: the calls of a page that all learn their guest id is refused
  // share the new id instead of each taking one of the address's hourly allowance.
  let issuing: Promise<boolean> | null = null;
  async function issueGuest(): Promise<boolean> {
    try {
      const response = await doFetch(`${baseUrl}/auth/anonymous-sessions`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        credentials: 'include',
      });
      if (!response.ok) return false;
      const parsed = issueAnonymousSessionResponseSchema.safeParse(await readBody(response));
      if (!parsed.success) return false;
      return store.setAnonymousSession(parsed.data.sessionId, parsed.data.createdAt) !== null;
    } catch {
      return false;
    }
  }
  function ensureGuestSession({ renew = false }: { renew?: boolean } = {}): Promise<boolean> {
    const stored = store.getAnonymousSession();
    if (!renew && stored && isIssuedAnonymousSession(stored.sessionId)) return Promise.resolve(true);
    if (!issuing) {
      const pending = issueGuest();
      issuing = pending;
      void pending.finally(() => {
        if (issuing === pending) issuing = null;
      });
    }
    return issuing;
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const url = buildUrl(baseUrl, path, options.query);
    const sentToken = store.getToken() !== null;
    const sentGuest = store.getAnonymousSession()?.sessionId;
    let response = await send(url, options as RequestOptions<unknown>);
    if (options.download && response.ok) return (await response.blob()) as T;
    let body = await readBody(response);

    if (response.status === 401 && sentToken && wantsTokenCleared(body)) {
      store.clearToken();
      // A locally made id is refused below and traded for an issued one: one more round trip, once.
      store.ensureAnonymousSession();
      response = await send(url, options as RequestOptions<unknown>);
      body = await readBody(response);
    }

    if (
      response.status === 401 &&
      store.getToken() === null &&
      errorCodeOf(body) === 'ANONYMOUS_SESSION_INVALID'
    ) {
      const refused = store.getAnonymousSession()?.sessionId;
      // Another call may have replaced the refused id already; only then is no new one needed.
      const renewed = await ensureGuestSession({ renew: refused === sentGuest });
      if (renewed) {
        response = await send(url, options as RequestOptions<unknown>);
        body = await readBody(response);
      }
    }

    if (!response.ok) throw errorFrom(response, body);
    if (options.download) return (await response.blob()) as T;
    if (!options.schema) return body as T;
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        message: 'Received an unexpected response from the server.',
        code: 'INVALID_RESPONSE',
        body,
      });
    }
    return parsed.data;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, body, options) => request(path, { ...options, method: 'DELETE', body }),
    ensureGuestSession,
  };
}

/** The browser's client. */
export const api = createApiClient();
