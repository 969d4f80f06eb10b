import { expect, test, type Page } from '@playwright/test';
import type { EvaluateCardResponse } from '@mnemo/contracts/api/cards';
import type {
  AllQuestionsResponse,
  EvaluateQuestionResponse,
} from '@mnemo/contracts/api/questions';
import type { Card } from '@mnemo/contracts/entities/card';
import type { Evaluation, Question as ContractQuestion } from '@mnemo/contracts/entities/question';
import { answerAs } from './fake-calls';
import { FakeDeckApi, PUBLISHED_BY_OTHER, failure, uuid, type FakeDeck } from './fake-deck-api';

// The Flashcards tab's question session (spec 02 §2, §4, §8, §9). The deck, the visitor and the
// rest of the API come from FakeDeckApi; the study calls (GET /questions/deck/:id/all,
// GET /cards/deck/:id, POST /questions/:id/evaluate, POST /cards/:id/evaluate) are played here in
// the wire format of @mnemo/contracts and recorded, so each test checks what the page sent.

// Each test walks several questions through their evaluations; on a loaded two-core machine that
// can pass the default 30 s while working correctly.
test.describe.configure({ timeout: 60_000 });

/**
 * A question as the service answers it (the contracts' Question), except that its type may be one
 * the contract's `questionTypeSchema` does not list: on purpose, for the test of a type this client
 * does not know (a newer service's), which must show the unknown-type message, not fail the list.
 */
type Question = Omit<ContractQuestion, 'questionType'> & { questionType: string };

/** GET /questions/deck/:deckId/all's answer (AllQuestionsResponse) over such questions. */
type StudyQuestionsAnswer = Omit<AllQuestionsResponse, 'questions'> & { questions: Question[] };
/** POST /questions/:id/evaluate's answer (EvaluateQuestionResponse) for such a question. */
type EvaluatedQuestion = Omit<EvaluateQuestionResponse, 'question'> & { question: Question };

function mc(deckId: string, text: string, options: string[], correct: number): Question {
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
  };
}

function fr(deckId: string, text: string, expected: string, over: Partial<Question> = {}) {
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
    ...over,
  } satisfies Question;
}

interface Graded {
  accuracy: number;
  clarity: number;
  depth: number;
  feedback: string;
  stoplight: 'green' | 'yellow' | 'red';
}

interface StudyService {
  questions: Question[];
  cards: Card[];
  evaluations: { path: string; body: unknown }[];
  /** The free-response grade the fake AI gives. */
  grade: Graded;
  /** When set, the evaluate calls answer with this status. */
  evaluateStatus: number | null;
  listStatus: number | null;
}

/** A signed-in owner (or a viewer of a published deck) on a deck whose study calls `service` plays. */
async function openStudy(
  page: Page,
  { viewer = false }: { viewer?: boolean } = {},
): Promise<{ deck: FakeDeck; service: StudyService; api: FakeDeckApi }> {
  const api = new FakeDeckApi({ signedIn: true });
  const deck = api.addDeck('Biology', viewer ? { presented: PUBLISHED_BY_OTHER } : {});
  const service: StudyService = {
    questions: [],
    cards: [],
    evaluations: [],
    grade: { accuracy: 8, clarity: 6, depth: 3, feedback: 'Mostly right.', stoplight: 'green' },
    evaluateStatus: null,
    listStatus: null,
  };
  await api.install(page);
  await page.route(
    (url) => url.pathname.startsWith('/api/questions/') || url.pathname.startsWith('/api/cards/'),
    (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace(/^\/api/, '');
      const method = request.method();
      if (method === 'GET' && path === `/questions/deck/${deck._id}/all`) {
        if (service.listStatus) return failure(service.listStatus, 'INTERNAL', 'Boom')(route);
        // Not answerAs: a question's type may be outside the contract on purpose (`Question`).
        return route.fulfill({
          json: { success: true, questions: service.questions } satisfies StudyQuestionsAnswer,
        });
      }
      if (method === 'GET' && path === `/cards/deck/${deck._id}`) {
        return answerAs(route, 'GET /cards/deck/:deckId', { success: true, cards: service.cards });
      }
      const evaluate = /^\/(questions|cards)\/([^/]+)\/evaluate$/.exec(path);
      if (method === 'POST' && evaluate) {
        const body = request.postDataJSON() as { response?: unknown; answer?: unknown };
        service.evaluations.push({ path, body });
        if (service.evaluateStatus) {
          return failure(service.evaluateStatus, 'NOT_FOUND', 'Question not found')(route);
        }
        const isCard = evaluate[1] === 'cards';
        const card = isCard ? service.cards.find((c) => c._id === evaluate[2]) : undefined;
        const question = isCard ? undefined : service.questions.find((q) => q._id === evaluate[2]);
        const item = card ?? question;
        if (!item) return failure(404, 'NOT_FOUND', 'Not found')(route);
        const options = item.options ?? [];
        const correctIndex = item.correctAnswerIndex ?? null;
        const picked = isCard
          ? String(body.answer)
              .replace(/^Option /, '')
              .charCodeAt(0) - 65
          : body.response;
        const evaluation: Evaluation =
          options.length > 0
            ? {
                multipleChoice: {
                  isCorrect: picked === correctIndex,
                  correctAnswerIndex: correctIndex,
                  correctAnswerText: options[correctIndex ?? 0],
                },
              }
            : { freeResponse: { ...service.grade, isCorrect: service.grade.accuracy >= 7 } };
        if (card) {
          return answerAs(route, 'POST /cards/:id/evaluate', {
            success: true,
            evaluation,
            card,
          } satisfies EvaluateCardResponse);
        }
        if (!question) return failure(404, 'NOT_FOUND', 'Not found')(route);
        // Not answerAs: the question's type may be outside the contract on purpose (`Question`).
        return route.fulfill({
          json: { success: true, evaluation, question } satisfies EvaluatedQuestion,
        });
      }
      return failure(404, 'NOT_FOUND', 'Not found')(route);
    },
  );
  return { deck, service, api };
}

// Everything is looked up inside the session, so the chat sidebar's own buttons and alerts never
// match by accident.
const session = (page: Page) => page.getByRole('region', { name: 'Flashcards' });
const position = (page: Page) => session(page).getByText(/^Question \d+ of \d+$/);
const option = (page: Page, letter: string) =>
  session(page).getByRole('button', { name: new RegExp(`^${letter}\\s`) });
const button = (page: Page, name: string) =>
  session(page).getByRole('button', { name, exact: true });
const submit = (page: Page) => button(page, 'Submit Answer');
const evaluation = (page: Page) => session(page).getByRole('region', { name: 'Evaluation' });
const alert = (page: Page) => session(page).getByRole('alert');

function fourQuestions(deckId: string): Question[] {
  return [
    mc(deckId, 'Which organelle makes ATP?', ['Nucleus', 'Mitochondrion', 'Ribosome'], 1),
    fr(deckId, 'What does osmosis move?', 'Water across a membrane'),
    mc(deckId, 'What carries genetic code?', ['DNA', 'Lipids', 'Starch', 'Salt'], 0),
    fr(deckId, 'Why do cells divide?', 'To grow and repair', {
      questionType: 'case_free_response',
      caseContext: 'A cut on a hand heals over two weeks.',
    }),
  ];
}

test('a wrong and a right multiple-choice answer are evaluated, locked and shown', async ({
  page,
}) => {
  const { deck, service } = await openStudy(page);
  service.questions = fourQuestions(deck._id);
  await page.goto(`/deck/${deck._id}/flashcards`);

  await expect(
    session(page).getByRole('heading', { name: 'Which organelle makes ATP?' }),
  ).toBeVisible();
  await expect(position(page)).toHaveText('Question 1 of 4');
  await expect(submit(page)).toBeDisabled();

  await option(page, 'A').click();
  await expect(option(page, 'A')).toHaveAttribute('aria-pressed', 'true');
  await submit(page).click();
  await expect(evaluation(page).getByRole('heading', { name: 'Incorrect' })).toBeVisible();
  await expect(evaluation(page)).toContainText('Your answer: A. Nucleus');
  await expect(evaluation(page)).toContainText('Correct answer: B. Mitochondrion');
  // No card is due (the due counts fail here), so the session opens in Practice (issue 20).
  expect(service.evaluations).toEqual([
    {
      path: `/questions/${service.questions[0]!._id}/evaluate`,
      body: { response: 0, practice: true },
    },
  ]);
  // The answer is locked: the options no longer take a pick.
  await expect(option(page, 'C')).toBeDisabled();
  await expect(option(page, 'B')).toHaveAttribute('data-outcome', 'correct');
  await expect(option(page, 'A')).toHaveAttribute('data-outcome', 'incorrect');
  await expect(button(page, 'Explain the answer')).toBeVisible();

  // Next Question moves on with a clean slate; the third question is answered right.
  await button(page, 'Next Question').click();
  await expect(position(page)).toHaveText('Question 2 of 4');
  await expect(evaluation(page)).toHaveCount(0);
  await button(page, 'Next').click();
  await expect(position(page)).toHaveText('Question 3 of 4');
  await option(page, 'A').click();
  await submit(page).click();
  await expect(evaluation(page).getByRole('heading', { name: 'Correct!' })).toBeVisible();
  await expect(evaluation(page)).toContainText('Correct answer: A. DNA');
  await expect(button(page, 'Elaborate on this')).toBeVisible();
});

test('a free response is graded with three bars out of 10, the feedback and the stoplight', async ({
  page,
}) => {
  const { deck, service } = await openStudy(page);
  service.questions = fourQuestions(deck._id);
  await page.goto(`/deck/${deck._id}/flashcards`);
  await button(page, 'Previous').click();
  await expect(position(page)).toHaveText('Question 4 of 4');
  // The case question shows its passage above the question.
  await expect(session(page).getByRole('region', { name: 'Case' })).toContainText(
    'A cut on a hand heals over two weeks.',
  );

  const answer = session(page).getByLabel('Your answer');
  await answer.fill('   ');
  await expect(submit(page)).toBeDisabled();
  await answer.fill('  Cells divide to grow and to repair tissue.  ');
  await submit(page).click();

  const result = evaluation(page);
  await expect(result.getByRole('heading', { name: 'Correct!' })).toBeVisible();
  await expect(result.getByRole('meter', { name: 'Accuracy' })).toHaveAttribute(
    'aria-valuenow',
    '8',
  );
  await expect(result.getByRole('meter', { name: 'Clarity' })).toHaveAttribute(
    'aria-valuenow',
    '6',
  );
  await expect(result.getByRole('meter', { name: 'Depth' })).toHaveAttribute('aria-valuenow', '3');
  await expect(result).toContainText('Accuracy8/10');
  // Depth is below 4, so its bar is dimmed; the others are not.
  await expect(result.locator('.study-score[data-dimmed="true"]')).toHaveCount(1);
  await expect(result.locator('.study-score[data-dimmed="true"]')).toContainText('Depth');
  await expect(result.getByRole('img', { name: 'Stoplight: green' })).toBeVisible();
  await expect(result).toContainText('Mostly right.');
  await expect(result).toContainText('Expected answer: To grow and repair');
  await expect(answer).toHaveAttribute('readonly', '');
  expect(service.evaluations.at(-1)?.body).toEqual({
    response: 'Cells divide to grow and to repair tissue.',
    practice: true,
  });

  // Below accuracy 7 the same screen says Incorrect, with a red light.
  service.grade = { accuracy: 5, clarity: 5, depth: 5, feedback: 'Too vague.', stoplight: 'red' };
  await button(page, 'Next Question').click();
  await button(page, 'Next').click();
  await expect(position(page)).toHaveText('Question 2 of 4');
  await expect(session(page).getByLabel('Your answer')).toHaveValue('');
  await session(page).getByLabel('Your answer').fill('Salt');
  await submit(page).click();
  await expect(evaluation(page).getByRole('heading', { name: 'Incorrect' })).toBeVisible();
  await expect(evaluation(page).getByRole('img', { name: 'Stoplight: red' })).toBeVisible();
});

test('navigation wraps around, the type filter goes back to the first question, shuffle jumps', async ({
  page,
}) => {
  // Shuffle draws Math.random(): pinned so the jump is known (0.7 of the three other questions).
  await page.addInitScript(() => {
    Math.random = () => 0.7;
  });
  const { deck, service } = await openStudy(page);
  service.questions = fourQuestions(deck._id);
  await page.goto(`/deck/${deck._id}/flashcards`);

  const next = button(page, 'Next');
  const previous = button(page, 'Previous');
  await expect(position(page)).toHaveText('Question 1 of 4');
  await previous.click();
  await expect(position(page)).toHaveText('Question 4 of 4');
  await next.click();
  await expect(position(page)).toHaveText('Question 1 of 4');
  await next.click();
  await next.click();
  await expect(position(page)).toHaveText('Question 3 of 4');

  const filter = session(page).getByLabel('Question type');
  await expect(filter.locator('option')).toHaveText([
    'All Questions',
    'Multiple Choice',
    'Free Response',
    'Case Multiple Choice',
    'Case Free Response',
  ]);
  await filter.selectOption({ label: 'Multiple Choice' });
  await expect(position(page)).toHaveText('Question 1 of 2');
  await expect(
    session(page).getByRole('heading', { name: 'Which organelle makes ATP?' }),
  ).toBeVisible();
  await next.click();
  await next.click();
  await expect(position(page)).toHaveText('Question 1 of 2');

  await filter.selectOption({ label: 'Case Multiple Choice' });
  await expect(
    session(page).getByText('This deck has no Case Multiple Choice questions.'),
  ).toBeVisible();

  await filter.selectOption({ label: 'All Questions' });
  await expect(position(page)).toHaveText('Question 1 of 4');
  // An answer in progress is dropped by the jump.
  await option(page, 'C').click();
  await button(page, 'Shuffle').click();
  await expect(position(page)).toHaveText('Question 4 of 4');
  await expect(session(page).getByRole('heading', { name: 'Why do cells divide?' })).toBeVisible();
  // Back on the first question (wrapping forward), the earlier pick is gone.
  await button(page, 'Next').click();
  await expect(position(page)).toHaveText('Question 1 of 4');
  await expect(option(page, 'C')).toHaveAttribute('aria-pressed', 'false');
});

test('a viewer of a published deck studies it; a refused evaluation shows the error and can be retried', async ({
  page,
}) => {
  const { deck, service } = await openStudy(page, { viewer: true });
  service.questions = fourQuestions(deck._id);
  service.evaluateStatus = 404;
  await page.goto(`/deck/${deck._id}/flashcards`);

  await option(page, 'B').click();
  await submit(page).click();
  await expect(alert(page).filter({ hasText: 'Failed to evaluate' })).toHaveText(
    'Failed to evaluate your response. Please try again.',
  );
  // Still on the page (no access-denied redirect), the pick kept and unlocked. The address
  // records the mode the page settled on (nothing is due: Practice), so it outlives a remount.
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/flashcards\\?mode=practice$`));
  await expect(option(page, 'B')).toBeEnabled();
  await expect(option(page, 'B')).toHaveAttribute('aria-pressed', 'true');

  service.evaluateStatus = null;
  await submit(page).click();
  await expect(evaluation(page).getByRole('heading', { name: 'Correct!' })).toBeVisible();
  await expect(session(page).getByText('Failed to evaluate your response.')).toHaveCount(0);

  // Editing is not theirs: the edit action asks them to clone the deck first.
  await button(page, 'Edit question').click();
  const clone = page.getByRole('dialog', { name: 'Clone Deck' });
  await expect(clone.getByText('This deck must be cloned to your library first.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/flashcards\\?mode=practice$`));
});

test("without questions the deck's cards are studied, multiple choice answered as 'Option X'", async ({
  page,
}) => {
  const { deck, service } = await openStudy(page);
  service.cards = [
    {
      _id: uuid(),
      front: 'Which gas do plants take in?',
      back: 'Carbon dioxide',
      deckId: deck._id,
      source: null,
      options: ['Oxygen', 'Carbon dioxide', 'Helium'],
      correctAnswerIndex: 1,
    },
    {
      _id: uuid(),
      front: 'What is photosynthesis?',
      back: '',
      deckId: deck._id,
      source: null,
      options: [],
      correctAnswerIndex: null,
    },
  ];
  await page.goto(`/deck/${deck._id}/flashcards`);

  await expect(
    session(page).getByText('This deck has no questions yet, so you are studying its cards.'),
  ).toBeVisible();
  await option(page, 'C').click();
  await submit(page).click();
  await expect(evaluation(page).getByRole('heading', { name: 'Incorrect' })).toBeVisible();
  await expect(evaluation(page)).toContainText('Correct answer: B. Carbon dioxide');
  const cardId = service.cards[0]!._id as string;
  expect(service.evaluations).toEqual([
    { path: `/cards/${cardId}/evaluate`, body: { answer: 'Option C', cardId } },
  ]);

  // A card without an answer says so once evaluated.
  await button(page, 'Next Question').click();
  await session(page).getByLabel('Your answer').fill('Light into sugar');
  await submit(page).click();
  await expect(evaluation(page)).toContainText('Expected answer: No answer provided');
});

test('the load error, the empty deck and an unknown question type', async ({ page }) => {
  const { deck, service } = await openStudy(page);
  service.listStatus = 500;
  await page.goto(`/deck/${deck._id}/flashcards`);
  await expect(alert(page)).toContainText('Failed to load data. Please try again later.');

  // Try Again loads the deck, which has nothing to study yet.
  service.listStatus = null;
  await button(page, 'Try Again').click();
  await expect(
    session(page).getByRole('heading', { name: 'No questions to study yet' }),
  ).toBeVisible();
  await button(page, 'Go to Edit').click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/edit$`));

  service.questions = [
    { ...fr(deck._id, 'True or false: the sky is green.', 'False'), questionType: 'true_false' },
  ];
  await page.goto(`/deck/${deck._id}/flashcards`);
  await expect(alert(page)).toHaveText('Unknown question type: true_false');
  await expect(submit(page)).toHaveCount(0);
});
