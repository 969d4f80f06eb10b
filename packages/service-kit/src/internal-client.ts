import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@mnemo/contracts/identity';
import { AppError } from './errors';
import { signIdentity } from './identity';
import { currentTraceCarrier, type TraceCarrier } from './trace';

type CallOptions = {
  requestId?: string | undefined;
  /**
   * The trace the call continues. Without it, the active span's (async context): a process that
   * does not make its requests' spans active (the gateway, see TracingOptions.activeContext)
   * passes its request's here.
   */
  trace?: TraceCarrier | undefined;
};

/**
 * Calls another service's internal API as a service (never on a user's behalf), over HTTP with the
 * signed identity header. Services never import each other: this and @mnemo/contracts are the link.
 */
export function createInternalClient({ baseUrl, secret, service, timeoutMs = 10_000 }: { baseUrl: string; secret: string; service: string; timeoutMs?: number }) {
  const root = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, { requestId, trace }: CallOptions): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          [IDENTITY_HEADER]: signIdentity({ kind: 'service', service }, secret),
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
          // The caller's span (given, or the active one: a request, a job) becomes the parent of the callee's.
          ...(trace ?? currentTraceCarrier()),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', `Internal call to ${path} failed`, { cause });
    }
    const text = await res.text();
    if (!res.ok) throw new AppError('SERVICE_UNAVAILABLE', `Internal call to ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    post<T = unknown>(path: string, body: unknown, options: CallOptions = {}): Promise<T> {
      return call<T>('POST', path, body, options);
    },
    get<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
      return call<T>('GET', path, undefined, options);
    },
  };
}
export type InternalClient = ReturnType<typeof createInternalClient>;

/** Guard for internal routes: only another service may call them. */
export function requireService(identity: { kind: string }) {
  if (identity.kind !== 'service') throw new AppError('NOT_FOUND', 'Not found');
}
