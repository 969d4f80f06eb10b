import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import { deckQueryKey, reloadDeck, useDeck } from '../../lib/deck-queries';
import { ProcessingBanner } from '../../components/processing-banner';
import { sources as sourceCalls } from '../../lib/sources/source-api';
import { SOURCE_MESSAGES } from '../../lib/sources/source-messages';
import { isFinalStatus, isTerminalStep } from '../../lib/sources/source-progress';
import {
  STATUS_LABELS,
  statusAfterProcessStarted,
  statusTone,
} from '../../lib/sources/source-status';
import { useSourceProgress, type ProgressTarget } from '../../lib/sources/use-source-progress';
import { useSourceStatusPolling } from '../../lib/sources/use-source-polling';

/**
 * The new deck's sources while they are processed (spec 01 §4.2 "process each source"): each
 * source's status, and the processing banner following one source's progress stream at a time.
 * The deck is reloaded 1 s after a completed step, and the 5 s status poll covers a stream that
 * says nothing final. Once every source is completed or failed, `onFinished` gets the deck; again
 * after a failed source is retried (issue 18.3: a failed source says why and offers Retry).
 */
export function CreationProcessing({
  deckId,
  onFinished,
  children,
}: {
  deckId: string;
  onFinished: (deck: DeckResponse) => void;
  /** Shown under the sources once they are all final (the page's way on). */
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const deck = useDeck(deckId);
  const sources = deck.data?.sources;
  useSourceStatusPolling(deckId, sources);

  // One stream at a time: the first source still on its way that has not been followed yet.
  const followed = useRef(new Set<string>());
  const [target, setTarget] = useState<ProgressTarget | null>(null);
  const progress = useSourceProgress(target, {
    onCompleted: () => void reloadDeck(queryClient, deckId),
    onEnd: (last) => {
      if (last?.step === 'error') void reloadDeck(queryClient, deckId);
      setTarget(null);
    },
  });
  const tracking = progress.view?.tracking ?? false;
  useEffect(() => {
    if (!sources || tracking || target !== null) return;
    const next = sources.find(
      (s) => !isFinalStatus(s.processingStatus) && !followed.current.has(s._id),
    );
    if (!next) return;
    followed.current.add(next._id);
    setTarget({ sourceId: next._id, run: followed.current.size });
  }, [sources, tracking, target]);

  // The poll saw the followed source finish while its stream said nothing final: stop listening.
  const followedSource = sources?.find((s) => s._id === target?.sourceId);
  const view = progress.view;
  const streamDone = view?.event ? isTerminalStep(view.event.step) : false;
  const { stop } = progress;
  useEffect(() => {
    if (
      followedSource &&
      isFinalStatus(followedSource.processingStatus) &&
      view?.tracking &&
      !streamDone
    )
      stop();
  }, [followedSource, view?.tracking, streamDone, stop]);

  const allFinal = sources !== undefined && sources.every((s) => isFinalStatus(s.processingStatus));
  const finished = useRef(false);
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  useEffect(() => {
    // A retried source makes the deck unfinished again; its end is reported again.
    if (!allFinal) finished.current = false;
    if (!allFinal || finished.current || !deck.data) return;
    finished.current = true;
    onFinishedRef.current(deck.data);
  }, [allFinal, deck.data]);

  const [retryFailed, setRetryFailed] = useState(false);
  const [retrying, setRetrying] = useState<string | null>(null);
  async function retry(sourceId: string) {
    setRetryFailed(false);
    setRetrying(sourceId);
    try {
      const { source } = await sourceCalls.processSource(deckId, sourceId);
      // Followed again from its new start; shown as processing at once.
      followed.current.delete(sourceId);
      queryClient.setQueryData<DeckResponse>(deckQueryKey(deckId), (old) =>
        old
          ? {
              ...old,
              sources: old.sources.map((s) =>
                s._id === sourceId
                  ? {
                      ...source,
                      processingError: null,
                      processingStatus: statusAfterProcessStarted(source.processingStatus),
                    }
                  : s,
              ),
            }
          : old,
      );
    } catch {
      setRetryFailed(true);
    } finally {
      setRetrying(null);
    }
  }

  const bannerSource = sources?.find((s) => s._id === view?.sourceId);
  return (
    <section className="creation-processing" aria-labelledby="creation-processing-title">
      <h2 id="creation-processing-title">Processing your content</h2>
      <p className="muted">
        Your deck is ready; its sources are being read. The cards are made as soon as they finish.
      </p>
      <ProcessingBanner view={view} title={bannerSource?.title} />
      <ul className="source-list" aria-label="Sources being processed">
        {sources?.map((s) => (
          <li key={s._id} className="draft-item">
            <span className="draft-name" title={s.title}>
              {s.title}
            </span>
            <span className="badge status-badge" data-tone={statusTone(s.processingStatus)}>
              {STATUS_LABELS[s.processingStatus]}
            </span>
            {s.processingStatus === 'failed' && (
              <>
                {s.processingError && <span className="creation-failure">{s.processingError}</span>}
                <button
                  type="button"
                  className="btn"
                  aria-label={`Retry ${s.title}`}
                  disabled={retrying !== null}
                  onClick={() => void retry(s._id)}
                >
                  {retrying === s._id ? 'Retrying...' : 'Retry'}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {retryFailed && (
        <p className="notice notice-error" role="alert">
          {SOURCE_MESSAGES.processFailed}
        </p>
      )}
      {allFinal && children}
    </section>
  );
}
