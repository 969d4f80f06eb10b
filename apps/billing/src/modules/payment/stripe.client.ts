import Stripe from 'stripe';
import type { StripeConfig } from '../../env';

/**
 * The official SDK, pointed at STRIPE_API_BASE when set (tests run a local server that speaks
 * Stripe's wire format). One network retry: the SDK sends an idempotency key, so a retried create
 * does not make a second session.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}
export type { Stripe };
