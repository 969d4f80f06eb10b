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
    app.addHook('onRequest', async (request) => {
      if (request.identity?.kind !== 'anonymous') return;
      let hit: Awaited<ReturnType<AddressCounter['hit']>>;
      try {
        hit = await counter.hit(request.ip);
      } catch (error) {
        if (!isRedisUnavailable(error)) throw error;
        request.log.warn({ err: error }, 'Redis is unavailable: the guest address limit is not counted');
        return;
      }
      const { count, resetSeconds } = hit;
      if (count > perMinute) {
        throw new AppError('RATE_LIMITED', `Too many requests from this address. Please try again in ${resetSeconds} seconds.`);
      }
    });
  },
  { name: 'guest-address-limit', dependencies: ['identity'] },
);
