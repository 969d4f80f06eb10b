import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '@mnemo/db/client';
import { curriculumImports, decks, questions, sources, studySpaces, type CurriculumImportRow } from '@mnemo/db/schema';
import { ownedBy, type Owner } from '@mnemo/db/owner';

export type { CurriculumImportRow };

/** Postgres' unique_violation. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '23505';
};

/** Curriculum to space, the deck service's side: the request's record, and what the split made. */
export function createCurriculumRepository({ db }: { db: Db }) {
  return {
    /** Whether a curriculum already takes this file. */
    async fileTaken(storageRef: string): Promise<boolean> {
      const [row] = await db.select({ spaceId: curriculumImports.spaceId }).from(curriculumImports).where(eq(curriculumImports.storageRef, storageRef));
      return Boolean(row);
    },

    /**
     * Records the request with its new space; false when another request took the file meanwhile
     * (the transaction is then aborted: the caller throws, which rolls the space back too).
     */
    async insert(
      tx: Tx,
      input: { spaceId: string; storageRef: string; originalFilename: string | null; contentType: string },
    ): Promise<boolean> {
      try {
        await tx.insert(curriculumImports).values(input);
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    /** The curriculum of the caller's space with the space, or null (someone else's looks like none). */
    async findOwned(owner: Owner, spaceId: string) {
      const [row] = await db
        .select({ curriculum: curriculumImports, space: studySpaces })
        .from(curriculumImports)
        .innerJoin(studySpaces, eq(studySpaces.id, curriculumImports.spaceId))
        .where(and(eq(curriculumImports.spaceId, spaceId), ownedBy(studySpaces, owner)));
      return row ?? null;
    },

    /**
     * The decks the split made in the space, in the material's order (their sources' unit index),
     * each with its unit source's status and how many questions it has so far.
     */
    async unitDecks(spaceId: string) {
      const rows = await db
        .select({
          id: decks.id,
          title: decks.title,
          processingStatus: sources.processingStatus,
          processingError: sources.processingError,
        })
        .from(decks)
        .innerJoin(sources, and(eq(sources.deckId, decks.id), isNotNull(sources.unitIndex)))
        .where(eq(decks.studySpaceId, spaceId))
        .orderBy(asc(sources.unitIndex), asc(decks.id));
      const ids = rows.map((r) => r.id);
      const counts = ids.length
        ? await db.select({ deckId: questions.deckId, n: count() }).from(questions).where(inArray(questions.deckId, ids)).groupBy(questions.deckId)
        : [];
      const countOf = new Map(counts.map((c) => [c.deckId, c.n]));
      return rows.map((r) => ({ ...r, questionCount: countOf.get(r.id) ?? 0 }));
    },

    /** The space's deck ids, for the space as the API shows it. */
    async deckIdsOf(spaceId: string): Promise<string[]> {
      const rows = await db.select({ id: decks.id }).from(decks).where(eq(decks.studySpaceId, spaceId)).orderBy(asc(decks.createdAt), asc(decks.id));
      return rows.map((r) => r.id);
    },
  };
}
export type CurriculumRepository = ReturnType<typeof createCurriculumRepository>;
