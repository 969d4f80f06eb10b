import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '@mnemo/storage';
import type { SourcesRepository } from '../sources/sources.repository';
import type { RemovedSource } from './decks.repository';

/**
 * What deleting decks leaves outside the database: the stored files of their document sources and
 * their queued ingest jobs. One piece of code for deleting a deck and deleting a space with its
 * decks. Runs after the commit: a failure here leaves a stray file or job, never a broken deck.
 */
export function createDeckRemoval({
  sources,
  storage,
  onSourceRemoved,
  log,
}: {
  sources: Pick<SourcesRepository, 'countUsing'>;
  storage: Pick<Storage, 'delete'>;
  /** Drops a removed source's queued work (the processing side). */
  onSourceRemoved?: (source: { id: string; processingAttempt: number }) => Promise<void>;
  log: FastifyBaseLogger;
}) {
  return {
    async cleanUp(removed: RemovedSource[]): Promise<void> {
      const refs = [...new Set(removed.map((s) => s.storageRef).filter((ref): ref is string => !!ref))];
      for (const storageRef of refs) {
        try {
          // A clone may share its original's file: delete it only once no source names it.
          if ((await sources.countUsing(storageRef)) === 0) await storage.delete(storageRef);
        } catch (err) {
          log.warn({ err, storageRef }, 'could not delete the file of a deleted deck');
        }
      }
      for (const source of removed) {
        await onSourceRemoved?.(source).catch((err: unknown) =>
          log.warn({ err, sourceId: source.id }, 'could not drop the queued work of a deleted source'),
        );
      }
    },
  };
}
export type DeckRemoval = ReturnType<typeof createDeckRemoval>;
