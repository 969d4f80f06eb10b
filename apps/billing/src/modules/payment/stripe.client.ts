import type Stripe from 'stripe';
import type { StripeConfig } from '../../env';

/**
 * The official SDK, pointed at STRIPE_API_BASE when set (tests run a local server that speaks
 * Stripe's wire format). One network retry: the SDK sends an idempotency key, so a retried create
 * does not make a second session.
 * The SDK is imported here, when Stripe is configured, not with the module: without a key (the
 * demo billing of `npm start`) the service never loads its ~3 MB of heap (issue 25, idle memory).
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new StripeSdk(config.secretKey, {
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
