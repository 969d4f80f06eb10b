import { and, asc, eq, isNull, lt, notExists, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@mnemo/db/client';
import { curriculumImports, sources, uploads } from '@mnemo/db/schema';
import type { Storage } from '@mnemo/storage';

const BATCH = 100;

/**
 * Files uploaded that never became a source (the learner closed the page, or removed the file before
 * adding it) are deleted once older than the retention: the stored file first, then its row, so a
 * sweep that fails half-way leaves a row the next sweep finds again, never a file nothing points to.
 * Each upload is locked and checked again in its own transaction, so one that is being added to a
 * deck at that moment (which takes the same row) is left alone; several deck replicas sweeping at
 * once skip each other's rows. It runs as the maintenance queue's `sweep-uploads` job scheduler
 * (plugins/maintenance.ts).
 */
export function createUploadSweep({
  db,
  storage,
  retentionMs,
  log,
}: {
  db: Db;
  storage: Pick<Storage, 'delete' | 'removeAbandoned'>;
  retentionMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  const unused = (cutoff: Date): SQL =>
    and(
      isNull(uploads.sourceId),
      lt(uploads.createdAt, cutoff),
      // A copied deck's source may share the file without owning the upload record.
      notExists(db.select({ id: sources.id }).from(sources).where(eq(sources.storageRef, uploads.storageRef))),
      // A curriculum still waiting for its split (docs/adr/0007) reads the file later.
      notExists(
        db
          .select({ spaceId: curriculumImports.spaceId })
          .from(curriculumImports)
          .where(and(eq(curriculumImports.storageRef, uploads.storageRef), eq(curriculumImports.status, 'splitting'))),
      ),
    )!;

  async function removeOne(storageRef: string, cutoff: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ storageRef: uploads.storageRef })
        .from(uploads)
        .where(and(eq(uploads.storageRef, storageRef), unused(cutoff)))
        .for('update', { skipLocked: true });
      if (!row) return false;
      // Deleting a file that is already gone succeeds: a retried sweep finishes the job.
      await storage.delete(storageRef);
      await tx.delete(uploads).where(eq(uploads.storageRef, storageRef));
      return true;
    });
  }

  /** One sweep: deletes what is unused and older than the retention at `now`; answers how many. */
  async function sweep(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - retentionMs);
    let removed = 0;
    for (;;) {
      const batch = await db
        .select({ storageRef: uploads.storageRef })
        .from(uploads)
        .where(unused(cutoff))
        .orderBy(asc(uploads.createdAt))
        .limit(BATCH);
      let removedNow = 0;
      for (const { storageRef } of batch) {
        try {
          if (await removeOne(storageRef, cutoff)) removedNow++;
        } catch (err) {
          log.warn({ err, storageRef }, 'could not delete an unused upload; the next sweep tries again');
        }
      }
      removed += removedNow;
      // Done, or only uploads this sweep cannot delete are left (they come first in every batch).
      if (batch.length < BATCH || removedNow === 0) break;
    }
    if (removed > 0) log.info({ removed }, 'deleted unused uploads');
    // An upload cut off by a crash never got a row: only its temporary file is left to find.
    try {
      const abandoned = await storage.removeAbandoned(cutoff);
      if (abandoned > 0) log.info({ abandoned }, 'deleted files of interrupted uploads');
    } catch (err) {
      log.warn({ err }, 'could not delete the files of interrupted uploads; the next sweep tries again');
    }
    return removed;
  }

  return { sweep };
}
export type UploadSweep = ReturnType<typeof createUploadSweep>;
