import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import { reloadDeck, useDeck } from '../deck/deck-queries';
import { ProcessingBanner } from '../sources/processing-banner';
import { isFinalStatus, isTerminalStep } from '../sources/source-progress';
import { STATUS_LABELS, statusTone } from '../sources/source-status';
import { useSourceProgress, type ProgressTarget } from '../sources/use-source-progress';
import { useSourceStatusPolling } from '../sources/use-source-polling';

/**
 * The new deck's sources while they are processed (spec 01 §4.2 "process each source"): each
 * source's status, and the processing banner following one source's progress stream at a time.
 * The deck is reloaded 1 s after a completed step, and the 5 s status poll covers a stream that
 * says nothing final. Once every source is completed or failed, `onFinished` gets the deck.
 */
export function CreationProcessing({
  deckId,
  onFinished,
}: {
  deckId: string;
  onFinished: (deck: DeckResponse) => void;
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
    if (!allFinal || finished.current || !deck.data) return;
    finished.current = true;
    onFinishedRef.current(deck.data);
  }, [allFinal, deck.data]);

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
          </li>
        ))}
      </ul>
      {allFinal && (
        <p className="muted" role="status">
          Opening the edit screen...
        </p>
      )}
    </section>
  );
}
