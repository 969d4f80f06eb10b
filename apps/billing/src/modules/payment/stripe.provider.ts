import { DEMO_PLAN } from '@mnemo/contracts/api/payment';
import { AppError } from '@mnemo/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutProvider } from './checkout.provider';
import { publicLink } from './checkout.provider';
import type { Stripe } from './stripe.client';

/** Checkout and the billing portal on Stripe's hosted pages. */
export function createStripeProvider({
  stripe,
  priceId,
  log,
}: {
  stripe: Pick<Stripe, 'checkout' | 'billingPortal'>;
  priceId: string;
  log: FastifyBaseLogger;
}): CheckoutProvider {
  return {
    kind: 'stripe',

    async createCheckout({ userId, referralCode, customerId, publicUrl }) {
      // The user and the referral code travel on the session and on the subscription, so every
      // webhook (checkout or subscription) can name the user even before we know the customer.
      const metadata: Record<string, string> = { userId, ...(referralCode ? { referralCode } : {}) };
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: priceId, quantity: 1 }],
          subscription_data: { trial_period_days: DEMO_PLAN.trialDays, metadata },
          client_reference_id: userId,
          metadata,
          // An earlier customer is reused; otherwise Checkout asks for the e-mail (docs/decisions.md).
          ...(customerId ? { customer: customerId } : {}),
          success_url: publicLink(publicUrl, '/settings?payment=success'),
          cancel_url: publicLink(publicUrl, '/settings?payment=canceled'),
        });
        if (!session.url) throw new Error('Stripe answered a checkout session without a url');
        return { checkoutUrl: session.url, sessionId: session.id };
      } catch (err) {
        log.error({ err, userId }, 'Stripe refused the checkout session');
        throw new AppError('BAD_GATEWAY', 'Failed to create checkout session', { cause: err });
      }
    },

    async createPortal({ userId, customerId, publicUrl }) {
      if (!customerId) throw noBillingAccount();
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: publicLink(publicUrl, '/settings'),
        });
        return { portalUrl: session.url };
      } catch (err) {
        log.error({ err, userId }, 'Stripe refused the billing portal session');
        throw new AppError('BAD_GATEWAY', 'Failed to create billing portal session', { cause: err });
      }
    },
  };
}

export const noBillingAccount = () =>
  new AppError('NO_BILLING_ACCOUNT', 'There is no subscription to manage yet. Start the free trial first.');
