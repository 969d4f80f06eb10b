import fp from 'fastify-plugin';
import { ANONYMOUS_SESSION_HEADER } from '@mnemo/contracts/identity';
import { spanTraceCarrier } from '@mnemo/service-kit';
import type { IdentityResolver } from '../modules/identity/identity.service';
import { ISSUE_ANONYMOUS_SESSION_PATH } from '../modules/identity/anonymous.routes';

const headerOf = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
/** The issuing path, with or without a query string. */
const isIssuePath = (url: string) =>
  url.startsWith(ISSUE_ANONYMOUS_SESSION_PATH) &&
  (url.length === ISSUE_ANONYMOUS_SESSION_PATH.length || url.charCodeAt(ISSUE_ANONYMOUS_SESSION_PATH.length) === 63); /* '?' */

/**
 * Sets request.identity for every /api request, from headers only: a login token or guest session
 * id in a URL would land in browser history and access logs. The progress stream, which a browser
 * opens without headers, takes a short-lived ticket instead (modules/progress).
 */
export const identityPlugin = fp<{ resolver: IdentityResolver }>(
  async (app, { resolver }) => {
    // A callback hook: a guest's call or one without a session is resolved synchronously, and only a bearer
    // token (Redis, the plan) waits for a promise; an async hook cost every call a promise and a
    // microtask turn (issue 25).
    app.addHook('onRequest', (request, _reply, done) => {
      // Asking for a guest id works whatever (stale, forged) identity the client still sends.
      const url = request.url;
      if (!url.startsWith('/api/') || isIssuePath(url)) {
        request.identity = { kind: 'none' };
        done();
        return;
      }
      let resolved: ReturnType<IdentityResolver['resolve']>;
      try {
        resolved = resolver.resolve({
          authorization: headerOf(request.headers.authorization),
          anonymousSession: headerOf(request.headers[ANONYMOUS_SESSION_HEADER]),
          // Only a bearer token's plan asks billing; the gateway's request span is not the active
          // context (app.ts), so the trace is handed on.
          trace: request.headers.authorization === undefined ? undefined : spanTraceCarrier(request.span),
        });
      } catch (error) {
        done(error as Error);
        return;
      }
      if (resolved instanceof Promise) {
        resolved.then(
          (identity) => {
            request.identity = identity;
            done();
          },
          (error: Error) => done(error),
        );
        return;
      }
      request.identity = resolved;
      done();
    });
  },
  { name: 'identity' },
);
