import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DueCounts } from '@mnemo/contracts/api/review';
import { deckDueCounts, useDueCounts } from '../../lib/review';
import { useDeck } from '../../lib/deck-queries';
import { studiedLanguage, type ChatPanelProps } from '../../lib/chat-types';
import { ResizableSidebar } from '../../components/resizable-sidebar';
import { editGate, type StudyEditAction } from './clone-gate';
import { questionChatContext } from './study-chat';
import { QuestionCard } from './question-card';
import { ReviewSessionView } from './review-session-view';
import { SchedulePanel } from './schedule-panel';
import { isCorrectEvaluation } from './study-evaluation';
import { STUDY_FILTERS, filterLabel, isStudyFilter, type StudyItem } from './study-items';
import { STUDY_MESSAGES as M } from './study-messages';
import { useQueueSession } from './use-queue-session';
import { useReviewQueue } from './use-review-queue';
import { useStudySession, type StudySession } from './use-study-session';

/** Questions sidebar widths (spec 02 §9). */
const CHAT_WIDTH = { min: 300, max: 600, default: 360 } as const;

export type StudyMode = 'review' | 'practice';

export interface StudySessionPageProps {
  deckId: string;
  /**
   * Called when a non-owner of a published deck tries an edit action: the deck area's clone
   * dialog (spec 02 §2). Without it (a viewer who may not clone, a guest) the page says so inline.
   */
  onClonePrompt?: (action: StudyEditAction) => void;
  /** The mode asked for in the address; without it Review when cards are due, else Practice. */
  mode?: StudyMode | undefined;
  /**
   * Writes a mode into the address (the route replaces the history entry): the default once it is
   * settled, and the learner's switch. The address, not this component's state, holds the mode,
   * so it outlives the page: a remount (a window narrowed past the mobile width and widened again,
   * a full-page screenshot) once reopened a review in Practice after the due counts had fallen.
   */
  onModeChange: (mode: StudyMode) => void;
  /** Practice only the questions testing these concepts (the mastery view's and quiz's links). */
  concepts?: readonly string[] | undefined;
  /** The chat sidebar (chat feature), handed in by the route: a feature never imports a sibling. */
  ChatPanel: ComponentType<ChatPanelProps>;
}

/**
 * The mode to open with: the one asked for, else Review when cards are due now (due reviews or
 * learning steps; new cards alone do not make a deck due), else Practice (issue 20). Null while
 * the due counts load; a failed count means Practice.
 */
export function initialStudyMode(
  asked: StudyMode | undefined,
  counts: DueCounts | null | undefined,
): StudyMode | null {
  if (asked) return asked;
  if (counts === undefined) return null;
  return counts && counts.due + counts.learning > 0 ? 'review' : 'practice';
}

/**
 * The mode to write into the address: the default, once the counts have settled it, when the
 * address has none yet; nothing when it has one (the learner's or an earlier default), so the
 * counts falling as cards are answered never change the mode of the page.
 */
export function studyModeToRecord(
  asked: StudyMode | undefined,
  counts: DueCounts | null | undefined,
): StudyMode | null {
  return asked ? null : initialStudyMode(undefined, counts);
}

/** /deck/$deckId/flashcards: the question study session with its chat sidebar (spec 02 §2, §4). */
export function StudySessionPage({
  deckId,
  onClonePrompt,
  mode: asked,
  onModeChange,
  concepts,
  ChatPanel,
}: StudySessionPageProps) {
  const deck = useDeck(deckId);
  const dueCounts = useDueCounts();
  const navigate = useNavigate();
  const gate = editGate(deck.data);
  const [cloneNotice, setCloneNotice] = useState(false);
  const [schedule, setSchedule] = useState(false);

  // The mode is settled once, written into the address and then kept: answering the last due
  // card must not flip the page, nor must a remount that recomputes the default from the counts.
  const deckCounts = dueCounts.isError
    ? null
    : dueCounts.data
      ? deckDueCounts(dueCounts.data, deckId)
      : undefined;
  const mode = initialStudyMode(asked, deckCounts);
  const toRecord = studyModeToRecord(asked, deckCounts);
  useEffect(() => {
    if (toRecord) onModeChange(toRecord);
  }, [toRecord, onModeChange]);

  const session = useStudySession(deckId, { schedule, concepts });
  const queue = useReviewQueue(deckId, mode === 'review');
  const review = useQueueSession(queue.loaded, { practice: false, resetKey: queue.loadedAt });
  const active =
    mode === 'review'
      ? {
          current: review.current,
          submitted: review.state.submitted,
          evaluation: review.state.evaluation,
          pendingMessage: review.pendingMessage,
          resetKey: `review#${review.resetKey}`,
        }
      : {
          current: session.current,
          submitted: session.state.submitted,
          evaluation: session.state.evaluation,
          pendingMessage: session.pendingMessage,
          resetKey: session.resetKey,
        };

  // Stable between renders, so the chat panel only reacts when the question or answer changes.
  const { current, submitted, evaluation } = active;
  const sources = deck.data?.sources;
  const language = studiedLanguage(sources);
  const chatContext = useMemo(
    () => questionChatContext(deckId, current, { submitted, evaluation }, language),
    [deckId, current, submitted, evaluation, language],
  );
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
          <ModeSwitch mode={mode} onChange={onModeChange} />
          {mode === 'practice' && (
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
          )}
        </header>
        {cloneNotice && (
          <div className="notice notice-info study-clone-notice" role="alert">
            <span>{M.cloneRequired}</span>
            <button type="button" className="link-button" onClick={() => setCloneNotice(false)}>
              Dismiss
            </button>
          </div>
        )}
        {mode === null && (
          <p className="muted" role="status">
            {M.loading}
          </p>
        )}
        {mode === 'review' && (
          <ReviewSessionView
            queue={queue}
            session={review}
            onPractice={() => onModeChange('practice')}
          />
        )}
        {mode === 'practice' && (
          <>
            <div className="study-practice-bar">
              {concepts && concepts.length > 0 && (
                <p className="study-concepts" role="status">
                  Questions on {concepts.join(', ')}.{' '}
                  <Link
                    to="/deck/$deckId/flashcards"
                    params={{ deckId }}
                    search={{ mode: 'practice' }}
                  >
                    Show all questions
                  </Link>
                </p>
              )}
              {gate === 'edit' && (
                <label className="study-schedule">
                  <input
                    type="checkbox"
                    checked={schedule}
                    onChange={(e) => setSchedule(e.target.checked)}
                  />
                  <span>{M.scheduleLabel}</span>
                </label>
              )}
            </div>
            <SessionBody session={session} canEdit={gate !== 'none'} onEdit={editAction} />
          </>
        )}
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
          pendingMessage={active.pendingMessage}
          resetKey={active.resetKey}
        />
      </ResizableSidebar>
    </div>
  );
}

/** Review (the due queue, scheduled) or Practice (any order, any filter, not scheduled). */
function ModeSwitch({
  mode,
  onChange,
}: {
  mode: StudyMode | null;
  onChange: (mode: StudyMode) => void;
}) {
  return (
    <div className="study-modes" role="group" aria-label="Study mode">
      {(['review', 'practice'] as const).map((m) => (
        <button
          key={m}
          type="button"
          className="study-mode"
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
        >
          {m === 'review' ? 'Review' : 'Practice'}
        </button>
      ))}
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
  return (
    <QuestionCard
      item={item}
      label={`Question ${state.index + 1}`}
      state={state}
      actions={session}
      onEdit={onEdit}
      top={<Navigation session={session} />}
      schedule={
        session.review && state.evaluation ? (
          <SchedulePanel
            review={session.review}
            correct={isCorrectEvaluation(state.evaluation)}
            pending={null}
            error={null}
            onRate={null}
          />
        ) : null
      }
    />
  );
}
