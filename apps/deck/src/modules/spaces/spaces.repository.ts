import { desc, eq, and, inArray } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { decks, studySpaces } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';

export type SpaceRow = typeof studySpaces.$inferSelect;
export type SpaceWithDecks = SpaceRow & { deckIds: string[] };

export function createSpacesRepository({ db }: { db: Db }) {
  async function attachDecks(rows: SpaceRow[]): Promise<SpaceWithDecks[]> {
    if (rows.length === 0) return [];
    const deckRows = await db
      .select({ id: decks.id, studySpaceId: decks.studySpaceId })
      .from(decks)
      .where(inArray(decks.studySpaceId, rows.map((r) => r.id)))
      .orderBy(desc(decks.createdAt));
    return rows.map((r) => ({ ...r, deckIds: deckRows.filter((d) => d.studySpaceId === r.id).map((d) => d.id) }));
  }

  return {
    async listByOwner(owner: Owner) {
      const rows = await db.select().from(studySpaces).where(ownedBy(studySpaces, owner)).orderBy(desc(studySpaces.createdAt));
      return attachDecks(rows);
    },
    async findOwned(owner: Owner, id: string) {
      const rows = await db
        .select()
        .from(studySpaces)
        .where(and(eq(studySpaces.id, id), ownedBy(studySpaces, owner)));
      return (await attachDecks(rows))[0] ?? null;
    },
    async create(owner: Owner, input: { title: string; description: string }) {
      const [row] = await db
        .insert(studySpaces)
        .values({ ...ownerValues(owner), title: input.title, description: input.description })
        .returning();
      return { ...row!, deckIds: [] };
    },
  };
}
export type SpacesRepository = ReturnType<typeof createSpacesRepository>;
