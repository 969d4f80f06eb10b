import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDENTITY_HEADER, type Identity } from '@mnemo/contracts/identity';
import { AppError } from '../errors';
import { createIdentityVerifier } from '../identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as the gateway saw it; `{kind: 'none'}` on public routes without one. */
    identity: Identity;
    /** The address the caller's browser used, from the gateway's signed envelope; null when not given. */
    publicOrigin: string | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed identity (health, metrics, webhooks). */
    public?: boolean;
  }
}

/**
 * The caller of every request from the gateway's signed identity header: a request without a valid
 * one is refused (401) unless its route is public. `secret: null` is the gateway's case: it
 * resolves identity itself and only gets the request fields here.
 */
export function identityPlugin(app: FastifyInstance, { secret }: { secret: string | null }) {
  // Decorated with null (fastify wants reference types set per request); the hook always sets it.
  app.decorateRequest('identity', null as never);
  app.decorateRequest('publicOrigin', null);
  if (secret === null) return;
  const verifyIdentity = createIdentityVerifier(secret);
  // A callback hook: the check is synchronous, and an async hook would cost every request a promise
  // and a microtask turn (issue 25).
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const header = request.headers[IDENTITY_HEADER];
    if (typeof header !== 'string' || header === '') {
      if (request.routeOptions.config?.public) {
        request.identity = { kind: 'none' };
        done();
        return;
      }
      // Services sit behind the gateway; a call without its signed identity did not come through it.
      done(new AppError('IDENTITY_INVALID', 'Missing caller identity'));
      return;
    }
    const result = verifyIdentity(header);
    if (!result.ok) {
      request.log.warn({ reason: result.reason }, 'refused forged or stale identity header');
      done(new AppError('IDENTITY_INVALID', 'Invalid caller identity'));
      return;
    }
    request.identity = result.identity;
    request.publicOrigin = result.origin ?? null;
    done();
  });
}

/**
 * Where links given to this caller's browser point: the configured PUBLIC_URL when there is one (a
 * deployment with a fixed address; a forged Host then changes nothing), else the address the
 * browser used as the gateway signed it. Without either there is no honest answer.
 */
export function publicUrlOf(request: FastifyRequest, configured: string | undefined): string {
  const base = configured ?? request.publicOrigin;
  if (!base) throw new AppError('INTERNAL', 'The public address of this request is unknown: set PUBLIC_URL');
  return base.replace(/\/+$/, '');
}

/** Guards for route handlers. */
export function requireUser(request: FastifyRequest) {
  if (request.identity.kind !== 'user')
    throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.identity;
}

/** A user or an anonymous session: the owner of whatever the caller creates. */
export function requireOwner(request: FastifyRequest) {
  const id = request.identity;
  if (id.kind === 'user') return { userId: id.userId } as const;
  if (id.kind === 'anonymous') return { anonId: id.anonId } as const;
  throw new AppError('UNAUTHENTICATED', 'A session is required: sign in or continue as a guest');
}
