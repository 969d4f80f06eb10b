import fp from 'fastify-plugin';
import { ANONYMOUS_SESSION_HEADER } from '@mnemo/contracts/identity';
import type { IdentityResolver } from '../modules/identity/identity.service';
import { ISSUE_ANONYMOUS_SESSION_PATH } from '../modules/identity/anonymous.routes';

/**
 * Sets request.identity for every /api request, from headers only: a login token or guest session
 * id in a URL would land in browser history and access logs. The progress stream, which a browser
 * opens without headers, takes a short-lived ticket instead (modules/progress).
 */
export const identityPlugin = fp<{ resolver: IdentityResolver }>(
  async (app, { resolver }) => {
    app.addHook('onRequest', async (request) => {
      // Asking for a guest id works whatever (stale, forged) identity the client still sends.
      if (!request.url.startsWith('/api/') || request.url.split('?')[0] === ISSUE_ANONYMOUS_SESSION_PATH) {
        request.identity = { kind: 'none' };
        return;
      }
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      request.identity = await resolver.resolve({
        authorization: header('authorization'),
        anonymousSession: header(ANONYMOUS_SESSION_HEADER),
      });
    });
  },
  { name: 'identity' },
);
