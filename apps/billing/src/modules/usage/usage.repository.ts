import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { monthlyUsage, usageRecords } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';

export function createUsageRepository({ db }: { db: Db }) {
  return {
    /** Bytes processed by the owner in the month starting at `month` (first day, UTC). */
    async processedBytes(owner: Owner, month: string) {
      const [row] = await db
        .select({ bytes: monthlyUsage.processedBytes })
        .from(monthlyUsage)
        .where(and(ownedBy(monthlyUsage, owner), eq(monthlyUsage.month, month)));
      return Number(row?.bytes ?? 0);
    },

    /**
     * Counts one processed source towards the owner's month, once per (source, attempt): the record
     * and the month's total change in one transaction, or not at all. False when already counted.
     */
    async record(owner: Owner, input: { sourceId: string; attempt: number; bytes: number; month: string }) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(usageRecords)
          .values({ ...ownerValues(owner), ...input })
          .onConflictDoNothing()
          .returning({ id: usageRecords.id });
        if (inserted.length === 0) return false;
        await tx
          .insert(monthlyUsage)
          .values({ ...ownerValues(owner), month: input.month, processedBytes: input.bytes, sourcesProcessed: 1 })
          .onConflictDoUpdate({
            target: owner.userId ? [monthlyUsage.ownerUserId, monthlyUsage.month] : [monthlyUsage.ownerAnonId, monthlyUsage.month],
            set: {
              processedBytes: sql`${monthlyUsage.processedBytes} + ${input.bytes}`,
              sourcesProcessed: sql`${monthlyUsage.sourcesProcessed} + 1`,
              updatedAt: sql`now()`,
            },
          });
        return true;
      });
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
