import type { ReactNode } from 'react';
import { QUESTION_TYPE_LABELS } from '../../lib/question-format';
import { EvaluationView } from './study-evaluation-view';
import { answerMode, isQuestionType, letteredOptions, type StudyItem } from './study-items';
import type { SessionState } from './study-session';

export interface QuestionCardActions {
  chooseOption: (index: number) => void;
  setDraft: (text: string) => void;
  submit: () => void;
  next: () => void;
  askFollowUp: () => void;
}

/**
 * One question being answered (spec 02 §4, §9), shared by the practice session, Review mode and
 * the summary quiz: its type, case and prompt, the options or the answer box, Submit, then the
 * evaluation. `top` goes above the card's bar (the session's navigation or progress), `schedule`
 * inside the evaluation (when the card comes back and the rating overrides).
 */
export function QuestionCard({
  item,
  label,
  state,
  actions,
  top,
  schedule,
  onEdit,
  nextLabel,
}: {
  item: StudyItem;
  label: string;
  state: Pick<
    SessionState,
    'selectedOption' | 'draft' | 'phase' | 'submitted' | 'evaluation' | 'error'
  >;
  actions: QuestionCardActions;
  top?: ReactNode;
  schedule?: ReactNode;
  onEdit?: (() => void) | null;
  nextLabel?: string;
}) {
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
                onClick={() => actions.chooseOption(option.index)}
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
          onChange={(e) => actions.setDraft(e.target.value)}
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
    <article className="study-card" aria-label={label}>
      {top}
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
            onClick={actions.submit}
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
          onNext={actions.next}
          onFollowUp={actions.askFollowUp}
          nextLabel={nextLabel}
        >
          {schedule}
        </EvaluationView>
      )}
    </article>
  );
}
