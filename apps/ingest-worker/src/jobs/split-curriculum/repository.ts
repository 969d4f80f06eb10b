import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Owner } from '@mnemo/contracts/jobs';
import type { Db } from '@mnemo/db/client';
import { curriculumImports, decks, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';

/** A unit ready to become a deck: its deck and source titles already cut to their columns. */
export type UnitToCreate = { deckTitle: string; sourceTitle: string; text: string };

/** A deck the split made, with its one unit source (for the jobs queued after the commit). */
export type UnitDeck = { deckId: string; sourceId: string; processingAttempt: number };

/** The worker's reads and writes for the split-curriculum job. */
export function createCurriculumRepository({ db }: { db: Db }) {
  const unitDecksOf = async (spaceId: string, tx: Pick<Db, 'select'> = db): Promise<UnitDeck[]> =>
    tx
      .select({ deckId: decks.id, sourceId: sources.id, processingAttempt: sources.processingAttempt })
      .from(decks)
      .innerJoin(sources, and(eq(sources.deckId, decks.id), isNotNull(sources.unitIndex)))
      .where(eq(decks.studySpaceId, spaceId))
      .orderBy(asc(sources.unitIndex));

  return {
    /** The curriculum of the space (null once the space is gone). */
    async find(spaceId: string) {
      const [row] = await db.select().from(curriculumImports).where(eq(curriculumImports.spaceId, spaceId));
      return row ?? null;
    },

    unitDecks: (spaceId: string) => unitDecksOf(spaceId),

    /**
     * Makes one deck per unit in the space, each with one document source that shares the
     * curriculum's file and holds the unit's text (its `content`, `unit_index` its place), already
     * moved to processing with attempt 1, as the deck service leaves a source whose ingest job it
     * queues. One transaction with the curriculum's row locked: a second run of the job (a retry
     * after a crash past the commit) finds it ready and makes nothing twice. The upload record
     * points at the first unit's source, so the sweep of unused uploads leaves the file alone.
     * Null when the space is gone or the curriculum is no longer being split.
     */
    async createUnits(input: { spaceId: string; owner: Owner; units: UnitToCreate[] }): Promise<UnitDeck[] | null> {
      return db.transaction(async (tx) => {
        const [record] = await tx
          .select()
          .from(curriculumImports)
          .where(eq(curriculumImports.spaceId, input.spaceId))
          .for('update');
        if (!record) return null;
        if (record.status !== 'splitting') return record.status === 'ready' ? unitDecksOf(input.spaceId, tx) : null;
        // The space row too: a deletion of the space waits for these decks, then takes them along.
        const [space] = await tx.select({ id: studySpaces.id }).from(studySpaces).where(eq(studySpaces.id, input.spaceId)).for('update');
        if (!space) return null;

        const made: UnitDeck[] = [];
        for (const [unitIndex, unit] of input.units.entries()) {
          const [deck] = await tx
            .insert(decks)
            .values({ ...ownerValues(input.owner), title: unit.deckTitle, studySpaceId: input.spaceId })
            .returning({ id: decks.id });
          const [source] = await tx
            .insert(sources)
            .values({
              deckId: deck!.id,
              type: 'document',
              storageRef: record.storageRef,
              filename: record.storageRef.split('/').pop() ?? null,
              originalFilename: record.originalFilename,
              contentType: record.contentType,
              // The unit's share of the material, as the deck's size meter and the month's usage count it.
              sizeInBytes: Buffer.byteLength(unit.text, 'utf8'),
              title: unit.sourceTitle,
              content: unit.text,
              unitIndex,
              processingStatus: 'processing',
              processingAttempt: 1,
            })
            .returning({ id: sources.id, processingAttempt: sources.processingAttempt });
          made.push({ deckId: deck!.id, sourceId: source!.id, processingAttempt: source!.processingAttempt });
        }
        if (made[0]) {
          await tx
            .update(uploads)
            .set({ sourceId: made[0].sourceId })
            .where(and(eq(uploads.storageRef, record.storageRef), sql`${uploads.sourceId} is null`));
        }
        await tx
          .update(curriculumImports)
          .set({ status: 'ready', units: made.length, error: null })
          .where(eq(curriculumImports.spaceId, input.spaceId));
        return made;
      });
    },

    /** The split failed for good: the teacher reads why. */
    async fail(spaceId: string, error: string) {
      await db
        .update(curriculumImports)
        .set({ status: 'failed', error })
        .where(and(eq(curriculumImports.spaceId, spaceId), eq(curriculumImports.status, 'splitting')));
    },
  };
}
export type CurriculumRepository = ReturnType<typeof createCurriculumRepository>;
