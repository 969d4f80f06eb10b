import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Question } from '@mnemo/contracts/entities/question';
import { CUSTOM_INSTRUCTIONS_MAX } from '@mnemo/contracts/entities/deck';
import { Pager } from '../../components/pager';
import { useDeck } from '../../lib/deck-queries';
import { EDIT_CARDS_MESSAGES as M } from './edit-cards-messages';
import { EditQuestionDialog } from './edit-question-dialog';
import { GenerationFailedError } from './generation-watch';
import { QuestionItem, type CardsView } from './question-card';
import { lastPage, questionFilter, questionNumber, statusLine } from './question-paging';
import { useEditCards } from './use-edit-cards';
import './edit-cards.css';

export interface EditCardsPageProps {
  /** None on /edit-cards: an empty screen whose Save Questions goes to /library. */
  deckId?: string;
  sourceFilter?: string;
  cardFilter?: string;
  isGenerating?: boolean;
  /** Puts ?isGenerating=true in the address or takes it out. */
  setGeneratingFlag?: (on: boolean) => void;
}

/** The edit-cards screen of /deck/$deckId/edit and /edit-cards(/$deckId) (spec 02 §2, §4, §8). */
export function EditCardsPage(props: EditCardsPageProps) {
  if (!props.deckId) return <DecklessScreen />;
  return <DeckEditCards {...props} deckId={props.deckId} />;
}

function SaveQuestionsButton({ deckId }: { deckId: string | null }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() =>
        void (deckId
          ? navigate({ to: '/deck/$deckId/summary', params: { deckId } })
          : navigate({ to: '/library' }))
      }
    >
      Save Questions
    </button>
  );
}

function EmptyState() {
  return (
    <div className="edit-cards-empty">
      <h2>{M.emptyTitle}</h2>
      <p className="muted">{M.emptyText}</p>
    </div>
  );
}

function DecklessScreen() {
  return (
    <section className="edit-cards" aria-labelledby="edit-cards-title">
      <h1 id="edit-cards-title">{M.title}</h1>
      <EmptyState />
      <div className="edit-cards-footer">
        <SaveQuestionsButton deckId={null} />
      </div>
    </section>
  );
}

const noop = () => {};

function DeckEditCards({
  deckId,
  sourceFilter,
  cardFilter,
  isGenerating = false,
  setGeneratingFlag = noop,
}: EditCardsPageProps & { deckId: string }) {
  const filter = useMemo(
    () => questionFilter({ sourceFilter, cardFilter }),
    [sourceFilter, cardFilter],
  );
  const screen = useEditCards({ deckId, filter, isGenerating, setGeneratingFlag });
  const deck = useDeck(deckId);
  const owner = deck.data?.isOwner ?? false;

  const [view, setView] = useState<CardsView>('grid');
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [instructions, setInstructions] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ question: Question; open: boolean } | null>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const data = screen.data;
  const shown = data?.questions ?? [];
  const shownIds = shown.map((q) => q._id);
  const selectedCount = shownIds.filter((id) => selected.has(id)).length;
  const allSelected = shown.length > 0 && selectedCount === shown.length;
  const allFlipped = shown.length > 0 && shownIds.every((id) => flipped.has(id));
  const busy = screen.removeMany.isPending || screen.regenerate.isPending;

  const toggle = (set: ReadonlySet<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const goTo = (page: number) => {
    setSelected(new Set());
    screen.setPage(page);
  };

  const deleteSelected = () => {
    setActionError(null);
    const ids = shownIds.filter((id) => selected.has(id));
    screen.removeMany.mutate(ids, {
      onSuccess: () => setSelected(new Set()),
      onError: () => setActionError(M.deleteFailed),
    });
  };

  const regenerateSelected = () => {
    setActionError(null);
    const ids = shownIds.filter((id) => selected.has(id));
    screen.regenerate.mutate(
      { ids, instructions },
      {
        onSuccess: () => setSelected(new Set()),
        onError: (error) =>
          setActionError(
            error instanceof GenerationFailedError
              ? `${error.reason}. ${M.regenerateFailed}`
              : M.regenerateFailed,
          ),
      },
    );
  };

  const closeEditor = () => {
    setEditing((e) => (e ? { ...e, open: false } : e));
  };

  let body: ReactNode;
  if (screen.error) {
    body = (
      <div className="edit-cards-error notice notice-error" role="alert">
        <span>{screen.error}</span>
        <button type="button" className="btn" onClick={screen.tryAgain}>
          Try Again
        </button>
      </div>
    );
  } else if (screen.loading || !data) {
    body = screen.generating ? null : (
      <p className="muted" role="status">
        {M.loading}
      </p>
    );
  } else if (data.total === 0 && shown.length === 0) {
    // A failed run says why instead of the empty state's guess.
    body = screen.generating || screen.generationFailure ? null : <EmptyState />;
  } else {
    body = (
      <>
        {owner && (
          <div className="edit-cards-selection button-row">
            <button
              type="button"
              className="btn"
              onClick={() => setSelected(allSelected ? new Set() : new Set(shownIds))}
            >
              {allSelected ? 'Deselect All' : 'Select All'}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={selectedCount === 0 || busy}
              onClick={deleteSelected}
            >
              Delete Selected
            </button>
          </div>
        )}
        <Pager
          page={screen.page}
          pages={lastPage(data.pages)}
          onPage={goTo}
          label="Pages"
          className="edit-cards-paging"
          busy={screen.paging}
        >
          <p className="edit-cards-status" role="status">
            {statusLine({
              total: data.total,
              selected: selectedCount,
              page: screen.page,
              pages: data.pages,
            })}
          </p>
        </Pager>
        <ol className={`question-${view}-list`} aria-label="Questions" aria-busy={screen.paging}>
          {shown.map((question, i) => (
            <QuestionItem
              key={question._id}
              question={question}
              number={questionNumber(screen.page, i)}
              view={view}
              flipped={flipped.has(question._id)}
              onFlip={() => setFlipped((f) => toggle(f, question._id, !f.has(question._id)))}
              owner={owner}
              selected={selected.has(question._id)}
              onSelect={(on) => setSelected((s) => toggle(s, question._id, on))}
              onEdit={() => {
                setEditError(null);
                setEditing({ question, open: true });
              }}
            />
          ))}
        </ol>
        {owner && (
          <section className="regeneration-panel" aria-labelledby="regeneration-title">
            <h2 id="regeneration-title">Regeneration Instructions</h2>
            <textarea
              className="textarea"
              aria-labelledby="regeneration-title"
              rows={3}
              maxLength={CUSTOM_INSTRUCTIONS_MAX}
              placeholder="Optional: what the new questions should focus on"
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
            />
            <button
              type="button"
              className="btn btn-primary"
              disabled={selectedCount === 0 || busy}
              onClick={regenerateSelected}
            >
              {screen.regenerate.isPending ? 'Regenerating...' : 'Regenerate Selected Questions'}
            </button>
          </section>
        )}
      </>
    );
  }

  return (
    <section
      className="edit-cards"
      aria-labelledby="edit-cards-title"
      aria-busy={screen.generating}
    >
      <header className="edit-cards-head">
        <h1 id="edit-cards-title">{screen.error ? M.errorTitle : M.title}</h1>
        {!screen.error && (
          <div className="edit-cards-tools">
            <div className="segmented" role="group" aria-label="View">
              <button
                type="button"
                className="btn"
                aria-pressed={view === 'grid'}
                onClick={() => setView('grid')}
              >
                Grid view
              </button>
              <button
                type="button"
                className="btn"
                aria-pressed={view === 'list'}
                onClick={() => setView('list')}
              >
                List view
              </button>
            </div>
            <button
              type="button"
              className="btn"
              aria-pressed={allFlipped}
              disabled={shown.length === 0}
              onClick={() => setFlipped(allFlipped ? new Set() : new Set(shownIds))}
            >
              Flip All
            </button>
          </div>
        )}
      </header>
      {actionError && (
        <div className="notice notice-error" role="alert">
          <span>{actionError}</span>
          <button
            type="button"
            className="link-button"
            aria-label="Dismiss"
            onClick={() => setActionError(null)}
          >
            Dismiss
          </button>
        </div>
      )}
      {screen.generationFailure && !screen.error && (
        <div className="edit-cards-error notice notice-error" role="alert">
          <div>
            <strong>{M.generationFailedTitle}</strong>
            <p>{screen.generationFailure.reason}</p>
          </div>
          <button type="button" className="btn" onClick={screen.retry}>
            {M.retry}
          </button>
        </div>
      )}
      {!screen.generating &&
        screen.generationNotes.map((note) => (
          <p key={note} className="notice notice-info" role="status">
            {note}
          </p>
        ))}
      {body}
      {owner && !screen.error && (
        <div className="edit-cards-footer">
          <SaveQuestionsButton deckId={deckId} />
        </div>
      )}
      {screen.overlay && (
        <div className="generating-overlay" data-closing={!screen.generating} role="status">
          <span className="spinner" aria-hidden="true" />
          <p className="generating-title">{M.generating}</p>
          {screen.progress && (
            <p className="generating-progress">
              {screen.progress === 'queued' ? M.generationQueued : M.generationRunning}
            </p>
          )}
          <p className="muted">{M.generatingHint}</p>
        </div>
      )}
      <EditQuestionDialog
        open={editing?.open ?? false}
        question={editing?.question ?? null}
        saving={screen.update.isPending}
        error={editError}
        onClose={closeEditor}
        onSave={(changes) => {
          if (!editing) return;
          setEditError(null);
          screen.update.mutate(
            { id: editing.question._id, body: changes },
            {
              onSuccess: closeEditor,
              onError: () => setEditError(M.updateFailed),
            },
          );
        }}
      />
    </section>
  );
}
