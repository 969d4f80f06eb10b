import { and, eq } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { monthlyUsage, subscriptions } from '@mnemo/db/schema';

export function createUsageRepository({ db }: { db: Db }) {
  return {
    async subscriptionOf(userId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },
    /** Bytes processed by the user in the month starting at `month` (first day, UTC). */
    async processedBytes(userId: string, month: string) {
      const [row] = await db
        .select({ bytes: monthlyUsage.processedBytes })
        .from(monthlyUsage)
        .where(and(eq(monthlyUsage.ownerUserId, userId), eq(monthlyUsage.month, month)));
      return Number(row?.bytes ?? 0);
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
