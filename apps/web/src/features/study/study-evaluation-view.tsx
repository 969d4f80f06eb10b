import type { ReactNode } from 'react';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import { FOLLOW_UP_LABELS, followUpKind } from './study-chat';
import { correctOption, isCorrectEvaluation, scoreBars, type ScoreBar } from './study-evaluation';
import { displayedAnswer, submissionText, type StudyItem, type Submission } from './study-items';
import { STUDY_MESSAGES as M } from './study-messages';

const STOPLIGHT_LAMPS = ['red', 'yellow', 'green'] as const;

function ScoreBarView({ bar }: { bar: ScoreBar }) {
  return (
    <div className="study-score" data-dimmed={bar.dimmed}>
      <span className="study-score-label">{bar.label}</span>
      <div
        className="study-score-track"
        role="meter"
        aria-label={bar.label}
        aria-valuemin={0}
        aria-valuemax={bar.max}
        aria-valuenow={bar.value}
      >
        <span className="study-score-fill" style={{ width: `${bar.percent}%` }} />
      </div>
      <span className="study-score-value">
        {bar.value}/{bar.max}
      </span>
    </div>
  );
}

function Stoplight({ colour }: { colour: (typeof STOPLIGHT_LAMPS)[number] }) {
  return (
    <div
      className="study-stoplight"
      role="img"
      aria-label={`Stoplight: ${colour}`}
      data-stoplight={colour}
    >
      {STOPLIGHT_LAMPS.map((lamp) => (
        <span key={lamp} className={`study-lamp study-lamp-${lamp}`} data-on={lamp === colour} />
      ))}
    </div>
  );
}

/**
 * The evaluation of a submitted answer (spec 02 §3, §4, §9): right or wrong with the correct option
 * for multiple choice; accuracy, clarity and depth out of 10, feedback and the stoplight for free
 * response; then Next Question or the follow-up that asks the chat. `children` (Review mode's
 * schedule and overrides) come between the verdict and the buttons.
 */
export function EvaluationView({
  item,
  submitted,
  evaluation,
  onNext,
  onFollowUp,
  nextLabel = 'Next Question',
  children,
}: {
  item: StudyItem;
  submitted: Submission;
  evaluation: Evaluation;
  onNext: () => void;
  onFollowUp: () => void;
  nextLabel?: string | undefined;
  children?: ReactNode;
}) {
  const correct = isCorrectEvaluation(evaluation);
  const kind = followUpKind(evaluation);
  const mc = evaluation.multipleChoice;
  const fr = evaluation.freeResponse;
  const right = mc ? correctOption(item, evaluation) : null;
  return (
    <section
      className="study-evaluation"
      data-correct={correct}
      aria-label="Evaluation"
      aria-live="polite"
    >
      <h3 className="study-verdict">{correct ? 'Correct!' : 'Incorrect'}</h3>
      <p className="study-your-answer">
        <strong>Your answer:</strong> {submissionText(item, submitted) || M.noAnswer}
      </p>
      {mc && (
        <p className="study-correct-answer">
          <strong>Correct answer:</strong>{' '}
          {right ? `${right.letter}. ${right.text}` : displayedAnswer(item)}
        </p>
      )}
      {fr && (
        <>
          <div className="study-scores">
            {scoreBars(fr).map((bar) => (
              <ScoreBarView key={bar.label} bar={bar} />
            ))}
            <Stoplight colour={fr.stoplight} />
          </div>
          <p className="study-feedback">{fr.feedback}</p>
          <p className="study-correct-answer">
            <strong>Expected answer:</strong> {displayedAnswer(item)}
          </p>
        </>
      )}
      {children}
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={onNext}>
          {nextLabel}
        </button>
        <button type="button" className="btn" onClick={onFollowUp}>
          {FOLLOW_UP_LABELS[kind]}
        </button>
      </div>
    </section>
  );
}
