import fp from 'fastify-plugin';
import { AppError } from '@mnemo/service-kit';
import type { AddressCounter } from '../modules/identity/address-counter';

/**
 * Guests are limited per guest (the rate-limit plugin) and, here, per client address as well: all
 * guests behind one address share `perMinute` requests, so holding many issued ids buys no extra
 * throughput. Signed-in users are not counted here (their account is the unit).
 */
export const guestAddressLimitPlugin = fp<{ counter: AddressCounter; perMinute: number }>(
  async (app, { counter, perMinute }) => {
    app.addHook('onRequest', async (request) => {
      if (request.identity?.kind !== 'anonymous') return;
      const { count, resetSeconds } = await counter.hit(request.ip);
      if (count > perMinute) {
        throw new AppError('RATE_LIMITED', `Too many requests from this address. Please try again in ${resetSeconds} seconds.`);
      }
    });
  },
  { name: 'guest-address-limit', dependencies: ['identity'] },
);
