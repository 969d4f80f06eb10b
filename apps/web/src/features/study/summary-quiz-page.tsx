import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { SUMMARY_QUIZ_DEFAULT_COUNT } from '@mnemo/contracts/api/review';
import { reviewApi } from '../../lib/review';
import { missedConcepts, queueScore } from './queue-session';
import { QuestionCard } from './question-card';
import { questionItem } from './study-items';
import { useQueueSession, useRatingKeys } from './use-queue-session';

const QUIZ_SIZES = [5, SUMMARY_QUIZ_DEFAULT_COUNT, 20] as const;

/**
 * /deck/$deckId/quiz (issue 20): a summary quiz of N questions spread over the deck's concepts,
 * then the score, the concepts missed and a way to review them. Quiz answers are graded as
 * practice: a quiz samples the whole deck whatever is due, and must not pull cards forward.
 */
export function SummaryQuizPage({ deckId }: { deckId: string }) {
  const [count, setCount] = useState<number>(SUMMARY_QUIZ_DEFAULT_COUNT);
  // Each start is a new quiz: the attempt is part of the key, so a retake draws again.
  const [attempt, setAttempt] = useState(0);
  const quiz = useQuery({
    queryKey: ['deck', deckId, 'quiz', attempt, count],
    queryFn: ({ signal }) => reviewApi.quiz(deckId, count, signal),
    enabled: attempt > 0,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const items = useMemo(() => quiz.data?.questions.map(questionItem), [quiz.data]);
  const session = useQueueSession(items, { practice: true, resetKey: attempt });
  useRatingKeys(session.state.phase === 'evaluated', { rate: null, next: session.next });
  const sizeId = useId();

  const start = (event?: FormEvent) => {
    event?.preventDefault();
    setAttempt((a) => a + 1);
  };

  let body;
  if (attempt === 0) {
    body = (
      <form className="quiz-setup" onSubmit={start}>
        <p>
          A quiz over the whole deck, its questions spread across the concepts it covers. Answers
          are graded; they do not change when cards come back.
        </p>
        <label htmlFor={sizeId}>
          <span>Questions</span>
          <select id={sizeId} value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {QUIZ_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          Start quiz
        </button>
      </form>
    );
  } else if (quiz.isPending) {
    body = (
      <p className="muted" role="status">
        Choosing questions...
      </p>
    );
  } else if (quiz.isError) {
    body = (
      <div className="notice notice-error" role="alert">
        <span>Failed to make a quiz. Please try again.</span>
        <button type="button" className="btn" onClick={() => void quiz.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (!items || items.length === 0) {
    body = (
      <div className="study-empty">
        <h2>No questions to quiz on yet</h2>
        <p className="muted">Generate questions on the Edit tab first.</p>
      </div>
    );
  } else if (session.finished || !session.current) {
    body = <QuizResult deckId={deckId} results={session.state.results} onRetake={() => start()} />;
  } else {
    const { state } = session;
    body = (
      <QuestionCard
        item={session.current}
        label={`Quiz question ${state.index + 1}`}
        state={state}
        actions={session}
        nextLabel={state.index + 1 >= items.length ? 'See my score' : 'Next Question'}
        top={
          <p className="review-progress" role="status">
            Question {state.index + 1} of {items.length}
          </p>
        }
      />
    );
  }

  return (
    <section className="study-session quiz-page" aria-labelledby="quiz-title">
      <header className="study-head">
        <h1 id="quiz-title">Summary quiz</h1>
      </header>
      {body}
    </section>
  );
}

function QuizResult({
  deckId,
  results,
  onRetake,
}: {
  deckId: string;
  results: Parameters<typeof queueScore>[0];
  onRetake: () => void;
}) {
  const { right, total } = queueScore(results);
  const missed = missedConcepts(results);
  return (
    <section className="quiz-result" aria-labelledby="quiz-result-title">
      <h2 id="quiz-result-title">Your score</h2>
      <p className="quiz-score">
        <strong>
          {right} / {total}
        </strong>{' '}
        <span className="muted">({total === 0 ? 0 : Math.round((right / total) * 100)}%)</span>
      </p>
      {missed.length > 0 ? (
        <>
          <h3>Concepts missed</h3>
          <ul className="quiz-missed">
            {missed.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {right === total ? 'Every answer right.' : 'The missed questions have no concepts yet.'}
        </p>
      )}
      <div className="button-row">
        {missed.length > 0 && (
          <Link
            to="/deck/$deckId/flashcards"
            params={{ deckId }}
            search={{ mode: 'practice', concepts: missed }}
            className="btn btn-primary"
          >
            Review missed concepts
          </Link>
        )}
        <button type="button" className="btn" onClick={onRetake}>
          Take another quiz
        </button>
      </div>
    </section>
  );
}
