/**
 * Spec 01 §4.4: "If the subscription flag changed on reload, a subscription-updated event is
 * emitted (listeners refresh the cached status)". A DOM event on window, so a listener in any
 * feature (the sidebar's plan, the creation page's limits) hears it without a shared store.
 */
export const SUBSCRIPTION_UPDATED_EVENT = 'subscription-updated';

export interface SubscriptionUpdatedDetail {
  hasActiveSubscription: boolean;
}

export function emitSubscriptionUpdated(
  detail: SubscriptionUpdatedDetail,
  target: EventTarget = window,
): void {
  target.dispatchEvent(
    new CustomEvent<SubscriptionUpdatedDetail>(SUBSCRIPTION_UPDATED_EVENT, { detail }),
  );
}

/** Calls `listener` on every subscription-updated event; returns the unsubscribe function. */
export function onSubscriptionUpdated(
  listener: (detail: SubscriptionUpdatedDetail) => void,
  target: EventTarget = window,
): () => void {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<Partial<SubscriptionUpdatedDetail> | null>).detail;
    if (typeof detail?.hasActiveSubscription === 'boolean') {
      listener({ hasActiveSubscription: detail.hasActiveSubscription });
    }
  };
  target.addEventListener(SUBSCRIPTION_UPDATED_EVENT, handle);
  return () => target.removeEventListener(SUBSCRIPTION_UPDATED_EVENT, handle);
}
