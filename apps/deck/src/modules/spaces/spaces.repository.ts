import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { decks, studySpaces } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';

export type SpaceRow = typeof studySpaces.$inferSelect;
export type SpaceWithDecks = SpaceRow & { deckIds: string[] };
export type SpacePatch = Partial<Pick<typeof studySpaces.$inferInsert, 'title' | 'description'>>;

export function createSpacesRepository({ db }: { db: Db }) {
  /** The ids of each space's decks, newest first: their number is the deck count the library shows. */
  async function attachDecks(rows: SpaceRow[], tx: DbOrTx = db): Promise<SpaceWithDecks[]> {
    if (rows.length === 0) return [];
    const deckRows = await tx
      .select({ id: decks.id, studySpaceId: decks.studySpaceId })
      .from(decks)
      .where(inArray(decks.studySpaceId, rows.map((r) => r.id)))
      .orderBy(desc(decks.createdAt), desc(decks.id));
    return rows.map((r) => ({ ...r, deckIds: deckRows.filter((d) => d.studySpaceId === r.id).map((d) => d.id) }));
  }

  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    async listByOwner(owner: Owner) {
      const rows = await db
        .select()
        .from(studySpaces)
        .where(ownedBy(studySpaces, owner))
        .orderBy(desc(studySpaces.createdAt), desc(studySpaces.id));
      return attachDecks(rows);
    },

    async findOwned(owner: Owner, id: string, tx: DbOrTx = db) {
      const rows = await tx
        .select()
        .from(studySpaces)
        .where(and(eq(studySpaces.id, id), ownedBy(studySpaces, owner)));
      return (await attachDecks(rows, tx))[0] ?? null;
    },

    async countOwned(tx: DbOrTx, owner: Owner): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(studySpaces).where(ownedBy(studySpaces, owner));
      return row?.n ?? 0;
    },

    async create(tx: Tx, owner: Owner, input: { title: string; description: string }): Promise<SpaceWithDecks> {
      const [row] = await tx
        .insert(studySpaces)
        .values({ ...ownerValues(owner), title: input.title, description: input.description })
        .returning();
      return { ...row!, deckIds: [] };
    },

    /** Changes the owner's space; null when it is not theirs. */
    async update(owner: Owner, id: string, patch: SpacePatch) {
      const rows = await db
        .update(studySpaces)
        .set(patch)
        .where(and(eq(studySpaces.id, id), ownedBy(studySpaces, owner)))
        .returning();
      return (await attachDecks(rows))[0] ?? null;
    },

    async delete(tx: Tx, id: string): Promise<void> {
      await tx.delete(studySpaces).where(eq(studySpaces.id, id));
    },
  };
}
export type SpacesRepository = ReturnType<typeof createSpacesRepository>;
