import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { DEMO_PLAN, type DemoCheckoutSession, type DemoSubscriptionResponse } from '@mnemo/contracts/api/payment';
import { AppError } from '@mnemo/service-kit';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { publicLink, type CheckoutProvider } from './checkout.provider';
import { noBillingAccount } from './stripe.provider';

const DAY_MS = 86_400_000;
const storedSessionSchema = z.object({ userId: z.string(), referralCode: z.string().nullable(), expiresAt: z.string() });

const sessionNotFound = () => new AppError('NOT_FOUND', 'This checkout session was not found or has expired');

/**
 * Demo billing, when Stripe is not configured: checkout sessions live in Redis (bound to the user,
 * single use, expiring), and completing one starts the 14-day trial through the same `apply` a
 * Stripe checkout completion goes through. No money moves; the pages say so.
 */
export function createDemoBilling({
  redis,
  prefix,
  ttlMinutes,
  subscriptions,
  now = () => new Date(),
}: {
  redis: Redis;
  prefix: string;
  ttlMinutes: number;
  subscriptions: Pick<SubscriptionsService, 'apply' | 'stateOf'>;
  now?: () => Date;
}) {
  const key = (id: string) => `${prefix}:billing:demo-checkout:${id}`;

  async function loadSession(userId: string, sessionId: string) {
    const raw = await redis.get(key(sessionId));
    const parsed = raw ? storedSessionSchema.safeParse(JSON.parse(raw)) : null;
    // Someone else's session is as unknown as one that never existed.
    if (!parsed?.success || parsed.data.userId !== userId) throw sessionNotFound();
    return parsed.data;
  }

  async function subscriptionView(userId: string): Promise<DemoSubscriptionResponse> {
    const state = await subscriptions.stateOf(userId);
    return {
      success: true,
      subscriptionStatus: state.status,
      trialEnd: state.trialEnd?.toISOString() ?? null,
      currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    };
  }

  const provider: CheckoutProvider = {
    kind: 'demo',
    async createCheckout({ userId, referralCode, publicUrl }) {
      const id = `demo_cs_${randomBytes(16).toString('hex')}`;
      const expiresAt = new Date(now().getTime() + ttlMinutes * 60_000).toISOString();
      await redis.set(key(id), JSON.stringify({ userId, referralCode, expiresAt }), 'EX', ttlMinutes * 60);
      return { checkoutUrl: publicLink(publicUrl, `/billing/demo-checkout?session=${id}`), sessionId: id };
    },
    async createPortal({ userId, publicUrl }) {
      // The demo's "customer" is anyone who ever started a subscription.
      if ((await subscriptions.stateOf(userId)).status === 'free') throw noBillingAccount();
      return { portalUrl: publicLink(publicUrl, '/billing/demo-portal') };
    },
  };

  return {
    provider,

    async session(userId: string, sessionId: string): Promise<{ success: true; session: DemoCheckoutSession }> {
      const stored = await loadSession(userId, sessionId);
      return { success: true, session: { id: sessionId, ...DEMO_PLAN, expiresAt: stored.expiresAt } };
    },

    /** Starts the trial, as Stripe's checkout.session.completed would. A session completes once. */
    async complete(userId: string, sessionId: string) {
      await loadSession(userId, sessionId);
      // Two sessions started while free: the second must not restart (lengthen) the running trial.
      if ((await subscriptions.stateOf(userId)).plan === 'scholar') {
        throw new AppError('CONFLICT', 'You already have a Scholar subscription. Manage it from Settings.');
      }
      if ((await redis.del(key(sessionId))) !== 1) throw sessionNotFound();
      const at = now();
      const trialEnd = new Date(at.getTime() + DEMO_PLAN.trialDays * DAY_MS);
      await subscriptions.apply(userId, { status: 'trialing', trialEnd, currentPeriodEnd: trialEnd, cancelAtPeriodEnd: false }, { at });
      return { success: true as const, subscriptionStatus: (await subscriptions.stateOf(userId)).status };
    },

    subscription: subscriptionView,

    /** Cancels at once (Stripe's portal would cancel at the period's end; the demo has no periods). */
    async cancel(userId: string): Promise<DemoSubscriptionResponse> {
      const state = await subscriptions.stateOf(userId);
      if (state.plan === 'scholar') {
        const at = now();
        await subscriptions.apply(
          userId,
          { status: 'canceled', trialEnd: state.trialEnd, currentPeriodEnd: at, cancelAtPeriodEnd: false },
          { at },
        );
      }
      return subscriptionView(userId);
    },
  };
}
export type DemoBilling = ReturnType<typeof createDemoBilling>;
