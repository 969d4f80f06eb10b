import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Source } from '@mnemo/contracts/entities/source';
import { isApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { patchDeckSource, reloadDeck, useDeck } from '../../lib/deck-queries';
import { AddSourceDialog } from './add-source-dialog';
import { ProcessingBanner } from '../../components/processing-banner';
import { sources as calls } from '../../lib/sources/source-api';
import { SOURCE_MESSAGES } from '../../lib/sources/source-messages';
import { isFinalStatus, isTerminalStep } from '../../lib/sources/source-progress';
import { sourceTypeLabel } from '../../lib/sources/source-rules';
import {
  STATUS_LABELS,
  processAction,
  sourceTextNote,
  statusAfterProcessStarted,
  statusTone,
} from '../../lib/sources/source-status';
import { useSourceProgress, type ProgressTarget } from '../../lib/sources/use-source-progress';
import { useSourceStatusPolling } from '../../lib/sources/use-source-polling';

/**
 * The deck's sources (spec 02 §2, §4): the processing banner with live progress, the list with
 * status badges, 'Process Now', Retry and remove for editors, the Add Source modal, and the chosen
 * source's summary and key concepts.
 */
export function DeckSourcesPanel({
  deckId,
  selectedId: shownId,
  onSelect,
  onOpen,
  renderMedia,
}: {
  deckId: string;
  /** The source whose detail shows, when the page keeps it (the Summary page shares it with its chat). */
  selectedId?: string | null;
  onSelect?: (sourceId: string) => void;
  /** Given, a click on a source calls it instead of showing the detail (Manage: the source's cards). */
  onOpen?: (source: Source) => void;
  /** Shown at the top of the selected source's detail (the Summary page's video). */
  renderMedia?: (source: Source) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const deck = useDeck(deckId);
  const deckSources = deck.data?.sources;
  const canEdit = deck.data?.canEdit ?? false;

  const [target, setTarget] = useState<ProgressTarget | null>(null);
  const runs = useRef(0);
  const track = (sourceId: string) => setTarget({ sourceId, run: ++runs.current });
  const progress = useSourceProgress(target, {
    onCompleted: () => void reloadDeck(queryClient, deckId),
  });
  useSourceStatusPolling(deckId, deckSources);

  // A source already processing when the page opens is followed too (checked once, on the first
  // answer: later 'processing' states come from 'Process Now', which starts tracking itself).
  const checkedOpening = useRef(false);
  useEffect(() => {
    if (checkedOpening.current || !deckSources) return;
    checkedOpening.current = true;
    const busy = deckSources.find((s) => s.processingStatus === 'processing');
    if (busy) setTarget((current) => current ?? { sourceId: busy._id, run: ++runs.current });
  }, [deckSources]);

  // The poll saw the tracked source finish while its stream said nothing final: stop listening.
  const tracked = deckSources?.find((s) => s._id === target?.sourceId);
  const trackedFinal = tracked ? isFinalStatus(tracked.processingStatus) : false;
  const view = progress.view;
  const streamDone = view?.event ? isTerminalStep(view.event.step) : false;
  const { stop } = progress;
  useEffect(() => {
    if (trackedFinal && view?.tracking && !streamDone) stop();
  }, [trackedFinal, view?.tracking, streamDone, stop]);

  const [ownSelectedId, setOwnSelectedId] = useState<string | null>(null);
  const selectedId = shownId !== undefined ? shownId : ownSelectedId;
  const select = (source: Source) => {
    if (onOpen) return onOpen(source);
    setOwnSelectedId(source._id);
    onSelect?.(source._id);
  };
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Source | null>(null);

  const process = useMutation({
    mutationFn: (source: Source) => calls.processSource(deckId, source._id),
    onMutate: (source) =>
      patchDeckSource(queryClient, deckId, source._id, (s) => ({
        ...s,
        processingStatus: 'processing',
      })),
    onSuccess: (answer, source) => {
      patchDeckSource(queryClient, deckId, source._id, () => ({
        ...answer.source,
        processingStatus: statusAfterProcessStarted(answer.source.processingStatus),
      }));
      track(source._id);
    },
    // Spec 02 §4: if the process call errors, the source is set locally to failed.
    onError: (_error, source) =>
      patchDeckSource(queryClient, deckId, source._id, (s) => ({
        ...s,
        processingStatus: 'failed',
      })),
  });

  if (deck.isPending) {
    return (
      <p className="muted" role="status">
        Loading sources...
      </p>
    );
  }
  if (deck.isError && !deck.data) {
    const notFound = isApiError(deck.error) && deck.error.status === 404;
    return (
      <div className="notice notice-error" role="alert">
        <span>{notFound ? SOURCE_MESSAGES.deckNotFound : SOURCE_MESSAGES.deckLoadFailed}</span>
        {!notFound && (
          <button type="button" className="btn" onClick={() => void deck.refetch()}>
            Retry
          </button>
        )}
      </div>
    );
  }
  const data = deck.data;
  if (!data) return null;

  const list = data.sources;
  const selected = list.find((s) => s._id === selectedId) ?? list[0] ?? null;
  const trackedTitle = list.find((s) => s._id === view?.sourceId)?.title;

  return (
    <div className="deck-sources">
      <ProcessingBanner view={view} {...(trackedTitle ? { title: trackedTitle } : {})} />
      {deck.isRefetchError && (
        <div className="notice notice-error" role="alert">
          <span>{SOURCE_MESSAGES.refreshFailed}</span>
          <button type="button" className="btn" onClick={() => void deck.refetch()}>
            Try Again
          </button>
        </div>
      )}
      <div className="deck-sources-layout">
        <section className="sources-panel" aria-labelledby="sources-title">
          <div className="sources-panel-head">
            <h2 id="sources-title">Sources</h2>
            {canEdit && (
              <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
                Add Source
              </button>
            )}
          </div>
          {list.length === 0 ? (
            <p className="muted">This deck has no sources yet.</p>
          ) : (
            <ul className="source-list" aria-label="Sources">
              {list.map((source) => (
                <SourceRow
                  key={source._id}
                  source={source}
                  selected={source._id === selected?._id}
                  canEdit={canEdit}
                  busy={process.isPending && process.variables?._id === source._id}
                  onSelect={() => select(source)}
                  onProcess={() => process.mutate(source)}
                  onRemove={() => setRemoving(source)}
                />
              ))}
            </ul>
          )}
        </section>
        {selected && !onOpen && <SourceDetail source={selected} media={renderMedia?.(selected)} />}
      </div>
      {canEdit && <AddSourceDialog open={adding} onClose={() => setAdding(false)} deck={data} />}
      {canEdit && (
        <RemoveSourceDialog
          deckId={deckId}
          source={removing}
          onClose={() => setRemoving(null)}
          onRemoved={(sourceId) => {
            if (target?.sourceId === sourceId) setTarget(null);
          }}
        />
      )}
    </div>
  );
}

function SourceRow({
  source,
  selected,
  canEdit,
  busy,
  onSelect,
  onProcess,
  onRemove,
}: {
  source: Source;
  selected: boolean;
  canEdit: boolean;
  busy: boolean;
  onSelect: () => void;
  onProcess: () => void;
  onRemove: () => void;
}) {
  const action = processAction(source.processingStatus);
  const status = source.processingStatus;
  return (
    <li className="source-row" data-selected={selected} aria-label={source.title}>
      <div className="source-row-main">
        <button type="button" className="link-button source-title" onClick={onSelect}>
          {source.title}
        </button>
        <span className="badge badge-kind">{sourceTypeLabel(source)}</span>
        <span className="badge status-badge" data-tone={statusTone(status)}>
          {STATUS_LABELS[status]}
        </span>
      </div>
      {/* How the text was read: a video's caption track ("Captions in German (auto-generated)"),
          pages that could not be read. */}
      {source.notes?.map((note) => (
        <p key={note} className="muted source-row-note">
          {note}
        </p>
      ))}
      {status === 'failed' && (
        <p className="source-row-error" role="alert">
          {SOURCE_MESSAGES.processFailed}
          {source.processingError ? (
            <span className="muted"> ({source.processingError})</span>
          ) : null}
        </p>
      )}
      {canEdit && (
        <div className="button-row">
          {action && (
            <button type="button" className="btn" onClick={onProcess} disabled={busy}>
              {action === 'process' ? 'Process Now' : 'Retry'}
            </button>
          )}
          <button type="button" className="btn" onClick={onRemove} disabled={busy}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

function SourceDetail({ source, media }: { source: Source; media?: ReactNode }) {
  const summaryNote = sourceTextNote(source, 'summary');
  const keyPointsNote = sourceTextNote(source, 'keyPoints');
  const href = source.type === 'document' ? source.downloadUrl : source.url;
  return (
    <article className="source-detail" aria-labelledby="source-detail-title">
      <h2 id="source-detail-title">{source.title}</h2>
      {media}
      {href && (
        <p>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {source.type === 'document' ? 'Open document' : 'Open source'}
          </a>
        </p>
      )}
      <section aria-labelledby="source-summary-title">
        <h3 id="source-summary-title">Summary</h3>
        {summaryNote ? <p className="muted">{summaryNote}</p> : <p>{source.summary}</p>}
      </section>
      <section aria-labelledby="source-keypoints-title">
        <h3 id="source-keypoints-title">Key Concepts</h3>
        {keyPointsNote ? (
          <p className="muted">{keyPointsNote}</p>
        ) : (
          <ul>
            {source.keyPoints.map((point, i) => (
              <li key={i}>{point}</li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** Remove a source, choosing whether its cards go too (spec 02 §4: the deleteCards flag). */
function RemoveSourceDialog({
  deckId,
  source,
  onClose,
  onRemoved,
}: {
  deckId: string;
  source: Source | null;
  onClose: () => void;
  onRemoved: (sourceId: string) => void;
}) {
  // The dialog keeps showing the source while it fades out after `source` became null.
  const [shown, setShown] = useState<Source | null>(source);
  if (source && source !== shown) setShown(source);
  return (
    shown && (
      <RemoveSourceContent
        key={shown._id}
        open={source !== null}
        deckId={deckId}
        source={shown}
        onClose={onClose}
        onRemoved={onRemoved}
      />
    )
  );
}

function RemoveSourceContent({
  open,
  deckId,
  source,
  onClose,
  onRemoved,
}: {
  open: boolean;
  deckId: string;
  source: Source;
  onClose: () => void;
  onRemoved: (sourceId: string) => void;
}) {
  const queryClient = useQueryClient();
  const [deleteCards, setDeleteCards] = useState(false);
  const remove = useMutation({
    mutationFn: () => calls.removeSource(deckId, source._id, { deleteCards }),
    onSuccess: async () => {
      onRemoved(source._id);
      await reloadDeck(queryClient, deckId);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title="Remove Source"
      confirmLabel="Remove Source"
      pendingLabel="Removing..."
      tone="primary"
      pending={remove.isPending}
      error={remove.isError ? SOURCE_MESSAGES.removeFailed : null}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    >
      <p>
        Remove <strong>{source.title}</strong> from this deck?
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={deleteCards}
          onChange={(e) => setDeleteCards(e.target.checked)}
          disabled={remove.isPending}
        />
        Also delete the cards made from this source
      </label>
    </ConfirmDialog>
  );
}
