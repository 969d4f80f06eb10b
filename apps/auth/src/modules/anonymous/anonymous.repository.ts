import { sql } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { anonymousSessions } from '@mnemo/db/schema';

export type AnonymousSessionRow = typeof anonymousSessions.$inferSelect;

export function createAnonymousRepository({ db }: { db: Db }) {
  return {
    /** Creates the session's row on first need (ids are issued without one), or marks it as seen now. */
    async touch(id: string): Promise<AnonymousSessionRow> {
      const [row] = await db
        .insert(anonymousSessions)
        .values({ id })
        .onConflictDoUpdate({ target: anonymousSessions.id, set: { lastAccess: sql`now()` } })
        .returning();
      return row!;
    },
  };
}
export type AnonymousRepository = ReturnType<typeof createAnonymousRepository>;
