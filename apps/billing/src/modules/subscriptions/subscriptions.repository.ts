import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { stripeEvents, subscriptions, type SubscriptionStatus } from '@mnemo/db/schema';

/** What a subscription row holds about its state; every source of change writes exactly this. */
export type SubscriptionState = {
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
};

export function createSubscriptionsRepository({ db }: { db: Db }) {
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    async findByUser(userId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    async findByCustomer(customerId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId));
      return row ?? null;
    },

    /** Locks the user's row (if any) for the rest of the transaction, so two events apply in turn. */
    async lockByUser(tx: Tx, userId: string) {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
      return row ?? null;
    },

    /**
     * Writes the state onto the user's row, creating it. `stateAt` is when the change happened (a
     * Stripe event's creation time), kept so an older event arriving later can be recognised.
     */
    async upsert(tx: Tx, userId: string, state: SubscriptionState, stateAt: Date) {
      const values = {
        status: state.status,
        trialEnd: state.trialEnd,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stateAt,
        ...(state.stripeCustomerId !== undefined ? { stripeCustomerId: state.stripeCustomerId } : {}),
        ...(state.stripeSubscriptionId !== undefined ? { stripeSubscriptionId: state.stripeSubscriptionId } : {}),
      };
      const [row] = await tx
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },

    /**
     * Marks a Stripe event handled, in the caller's transaction. False when it was handled before:
     * the caller then changes nothing (a redelivered or replayed event).
     */
    async recordEvent(tx: Tx, event: { id: string; type: string }) {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, processedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
