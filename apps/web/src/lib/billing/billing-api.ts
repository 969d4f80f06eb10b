import {
  billingPortalResponseSchema,
  demoCheckoutResponseSchema,
  demoCompleteResponseSchema,
  demoSubscriptionResponseSchema,
  usageResponseSchema,
  type DemoCheckoutResponse,
  type DemoCompleteResponse,
  type DemoSubscriptionResponse,
  type UsageResponse,
} from '@mnemo/contracts/api/payment';
import { api, isApiError, serverErrorField } from '../api';

/** Spec 01 §8: the payment messages. */
export const BILLING_MESSAGES = {
  authRequired: 'Authentication required',
  checkout: 'Failed to create checkout session',
  portal: 'Failed to create billing portal session',
  usage: 'Failed to fetch usage data',
} as const;

/**
 * The message for a failed payment call: 'Authentication required' when the server refused the
 * caller, otherwise the spec's message for that call (a server's own wording of a 5xx is hidden).
 */
export function billingErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 401) return BILLING_MESSAGES.authRequired;
  return fallback;
}

/** The demo pages show the server's reason (expired, not found, already used) when it gave one. */
export function demoErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 401) return BILLING_MESSAGES.authRequired;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return serverErrorField(error) ?? fallback;
  }
  return fallback;
}

/** GET /payment/usage: the subscription flag and this month's usage (spec 01 §3). */
export function fetchUsage(signal?: AbortSignal): Promise<UsageResponse> {
  return api.get('/payment/usage', { signal, schema: usageResponseSchema });
}

/**
 * POST /payment/create-billing-portal, then the browser goes to the portal (Stripe's, or the demo
 * portal). Throws an Error with the spec's message on failure.
 */
export async function openBillingPortal(
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  let portalUrl: string;
  try {
    portalUrl = (
      await api.post('/payment/create-billing-portal', undefined, {
        schema: billingPortalResponseSchema,
      })
    ).portalUrl;
  } catch (error) {
    throw new Error(billingErrorMessage(error, BILLING_MESSAGES.portal), { cause: error });
  }
  navigate(portalUrl);
}

export function fetchDemoCheckout(
  sessionId: string,
  signal?: AbortSignal,
): Promise<DemoCheckoutResponse> {
  return api.get(`/payment/demo/checkout/${encodeURIComponent(sessionId)}`, {
    signal,
    schema: demoCheckoutResponseSchema,
  });
}

export function completeDemoCheckout(sessionId: string): Promise<DemoCompleteResponse> {
  return api.post(`/payment/demo/checkout/${encodeURIComponent(sessionId)}/complete`, undefined, {
    schema: demoCompleteResponseSchema,
  });
}

export function fetchDemoSubscription(signal?: AbortSignal): Promise<DemoSubscriptionResponse> {
  return api.get('/payment/demo/subscription', { signal, schema: demoSubscriptionResponseSchema });
}

export function cancelDemoSubscription(): Promise<DemoSubscriptionResponse> {
  return api.post('/payment/demo/subscription/cancel', undefined, {
    schema: demoSubscriptionResponseSchema,
  });
}

/** Statuses that count as a paying subscription (the server's hasActiveSubscription). */
export function isPaying(status: string): boolean {
  return status === 'active' || status === 'trialing';
}
