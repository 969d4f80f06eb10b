import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Source } from '@mnemo/contracts/entities/source';
import { logWarning } from '../log';
import { patchDeckSource, reloadDeck } from '../deck-queries';
import { sources as calls } from './source-api';
import { PROGRESS_TIMINGS, isFinalStatus } from './source-progress';

/**
 * The fallback of spec 02 §4: every 5 s, each source of the deck that is pending, processing,
 * content-ready or flashcards-ready is asked for with GET /ai/source-status; its answer replaces
 * the cached copy, and the deck is reloaded once a source reaches completed or failed.
 */
export function useSourceStatusPolling(deckId: string, deckSources: readonly Source[] | undefined) {
  const queryClient = useQueryClient();
  const polled = (deckSources ?? [])
    .filter((s) => !isFinalStatus(s.processingStatus))
    .map((s) => s._id);
  const key = polled.join(',');

  useEffect(() => {
    if (key === '') return;
    const ids = key.split(',');
    const controller = new AbortController();
    const timer = setInterval(() => {
      for (const sourceId of ids) {
        calls.sourceStatus(deckId, sourceId, controller.signal).then(
          ({ source }) => {
            patchDeckSource(queryClient, deckId, sourceId, () => source);
            if (isFinalStatus(source.processingStatus)) void reloadDeck(queryClient, deckId);
          },
          (error: unknown) => {
            if (!controller.signal.aborted) logWarning('Source status check failed', error);
          },
        );
      }
    }, PROGRESS_TIMINGS.pollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [deckId, key, queryClient]);
}
