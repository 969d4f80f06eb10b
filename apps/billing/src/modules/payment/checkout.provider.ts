/**
 * Where checkout and the billing portal happen: Stripe's hosted pages, or the local demo pages when
 * Stripe is not configured. The payment service does not care which.
 */
export type CheckoutProvider = {
  kind: 'stripe' | 'demo';
  /** `publicUrl`: where this caller reaches Mnemo (publicUrlOf), for the links back to it. */
  createCheckout(input: {
    userId: string;
    referralCode: string | null;
    customerId: string | null;
    publicUrl: string;
  }): Promise<{ checkoutUrl: string; sessionId: string }>;
  /** Only called for a user who has a billing account (a Stripe customer, or a demo subscription). */
  createPortal(input: { userId: string; customerId: string | null; publicUrl: string }): Promise<{ portalUrl: string }>;
};

/** `${publicUrl}/path`, whether or not publicUrl ends with a slash. */
export const publicLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;
