import type { Page, Route } from '@playwright/test';
import {
  ratingForEvaluation,
  type ConceptMastery,
  type DeckMasteryResponse,
  type DueCounts,
  type ReviewDueCountsResponse,
  type ReviewDueResponse,
  type ReviewQuestion,
  type ReviewRating,
  type ReviewSettings,
  type ReviewState,
  type ReviewStatsResponse,
  type SummaryQuizResponse,
} from '@mnemo/contracts/api/review';
import type { Evaluation, Question } from '@mnemo/contracts/entities/question';
import type { ErrorCode } from '@mnemo/contracts/errors';
import { RecordingFake } from './fake-calls';
import { failure, uuid } from './fake-deck-api';

// A stateful stand-in for the deck service's spaced-repetition calls (issue 20), answering in the
// wire format of @mnemo/contracts/api/review (the answers are typed by it): the due queue and
// counts, evaluate with the schedule, the rating override, mastery, statistics, settings and the
// summary quiz, plus the deck's question list. Install it after FakeDeckApi.install (the last route
// registered answers first); calls it does not know fall through to FakeDeckApi.
//
// The intervals are the fake's own (Again 10 minutes, Hard 1 day, Good 4 days, Easy 10 days); the
// rating comes from the contracts' own rule, as the server's does.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const INTERVAL: Record<ReviewRating, number> = {
  again: 10 * MINUTE,
  hard: DAY,
  good: 4 * DAY,
  easy: 10 * DAY,
};

export function mcQuestion(
  deckId: string,
  text: string,
  options: string[],
  correct: number,
  concepts: string[] = [],
): Question {
  return {
    _id: uuid(),
    deck: deckId,
    question: text,
    questionType: 'multiple_choice',
    options,
    correctAnswerIndex: correct,
    correctAnswerText: options[correct] ?? null,
    expectedAnswer: null,
    caseContext: null,
    source: null,
    answer: null,
    concepts,
  };
}

export function frQuestion(
  deckId: string,
  text: string,
  expected: string,
  concepts: string[] = [],
): Question {
  return {
    _id: uuid(),
    deck: deckId,
    question: text,
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: expected,
    caseContext: null,
    source: null,
    answer: null,
    concepts,
  };
}

export class FakeReviewApi extends RecordingFake {
  questions: Question[] = [];
  states = new Map<string, ReviewState>();
  settings: ReviewSettings = {
    desiredRetention: 0.9,
    newPerDay: 20,
    reviewsPerDay: 200,
    timeZone: 'UTC',
  };
  /** The free-response accuracy the fake AI gives. */
  accuracy = 8;
  /** Mastery per concept to answer with; computed from the states when null. */
  mastery: ConceptMastery[] | null = null;
  stats: ReviewStatsResponse = exampleStats();
  /** When set, an override answers this error code (409 REVIEW_OVERRIDE_EXPIRED and the like). */
  overrideError: { status: number; code: ErrorCode } | null = null;

  /** Marks a question as studied and due again `dueInMs` from now (negative: overdue). */
  studied(question: Question, dueInMs: number, rating: ReviewRating = 'good'): void {
    this.states.set(question._id, {
      rating,
      state: 'review',
      due: new Date(Date.now() + dueInMs).toISOString(),
      stability: 4,
      difficulty: 5,
      reps: 2,
      lapses: 0,
      scheduledDays: 4,
      lastReview: new Date(Date.now() - DAY).toISOString(),
    });
  }

  private isDue(q: Question, now: number): 'due' | 'learning' | 'new' | null {
    const state = this.states.get(q._id);
    if (!state) return 'new';
    if (new Date(state.due).getTime() > now) return null;
    return state.state === 'learning' || state.state === 'relearning' ? 'learning' : 'due';
  }

  private queue(deckId: string | null): { questions: ReviewQuestion[]; counts: DueCounts } {
    const now = Date.now();
    const counts: DueCounts = { due: 0, new: 0, learning: 0 };
    const picked: ReviewQuestion[] = [];
    for (const kind of ['due', 'learning', 'new'] as const) {
      for (const q of this.questions) {
        if (deckId && q.deck !== deckId) continue;
        if (this.isDue(q, now) !== kind) continue;
        counts[kind] += 1;
        picked.push({ ...q, review: this.states.get(q._id) ?? null });
      }
    }
    return { questions: picked, counts };
  }

  private dueCounts(): ReviewDueCountsResponse {
    const all = this.queue(null).counts;
    const decks = [...new Set(this.questions.map((q) => q.deck))]
      .map((deckId) => ({ deckId, ...this.queue(deckId).counts }))
      .filter((d) => d.due + d.new + d.learning > 0);
    return { success: true, total: all, decks };
  }

  private schedule(questionId: string, rating: ReviewRating): ReviewState {
    const before = this.states.get(questionId);
    const now = Date.now();
    const state: ReviewState = {
      rating,
      state: rating === 'again' ? (before ? 'relearning' : 'learning') : 'review',
      due: new Date(now + INTERVAL[rating]).toISOString(),
      stability: INTERVAL[rating] / DAY,
      difficulty: 5,
      reps: (before?.reps ?? 0) + 1,
      lapses: (before?.lapses ?? 0) + (rating === 'again' && before ? 1 : 0),
      scheduledDays: Math.floor(INTERVAL[rating] / DAY),
      lastReview: new Date(now).toISOString(),
      overridableUntil: new Date(now + 10 * MINUTE).toISOString(),
    };
    this.states.set(questionId, state);
    return state;
  }

  private masteryOf(deckId: string): DeckMasteryResponse {
    const byConcept = new Map<string, ConceptMastery>();
    const deckQuestions = this.questions.filter((q) => q.deck === deckId);
    for (const q of deckQuestions) {
      const state = this.states.get(q._id);
      const value = !state ? 0 : state.rating === 'again' ? 0.3 : 0.9;
      for (const concept of q.concepts ?? []) {
        const c = byConcept.get(concept) ?? {
          concept,
          mastery: 0,
          questions: 0,
          due: 0,
          lastReviewed: null,
        };
        c.mastery = (c.mastery * c.questions + value) / (c.questions + 1);
        c.questions += 1;
        byConcept.set(concept, c);
      }
    }
    const concepts = this.mastery ?? [...byConcept.values()].sort((a, b) => a.mastery - b.mastery);
    const overall =
      concepts.length === 0 ? 0 : concepts.reduce((s, c) => s + c.mastery, 0) / concepts.length;
    return { success: true, concepts, overall };
  }

  async install(page: Page): Promise<void> {
    await page.route(
      (url) =>
        url.pathname.startsWith('/api/review/') ||
        url.pathname.startsWith('/api/questions/') ||
        /^\/api\/decks\/[^/]+\/(mastery|quiz)$/.test(url.pathname),
      (route) => this.answer(route),
    );
  }

  private async answer(route: Route): Promise<void> {
    const { method, path, query, body, parts, answer: reply } = this.record(route);

    if (path === '/review/due-counts' && method === 'GET')
      return reply('GET /review/due-counts', this.dueCounts());
    if (path === '/review/due' && method === 'GET') {
      const answer: ReviewDueResponse = { success: true, ...this.queue(query.deckId ?? null) };
      return reply('GET /review/due', answer);
    }
    if (path === '/review/stats' && method === 'GET') return reply('GET /review/stats', this.stats);
    if (path === '/review/settings') {
      if (method === 'PUT') {
        this.settings = { ...this.settings, ...(body as object) };
        return reply('PUT /review/settings', { success: true, settings: this.settings });
      }
      return reply('GET /review/settings', { success: true, settings: this.settings });
    }
    if (parts[0] === 'decks' && parts[2] === 'mastery')
      return reply('GET /decks/:id/mastery', this.masteryOf(parts[1]!));
    if (parts[0] === 'decks' && parts[2] === 'quiz') {
      const count = Number(query.count ?? '10');
      const answer: SummaryQuizResponse = {
        success: true,
        questions: this.questions.filter((q) => q.deck === parts[1]).slice(0, count),
      };
      return reply('GET /decks/:id/quiz', answer);
    }
    if (parts[0] === 'questions' && parts[1] === 'deck' && parts[3] === 'all') {
      return reply('GET /questions/deck/:deckId/all', {
        success: true,
        questions: this.questions.filter((q) => q.deck === parts[2]),
      });
    }
    if (parts[0] === 'questions' && parts[2] === 'evaluate' && method === 'POST') {
      const question = this.questions.find((q) => q._id === parts[1]);
      if (!question) return failure(404, 'NOT_FOUND', 'Question not found')(route);
      const input = body as { response: number | string; practice?: boolean; timeTakenMs?: number };
      const evaluation: Evaluation =
        question.options.length > 0
          ? {
              multipleChoice: {
                isCorrect: input.response === question.correctAnswerIndex,
                correctAnswerIndex: question.correctAnswerIndex,
                correctAnswerText: question.correctAnswerText ?? '',
              },
            }
          : {
              freeResponse: {
                accuracy: this.accuracy,
                clarity: 7,
                depth: 6,
                feedback: 'Graded by the fake.',
                stoplight: this.accuracy >= 7 ? 'green' : 'red',
                isCorrect: this.accuracy >= 7,
              },
            };
      const review = input.practice
        ? null
        : this.schedule(
            question._id,
            ratingForEvaluation({
              evaluation,
              timeTakenMs: input.timeTakenMs,
              correctRunBefore: 0,
            }),
          );
      return reply('POST /questions/:id/evaluate', { success: true, evaluation, question, review });
    }
    if (parts[0] === 'questions' && parts[2] === 'review' && method === 'POST') {
      if (this.overrideError) {
        const { status, code } = this.overrideError;
        return failure(status, code, 'The override window has passed')(route);
      }
      if (!this.states.has(parts[1]!)) {
        return failure(404, 'REVIEW_NOT_FOUND', 'No review to change')(route);
      }
      const { rating } = body as { rating: ReviewRating };
      return reply('POST /questions/:id/review', {
        success: true,
        review: this.schedule(parts[1]!, rating),
      });
    }
    return route.fallback();
  }
}

/** Thirty days of statistics ending today: some study, retention around 85%, a forecast. */
export function exampleStats(): ReviewStatsResponse {
  const today = new Date();
  const day = (offset: number) =>
    new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
  const perDay = Array.from({ length: 30 }, (_, i) => {
    const reviews = i % 3 === 0 ? 0 : (i * 7) % 23;
    return { date: day(i - 29), reviews, again: Math.floor(reviews / 6) };
  });
  return {
    success: true,
    perDay,
    retention: {
      overall: 0.86,
      perDay: perDay.map((d) => ({
        date: d.date,
        retention: d.reviews === 0 ? null : 1 - d.again / d.reviews,
      })),
    },
    forecast: Array.from({ length: 30 }, (_, i) => ({ date: day(i), due: (i * 5) % 9 })),
    streak: { current: 2, longest: 6 },
  };
}
