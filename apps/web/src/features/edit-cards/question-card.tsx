import type { Question } from '@mnemo/contracts/entities/question';
import { EDIT_CARDS_MESSAGES } from './edit-cards-messages';
import {
  QUESTION_TYPE_LABELS,
  answerHeading,
  displayAnswer,
  isMultipleChoice,
  optionLetter,
} from '../../lib/question-format';

export type CardsView = 'grid' | 'list';

interface QuestionItemProps {
  question: Question;
  /** Its number on the screen, counted across pages. */
  number: number;
  view: CardsView;
  /** Showing the answer instead of (grid) or under (list) the question. */
  flipped: boolean;
  onFlip: () => void;
  /** Owners select and edit; others only read. */
  owner: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
}

/** One question of the edit screen: a flip card in the grid, a row in the list. */
export function QuestionItem(props: QuestionItemProps) {
  const { question, number, view, flipped, owner } = props;
  const front = <QuestionFront question={question} />;
  const back = <QuestionBack question={question} />;
  return (
    <li
      className={`question-item question-${view}`}
      data-flipped={flipped}
      data-selected={props.selected}
      aria-label={`Question ${number}`}
    >
      <div className="question-bar">
        {owner && (
          <input
            type="checkbox"
            checked={props.selected}
            onChange={(e) => props.onSelect(e.target.checked)}
            aria-label={`Select question ${number}`}
          />
        )}
        <span className="question-number">{number}</span>
        <span className="badge badge-kind">{QUESTION_TYPE_LABELS[question.questionType]}</span>
        <span className="question-bar-actions">
          <button
            type="button"
            className="link-button"
            aria-pressed={flipped}
            aria-label={`Flip question ${number}`}
            onClick={props.onFlip}
          >
            {flipped ? 'Question' : 'Answer'}
          </button>
          {owner && (
            <button
              type="button"
              className="link-button"
              aria-label={`Edit question ${number}`}
              onClick={props.onEdit}
            >
              Edit
            </button>
          )}
        </span>
      </div>
      {question.source && (
        <p className="question-source muted" title={question.source.title}>
          {question.source.title}
        </p>
      )}
      {view === 'grid' ? (
        // A click on the card turns it over too; the Answer/Question button is the keyboard way.
        <div className="question-face" key={String(flipped)} onClick={props.onFlip}>
          {flipped ? back : front}
        </div>
      ) : (
        <div className="question-face">
          {front}
          {flipped && back}
        </div>
      )}
    </li>
  );
}

function QuestionFront({ question }: { question: Question }) {
  return (
    <div className="question-front">
      {question.caseContext && <p className="question-case">{question.caseContext}</p>}
      <p className="question-text">{question.question}</p>
      {isMultipleChoice(question.questionType) && question.options.length > 0 && (
        <ol className="question-options">
          {question.options.map((option, i) => (
            <li key={i}>
              <span className="option-letter">{optionLetter(i)}.</span> {option}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function QuestionBack({ question }: { question: Question }) {
  return (
    <div className="question-back">
      <p className="question-answer-heading">{answerHeading(question.questionType)}</p>
      <p className="question-answer">{displayAnswer(question, EDIT_CARDS_MESSAGES.noAnswer)}</p>
    </div>
  );
}
