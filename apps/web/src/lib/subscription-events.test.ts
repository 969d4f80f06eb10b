import { describe, expect, it } from 'vitest';
import { emitSubscriptionUpdated, onSubscriptionUpdated } from './subscription-events';

describe('subscription-updated event', () => {
  it('reaches a listener with the new flag until it unsubscribes', () => {
    const target = new EventTarget();
    const heard: boolean[] = [];
    const stop = onSubscriptionUpdated((d) => heard.push(d.hasActiveSubscription), target);
    emitSubscriptionUpdated({ hasActiveSubscription: true }, target);
    stop();
    emitSubscriptionUpdated({ hasActiveSubscription: false }, target);
    expect(heard).toEqual([true]);
  });

  it('ignores an event of that name without a flag', () => {
    const target = new EventTarget();
    const heard: boolean[] = [];
    onSubscriptionUpdated((d) => heard.push(d.hasActiveSubscription), target);
    target.dispatchEvent(new CustomEvent('subscription-updated', { detail: null }));
    expect(heard).toEqual([]);
  });
});
