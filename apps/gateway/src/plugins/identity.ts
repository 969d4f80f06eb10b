import fp from 'fastify-plugin';
import { ANONYMOUS_SESSION_HEADER } from '@mnemo/contracts/identity';
import type { IdentityResolver } from '../modules/identity/identity.service';

/**
 * Sets request.identity for every /api request. EventSource cannot send headers, so the progress
 * stream also accepts the token or anonymous session id as query parameters.
 */
export const identityPlugin = fp<{ resolver: IdentityResolver; onAnonymous?: (anonId: string) => Promise<void> }>(
  async (app, { resolver, onAnonymous }) => {
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) {
        request.identity = { kind: 'none' };
        return;
      }
      const query = (request.query ?? {}) as Record<string, unknown>;
      const fromQuery = request.url.startsWith('/api/ai/progress/');
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const queryToken = fromQuery && typeof query.token === 'string' ? `Bearer ${query.token}` : undefined;
      const queryAnon = fromQuery && typeof query.anonymousSession === 'string' ? query.anonymousSession : undefined;
      request.identity = await resolver.resolve({
        authorization: header('authorization') ?? queryToken,
        anonymousSession: header(ANONYMOUS_SESSION_HEADER) ?? queryAnon,
      });
      if (request.identity.kind === 'anonymous' && onAnonymous) await onAnonymous(request.identity.anonId);
    });
  },
  { name: 'identity' },
);
