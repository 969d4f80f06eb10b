import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ChatPanel } from '../chat/chat-panel';
import { useDeck } from '../deck/deck-queries';
import { ResizableSidebar } from '../deck/resizable-sidebar';
import { QUESTION_TYPE_LABELS } from '../edit-cards/question-format';
import { editGate, type StudyEditAction } from './clone-gate';
import { questionChatContext } from './study-chat';
import { EvaluationView } from './study-evaluation-view';
import {
  STUDY_FILTERS,
  answerMode,
  filterLabel,
  isQuestionType,
  isStudyFilter,
  letteredOptions,
  type StudyItem,
} from './study-items';
import { STUDY_MESSAGES as M } from './study-messages';
import { useStudySession, type StudySession } from './use-study-session';

/** Questions sidebar widths (spec 02 §9). */
const CHAT_WIDTH = { min: 300, max: 600, default: 360 } as const;

export interface StudySessionPageProps {
  deckId: string;
  /**
   * Called when a non-owner of a published deck tries an edit action: the deck area's clone
   * dialog (spec 02 §2). Without it (a viewer who may not clone, a guest) the page says so inline.
   */
  onClonePrompt?: (action: StudyEditAction) => void;
}

/** /deck/$deckId/flashcards: the question study session with its chat sidebar (spec 02 §2, §4). */
export function StudySessionPage({ deckId, onClonePrompt }: StudySessionPageProps) {
  const deck = useDeck(deckId);
  const session = useStudySession(deckId);
  const navigate = useNavigate();
  const gate = editGate(deck.data);
  const [cloneNotice, setCloneNotice] = useState(false);

  // Stable between renders, so the chat panel only reacts when the question or answer changes.
  const { current } = session;
  const { submitted, evaluation } = session.state;
  const chatContext = useMemo(
    () => questionChatContext(deckId, current, { submitted, evaluation }),
    [deckId, current, submitted, evaluation],
  );
  const sources = deck.data?.sources;
  const sourceIds = useMemo(() => sources?.map((s) => s._id) ?? [], [sources]);

  const editAction = (action: StudyEditAction) => {
    if (gate === 'clone') {
      if (onClonePrompt) onClonePrompt(action);
      else setCloneNotice(true);
      return;
    }
    if (gate !== 'edit') return;
    void navigate({
      to: '/deck/$deckId/edit',
      params: { deckId },
      search:
        action === 'edit-question' && current?.kind === 'question'
          ? { cardFilter: current.id }
          : {},
    });
  };

  return (
    <div className="study-layout">
      <section className="study-session" aria-labelledby="study-title">
        <header className="study-head">
          <h1 id="study-title">{M.title}</h1>
          <label className="study-filter">
            <span>Question type</span>
            <select
              value={session.state.filter}
              onChange={(e) => {
                if (isStudyFilter(e.target.value)) session.setFilter(e.target.value);
              }}
            >
              {STUDY_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        </header>
        {cloneNotice && (
          <div className="notice notice-info study-clone-notice" role="alert">
            <span>{M.cloneRequired}</span>
            <button type="button" className="link-button" onClick={() => setCloneNotice(false)}>
              Dismiss
            </button>
          </div>
        )}
        <SessionBody session={session} canEdit={gate !== 'none'} onEdit={editAction} />
      </section>
      <ResizableSidebar
        min={CHAT_WIDTH.min}
        max={CHAT_WIDTH.max}
        defaultWidth={CHAT_WIDTH.default}
        label="Resize chat"
      >
        <ChatPanel
          deckId={deckId}
          context={chatContext}
          canEdit={deck.data?.canEdit ?? false}
          sourceIds={sourceIds}
          pendingMessage={session.pendingMessage}
          resetKey={session.resetKey}
        />
      </ResizableSidebar>
    </div>
  );
}

function SessionBody({
  session,
  canEdit,
  onEdit,
}: {
  session: StudySession;
  /** Whether edit actions are offered (to editors, and as the clone prompt to viewers). */
  canEdit: boolean;
  onEdit: (action: StudyEditAction) => void;
}) {
  const { load } = session;
  if (load.isPending) {
    return (
      <p className="muted" role="status">
        {M.loading}
      </p>
    );
  }
  if (load.isError) {
    return (
      <div className="notice notice-error study-load-error" role="alert">
        <span>{M.loadFailed}</span>
        <button type="button" className="btn" onClick={() => void load.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  if (load.data.items.length === 0) {
    return (
      <div className="study-empty">
        <h2>{M.emptyTitle}</h2>
        <p className="muted">{M.emptyText}</p>
        {canEdit && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onEdit('generate-questions')}
          >
            Go to Edit
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      {load.data.mode === 'cards' && <p className="muted study-cards-note">{M.cardsNote}</p>}
      {session.current ? (
        <QuestionView
          session={session}
          item={session.current}
          onEdit={
            canEdit && session.current.kind === 'question' ? () => onEdit('edit-question') : null
          }
        />
      ) : (
        <p className="study-empty-filter" role="status">
          {M.emptyFilter(filterLabel(session.state.filter))}
        </p>
      )}
    </>
  );
}

function Navigation({ session }: { session: StudySession }) {
  return (
    <nav className="study-nav" aria-label="Questions">
      <button type="button" className="btn" onClick={session.previous}>
        Previous
      </button>
      <p className="study-position" role="status">
        Question {session.state.index + 1} of {session.count}
      </p>
      <button type="button" className="btn" onClick={session.next}>
        Next
      </button>
      <button type="button" className="btn" onClick={session.shuffle}>
        Shuffle
      </button>
    </nav>
  );
}

function QuestionView({
  session,
  item,
  onEdit,
}: {
  session: StudySession;
  item: StudyItem;
  onEdit: (() => void) | null;
}) {
  const { state } = session;
  const mode = answerMode(item);
  const locked = state.phase !== 'answering';
  const evaluated =
    state.phase === 'evaluated' && state.evaluation && state.submitted
      ? { evaluation: state.evaluation, submitted: state.submitted }
      : null;

  let answer: ReactNode;
  if (mode.kind === 'unavailable') {
    answer = (
      <p className="notice notice-error" role="alert">
        {mode.message}
      </p>
    );
  } else if (mode.kind === 'choice') {
    const picked =
      state.submitted?.kind === 'choice' ? state.submitted.index : state.selectedOption;
    const right =
      state.evaluation?.multipleChoice?.correctAnswerIndex ??
      (state.evaluation ? item.options.findIndex((o) => o.trim() === item.answer) : -1);
    answer = (
      <ul className="study-options" aria-label="Options">
        {letteredOptions(item.options).map((option) => {
          const outcome = !state.evaluation
            ? undefined
            : option.index === right
              ? 'correct'
              : option.index === picked
                ? 'incorrect'
                : undefined;
          return (
            <li key={option.index}>
              <button
                type="button"
                className="study-option"
                aria-pressed={picked === option.index}
                data-outcome={outcome}
                disabled={locked}
                onClick={() => session.chooseOption(option.index)}
              >
                <span className="study-option-letter">{option.letter}</span>
                <span>{option.text}</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  } else {
    answer = (
      <label className="study-response">
        <span>Your answer</span>
        <textarea
          value={state.draft}
          rows={5}
          readOnly={locked}
          onChange={(e) => session.setDraft(e.target.value)}
        />
      </label>
    );
  }

  const ready =
    mode.kind === 'choice'
      ? state.selectedOption !== null
      : mode.kind === 'text'
        ? state.draft.trim() !== ''
        : false;

  return (
    <article className="study-card" aria-label={`Question ${state.index + 1}`}>
      <Navigation session={session} />
      <div className="study-card-bar">
        <span className="badge badge-kind">
          {isQuestionType(item.type) ? QUESTION_TYPE_LABELS[item.type] : item.type}
        </span>
        {item.source && <span className="muted study-source">{item.source.title}</span>}
        {onEdit && (
          <button type="button" className="link-button study-edit" onClick={onEdit}>
            Edit question
          </button>
        )}
      </div>
      {item.caseContext && (
        <section className="study-case" aria-label="Case">
          <h3>Case</h3>
          <p>{item.caseContext}</p>
        </section>
      )}
      <h2 className="study-prompt">{item.prompt}</h2>
      {answer}
      {state.error && (
        <p className="notice notice-error" role="alert">
          {state.error}
        </p>
      )}
      {mode.kind !== 'unavailable' && !evaluated && (
        <div className="button-row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || locked}
            onClick={session.submit}
          >
            {state.phase === 'evaluating' ? 'Evaluating...' : 'Submit Answer'}
          </button>
        </div>
      )}
      {evaluated && (
        <EvaluationView
          item={item}
          submitted={evaluated.submitted}
          evaluation={evaluated.evaluation}
          onNext={session.next}
          onFollowUp={session.askFollowUp}
        />
      )}
    </article>
  );
}
