import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { exactlyOneOwner, ownerColumns } from './owner';
import { createdAt, updatedAt } from './columns';

export const subscriptionStatusEnum = pgEnum('subscription_status', [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'free',
]);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    status: subscriptionStatusEnum('status').notNull().default('free'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * When the Stripe event whose state this row holds was created. Stripe does not deliver events
     * in order; an event older than this one must not overwrite a newer state.
     */
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_uq').on(t.userId),
    uniqueIndex('subscriptions_customer_uq').on(t.stripeCustomerId),
    uniqueIndex('subscriptions_stripe_sub_uq').on(t.stripeSubscriptionId),
  ],
);

/** Every Stripe event id we handled, so a redelivered webhook is a no-op. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const monthlyUsage = pgTable(
  'monthly_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    /** First day of the month (UTC). */
    month: date('month').notNull(),
    processedBytes: bigint('processed_bytes', { mode: 'number' }).notNull().default(0),
    sourcesProcessed: integer('sources_processed').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('monthly_usage_one_owner', exactlyOneOwner(t)),
    uniqueIndex('monthly_usage_user_month_uq').on(t.ownerUserId, t.month),
    uniqueIndex('monthly_usage_anon_month_uq').on(t.ownerAnonId, t.month),
  ],
);

/**
 * One row per source processing that counted towards its owner's monthly usage. The key (source,
 * attempt) makes reporting idempotent: a retried job or a redelivered report counts once. No
 * foreign key to sources: the deck service owns them, and a removed source still counted.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    sourceId: uuid('source_id').notNull(),
    attempt: integer('attempt').notNull(),
    /** First day of the month (UTC) the bytes were counted in. */
    month: date('month').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('usage_records_one_owner', exactlyOneOwner(t)),
    uniqueIndex('usage_records_source_attempt_uq').on(t.sourceId, t.attempt),
  ],
);

export type SubscriptionStatus = (typeof subscriptionStatusEnum.enumValues)[number];
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type StripeEvent = typeof stripeEvents.$inferSelect;
export type NewStripeEvent = typeof stripeEvents.$inferInsert;
export type MonthlyUsage = typeof monthlyUsage.$inferSelect;
export type UsageRecord = typeof usageRecords.$inferSelect;
export type NewMonthlyUsage = typeof monthlyUsage.$inferInsert;
