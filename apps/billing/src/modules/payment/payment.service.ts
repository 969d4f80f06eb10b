import type { BillingPortalResponse, CheckoutResponse } from '@mnemo/contracts/api/payment';
import { AppError } from '@mnemo/service-kit';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { CheckoutProvider } from './checkout.provider';

/** Checkout and the billing portal, on Stripe or on the demo pages (whichever provider is given). */
export function createPaymentService({
  provider,
  subscriptions,
}: {
  provider: CheckoutProvider;
  subscriptions: Pick<SubscriptionsService, 'stateOf'>;
}) {
  return {
    /** `publicUrl`: where this caller reaches Mnemo; checkout sends them back there. */
    async createCheckout(userId: string, referralCode: string | null, publicUrl: string): Promise<CheckoutResponse> {
      const state = await subscriptions.stateOf(userId);
      // A second checkout would start a second subscription (and bill twice).
      if (state.plan === 'scholar') {
        throw new AppError('CONFLICT', 'You already have a Scholar subscription. Manage it from Settings.');
      }
      const { checkoutUrl, sessionId } = await provider.createCheckout({
        userId,
        referralCode,
        customerId: state.stripeCustomerId,
        publicUrl,
      });
      return { success: true, checkoutUrl, sessionId };
    },

    async createPortal(userId: string, publicUrl: string): Promise<BillingPortalResponse> {
      const state = await subscriptions.stateOf(userId);
      const { portalUrl } = await provider.createPortal({ userId, customerId: state.stripeCustomerId, publicUrl });
      return { success: true, portalUrl };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
