import { checkoutResponseSchema } from '@mnemo/contracts/api/payment';
import { api as defaultApi, type ApiClient } from '../api';
import { BILLING_MESSAGES, billingErrorMessage } from './billing-api';

/** Spec 01 §8: the message of a checkout that could not be started. */
export const CHECKOUT_FAILED_MESSAGE = BILLING_MESSAGES.checkout;

/**
 * The global the affiliate tracker's script sets on the page when the visitor arrived through an
 * affiliate link (spec 01 §7 names no global; see docs/decisions.md, "Billing and settings (web)").
 */
export const REFERRAL_GLOBAL = 'mnemoReferral';

/** The referral code the affiliate tracker left on `scope`, or null when there is none. */
export function readReferralCode(scope: object = globalThis): string | null {
  const value: unknown = (scope as Record<string, unknown>)[REFERRAL_GLOBAL];
  if (typeof value !== 'string') return null;
  const code = value.trim();
  return code === '' ? null : code.slice(0, 100);
}

export interface StartCheckoutDeps {
  api: Pick<ApiClient, 'post'>;
  /** Where the browser goes next (window.location.assign in the app). */
  navigate: (url: string) => void;
  /** Where the tracker's global lives (window in the app). */
  scope: object;
}

/**
 * Starts the Scholar checkout (spec 01 §7): POST /payment/create-checkout-session with the referral
 * code, then sends the browser to the checkout page it answers (Stripe's, or the local demo
 * checkout). Throws an Error saying 'Authentication required' when the server refused the caller,
 * else 'Failed to create checkout session' (spec 01 §8).
 */
export async function startCheckout(deps: Partial<StartCheckoutDeps> = {}): Promise<void> {
  const client = deps.api ?? defaultApi;
  const navigate = deps.navigate ?? ((url: string) => window.location.assign(url));
  const referralCode = readReferralCode(deps.scope ?? globalThis);
  let checkoutUrl: string;
  try {
    const answer = await client.post(
      '/payment/create-checkout-session',
      referralCode ? { referralCode } : {},
      {
        schema: checkoutResponseSchema,
      },
    );
    checkoutUrl = answer.checkoutUrl;
  } catch (error) {
    throw new Error(billingErrorMessage(error, CHECKOUT_FAILED_MESSAGE), { cause: error });
  }
  navigate(checkoutUrl);
}
