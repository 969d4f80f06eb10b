import fp from 'fastify-plugin';
import { AppError } from '@mnemo/service-kit';
import { isRedisUnavailable } from '@mnemo/service-kit/plugins/redis';
import type { AddressCounter } from '../modules/identity/address-counter';

/**
 * Guests are limited per guest (the rate-limit plugin) and, here, per client address as well: all
 * guests behind one address share `perMinute` requests, so holding many issued ids buys no extra
 * throughput. Signed-in users are not counted here (their account is the unit).
 *
 * While Redis is unreachable the count is skipped (fail open), as the rate-limit plugin skips its
 * own: a guest's call needs no Redis at the gateway (its id is verified by signature), so it is
 * served like a call without a session. New guest ids are not issued meanwhile (anonymous.routes).
 */
export const guestAddressLimitPlugin = fp<{ counter: AddressCounter; perMinute: number }>(
  async (app, { counter, perMinute }) => {
    const refuse = (resetSeconds: number) =>
      new AppError('RATE_LIMITED', `Too many requests from this address. Please try again in ${resetSeconds} seconds.`);
    // A callback hook: every /api call runs it, most are not a guest's, and a guest far from the
    // limit is counted without Redis; an async hook cost each call a promise and a microtask turn.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.identity?.kind !== 'anonymous') {
        done();
        return;
      }
      const local = counter.hitLocally?.(request.ip);
      if (local) {
        done(local.count > perMinute ? refuse(local.resetSeconds) : undefined);
        return;
      }
      counter.hit(request.ip).then(
        ({ count, resetSeconds }) => done(count > perMinute ? refuse(resetSeconds) : undefined),
        (error: unknown) => {
          if (!isRedisUnavailable(error)) {
            done(error as Error);
            return;
          }
          request.log.warn({ err: error }, 'Redis is unavailable: the guest address limit is not counted');
          done();
        },
      );
    });
  },
  { name: 'guest-address-limit', dependencies: ['identity'] },
);
