import { expect, test, type Page } from '@playwright/test';
import { watchDialogClosing } from './dialog-fade';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { Question, QuestionType } from '@mnemo/contracts/entities/question';
import { answerAs } from './fake-calls';
import { FREE_USAGE, failure } from './fake-deck-api';

// The edit-cards screen (spec 02 §2, §4, §5, §8) against a played question service: page.route
// answers the question calls in the wire format of @mnemo/contracts (list {questions, pagination
// {total, pages}}, generate {status, jobId, questions}, PUT and DELETE {question}; errors as
// {success:false, error, message, code}) from an in-memory deck the test inspects.

const DECK_ID = '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01';
const SOURCE_ID = '6f1c4b0e-8f0a-4c39-9a57-3b2f1e0d9c11';
const USER_ID = '0d9f3c1e-2a4b-4c6d-8e0f-1a2b3c4d5e6f';
const NOW = '2025-03-01T10:00:00.000Z';
const EDIT_URL = `/deck/${DECK_ID}/edit`;

let nextId = 1;
const uuid = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

function question(
  n: number,
  type: QuestionType = n % 2 === 1 ? 'multiple_choice' : 'free_response',
): Question {
  const choice = type === 'multiple_choice' || type === 'case_multiple_choice';
  return {
    _id: uuid(),
    deck: DECK_ID,
    question: `Question ${n}: what about cells?`,
    questionType: type,
    options: choice ? [`Wrong ${n}a`, `Right ${n}`, `Wrong ${n}b`, `Wrong ${n}c`] : [],
    correctAnswerIndex: choice ? 1 : null,
    correctAnswerText: choice ? `Right ${n}` : null,
    expectedAnswer: choice ? null : `Expected ${n}`,
    caseContext: type.startsWith('case_') ? `Case ${n}: a patient...` : null,
    source: { sourceId: SOURCE_ID, type: 'website', title: 'Cells' },
    answer: null,
  };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  anonymous: string | undefined;
  at: number;
}

type Failing = 'list' | 'all' | 'generate' | 'update' | 'delete';

interface QuestionService {
  questions: Question[];
  calls: Call[];
  /** Calls answered with a server error. */
  failing: Set<Failing>;
  /** Milliseconds each generate call takes. */
  generateDelayMs: number;
  /**
   * Set: generation answers at once with status 'queued' and the questions arrive this many
   * milliseconds later, the way Mnemo's deck service and worker do it.
   */
  queueMs: number | null;
  /** Overrides the list answer while it returns an array (isGenerating polling). */
  listOverride: (() => Question[] | null) | null;
  generated: number;
}

const serverError = failure(500, 'INTERNAL', 'Something went wrong on our side.');

/** Plays the question calls of spec 02 §7 over `service`. */
async function playQuestions(page: Page, initial: Question[] = []): Promise<QuestionService> {
  const service: QuestionService = {
    questions: [...initial],
    calls: [],
    failing: new Set(),
    generateDelayMs: 0,
    queueMs: null,
    listOverride: null,
    generated: 0,
  };
  await page.route(
    (url) => url.pathname.startsWith('/api/questions/'),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const method = request.method();
      const path = url.pathname.slice('/api'.length);
      service.calls.push({
        method,
        path,
        query: url.searchParams,
        body: request.postDataJSON() as unknown,
        anonymous: request.headers()['x-anonymous-session'],
        at: Date.now(),
      });
      const deckPath = `/questions/deck/${DECK_ID}`;

      if (method === 'GET' && path === deckPath) {
        if (service.failing.has('list')) return serverError(route);
        const all = service.listOverride?.() ?? service.questions;
        const pageNo = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        return answerAs(route, 'GET /questions/deck/:deckId', {
          success: true,
          questions: all.slice((pageNo - 1) * limit, pageNo * limit),
          pagination: {
            total: all.length,
            pages: Math.ceil(all.length / limit),
            page: pageNo,
            limit,
          },
        });
      }
      if (method === 'GET' && path === `${deckPath}/all`) {
        if (service.failing.has('all')) return serverError(route);
        return answerAs(route, 'GET /questions/deck/:deckId/all', {
          success: true,
          questions: service.questions,
        });
      }
      if (method === 'POST' && path === `${deckPath}/generate`) {
        if (service.generateDelayMs)
          await new Promise((r) => setTimeout(r, service.generateDelayMs));
        if (service.failing.has('generate')) {
          return failure(503, 'AI_UNAVAILABLE', 'The AI service is unavailable.')(route);
        }
        const body = request.postDataJSON() as {
          questionTypes: QuestionType[];
          totalQuestions: number;
        };
        const made = Array.from({ length: body.totalQuestions }, (_, i) => {
          service.generated += 1;
          const q = question(
            100 + service.generated,
            body.questionTypes[i % body.questionTypes.length],
          );
          q.question = `Generated ${service.generated}: why?`;
          return q;
        });
        const jobId = `job-${service.generated}`;
        if (service.queueMs !== null) {
          setTimeout(() => service.questions.push(...made), service.queueMs);
          return answerAs(route, 'POST /questions/deck/:deckId/generate', {
            success: true,
            status: 'queued',
            jobId,
            questions: [],
          });
        }
        service.questions.push(...made);
        return answerAs(route, 'POST /questions/deck/:deckId/generate', {
          success: true,
          status: 'completed',
          jobId,
          questions: made,
        });
      }
      const id = path.split('/')[2] ?? '';
      const index = service.questions.findIndex((q) => q._id === id);
      if (method === 'PUT' && path === `/questions/${id}`) {
        if (service.failing.has('update')) return serverError(route);
        const saved = { ...service.questions[index]!, ...(request.postDataJSON() as object) };
        service.questions[index] = saved;
        return answerAs(route, 'PUT /questions/:id', { success: true, question: saved });
      }
      if (method === 'DELETE' && path === `/questions/${id}`) {
        if (service.failing.has('delete')) return serverError(route);
        const [gone] = service.questions.splice(index, 1);
        return answerAs(route, 'DELETE /questions/:id', { success: true, question: gone! });
      }
      return failure(404, 'NOT_FOUND', 'Not found')(route);
    },
  );
  return service;
}

function deckAnswer(isOwner: boolean): DeckResponse {
  return {
    success: true,
    _id: DECK_ID,
    title: 'Biology',
    description: '',
    sources: [],
    cards: [],
    createdAt: NOW,
    publishedAt: isOwner ? null : NOW,
    isPublished: !isOwner,
    publishedAnonymously: false,
    owner: isOwner ? USER_ID : uuid(),
    ownerName: 'Ada',
    studySpace: null,
    focusInstructions: null,
    systemPrompt: null,
    canView: true,
    canEdit: isOwner,
    isOwner,
  };
}

/** A signed-in visitor (a stored token /auth/me accepts) and the deck, owned by them or not. */
async function signIn(page: Page, { isOwner = true } = {}) {
  await page.route('**/api/auth/me', (route) =>
    answerAs(route, 'GET /auth/me', {
      success: true,
      user: { _id: USER_ID, email: 'ada@example.com', firstName: 'Ada' },
    }),
  );
  await page.route('**/api/spaces', (route) =>
    answerAs(route, 'GET /spaces', { success: true, data: [] }),
  );
  await page.route('**/api/payment/usage', (route) =>
    answerAs(route, 'GET /payment/usage', FREE_USAGE),
  );
  await page.route(`**/api/decks/${DECK_ID}`, (route) =>
    answerAs(route, 'GET /decks/:id', deckAnswer(isOwner)),
  );
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', 'test-token');
      sessionStorage.setItem('seeded', '1');
    }
  });
}

const questions = (count: number) => Array.from({ length: count }, (_, i) => question(i + 1));
const card = (page: Page, n: number) =>
  page.getByRole('listitem', { name: `Question ${n}`, exact: true });
const statusLine = (page: Page) => page.getByText(/^Total questions: /);
const only = (service: QuestionService, method: string, path?: RegExp) =>
  service.calls.filter((c) => c.method === method && (!path || path.test(c.path)));

test.describe('an anonymous visitor', () => {
  test('lands on the edit screen with generated questions, edits one, regenerates two, deletes one', async ({
    page,
  }) => {
    // A long journey: on a loaded machine it passes the 30 s default.
    test.setTimeout(90_000);
    const service = await playQuestions(page);
    service.generateDelayMs = 800;
    // The deck the visitor just made: the creation page left the pending generation request.
    await page.route(`**/api/decks/${DECK_ID}`, (route) =>
      answerAs(route, 'GET /decks/:id', { ...deckAnswer(true), owner: null, ownerName: null }),
    );
    await page.addInitScript(
      ([deckId]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          'pendingCardGeneration',
          JSON.stringify({
            deckId,
            count: 4,
            questionTypes: ['multiple_choice', 'free_response'],
            focusInstructions: 'Focus on cell organelles',
          }),
        );
      },
      [DECK_ID],
    );

    await page.goto(EDIT_URL);
    await expect(page.getByRole('heading', { name: 'Edit your cards', level: 1 })).toBeVisible();
    const overlay = page.getByText('Generating your questions...');
    await expect(overlay).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pendingCardGeneration'))).toBeNull();

    await expect(card(page, 4)).toBeVisible();
    await expect(overlay).toBeHidden();
    await expect(statusLine(page)).toHaveText('Total questions: 4 | Selected: 0 | Page 1 of 1');
    const [generate] = only(service, 'POST', /\/generate$/);
    expect(generate?.body).toEqual({
      questionTypes: ['multiple_choice', 'free_response'],
      totalQuestions: 4,
      focusInstructions: 'Focus on cell organelles',
    });
    expect(generate?.anonymous).toMatch(/^[0-9a-f-]{36}$/);
    // Generation first, then page 1.
    expect(service.calls.map((c) => `${c.method} ${c.path}`).slice(0, 2)).toEqual([
      `POST /questions/deck/${DECK_ID}/generate`,
      `GET /questions/deck/${DECK_ID}`,
    ]);

    // Edit the first (multiple-choice) question's answer.
    const first = service.questions[0]!;
    await card(page, 1).getByRole('button', { name: 'Edit question 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await expect(dialog.getByLabel('Question')).toHaveValue(first.question);
    await expect(dialog.getByLabel('Answer')).toHaveValue(
      `Correct Answer:\n${first.correctAnswerText}`,
    );
    await dialog.getByLabel('Answer').fill('Correct Answer:\nThe mitochondrion');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(only(service, 'PUT')[0]?.body).toEqual({ correctAnswerText: 'The mitochondrion' });
    await card(page, 1).getByRole('button', { name: 'Flip question 1' }).click();
    await expect(card(page, 1)).toContainText('The mitochondrion');

    // Regenerate questions 2 and 3 with instructions.
    const [second, third] = [service.questions[1]!, service.questions[2]!];
    await page.getByRole('checkbox', { name: 'Select question 2' }).check();
    await page.getByRole('checkbox', { name: 'Select question 3' }).check();
    await expect(statusLine(page)).toHaveText('Total questions: 4 | Selected: 2 | Page 1 of 1');
    await page.getByRole('textbox', { name: 'Regeneration Instructions' }).fill('Harder ones');
    service.generateDelayMs = 600;
    await page.getByRole('button', { name: 'Regenerate Selected Questions' }).click();
    await expect(page.getByRole('button', { name: 'Regenerating...' })).toBeDisabled();
    await expect(
      page.getByRole('button', { name: 'Regenerate Selected Questions' }),
    ).toBeDisabled();
    await expect(statusLine(page)).toHaveText('Total questions: 4 | Selected: 0 | Page 1 of 1');
    await expect(page.getByText('Generated 5: why?')).toBeVisible();
    await expect(page.getByText(second.question)).toHaveCount(0);
    await expect(page.getByText(third.question)).toHaveCount(0);
    const deletes = only(service, 'DELETE').map((c) => c.path);
    expect(deletes).toEqual([`/questions/${second._id}`, `/questions/${third._id}`]);
    expect(only(service, 'POST', /\/generate$/)[1]?.body).toEqual({
      questionTypes: ['multiple_choice', 'free_response'],
      totalQuestions: 2,
      focusInstructions: 'Harder ones',
    });

    // Delete one.
    const last = service.questions[service.questions.length - 1]!;
    await page.getByRole('checkbox', { name: 'Select question 4' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expect(statusLine(page)).toHaveText('Total questions: 3 | Selected: 0 | Page 1 of 1');
    await expect(page.getByText(last.question)).toHaveCount(0);
    expect(only(service, 'DELETE').at(-1)?.path).toBe(`/questions/${last._id}`);
  });
});

test.describe('with a server that queues generation', () => {
  test('the opening waits under the overlay for the questions, Regenerate for the replacements', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    const service = await playQuestions(page);
    service.queueMs = 4000;
    await page.addInitScript(
      ([deckId]) => {
        if (sessionStorage.getItem('pending-seeded')) return;
        sessionStorage.setItem('pending-seeded', '1');
        localStorage.setItem(
          'pendingCardGeneration',
          JSON.stringify({
            deckId,
            count: 3,
            questionTypes: ['multiple_choice'],
            focusInstructions: null,
          }),
        );
      },
      [DECK_ID],
    );
    await page.goto(EDIT_URL);
    const overlay = page.getByText('Generating your questions...');
    await expect(overlay).toBeVisible();
    // The generation was queued: the address says so while the screen polls.
    await expect(page).toHaveURL(/\?isGenerating=true$/);
    await expect(page.getByText('No questions available')).toHaveCount(0);
    await expect(overlay).toBeVisible();
    await expect(card(page, 3)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`${EDIT_URL}$`));
    await expect(overlay).toBeHidden();

    const replaced = service.questions[1]!;
    await page.getByRole('checkbox', { name: 'Select question 2' }).check();
    await page.getByRole('button', { name: 'Regenerate Selected Questions' }).click();
    const running = page.getByRole('button', { name: 'Regenerating...' });
    await expect(running).toBeVisible();
    // Deleted at once, the replacement still queued: the button keeps waiting for it.
    await page.waitForTimeout(3500);
    await expect(running).toBeVisible();
    await expect(page.getByText('Generated 4: why?')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(replaced.question)).toHaveCount(0);
    await expect(statusLine(page)).toHaveText('Total questions: 3 | Selected: 0 | Page 1 of 1');
    await expect(
      page.getByRole('button', { name: 'Regenerate Selected Questions' }),
    ).toBeDisabled();
  });
});

test.describe('a signed-in owner', () => {
  test('switches between grid and list and flips all cards or one', async ({ page }) => {
    await signIn(page);
    await playQuestions(page, questions(3));
    await page.goto(EDIT_URL);
    const grid = page.getByRole('button', { name: 'Grid view' });
    const list = page.getByRole('button', { name: 'List view' });
    const flipAll = page.getByRole('button', { name: 'Flip All' });
    await expect(card(page, 1)).toContainText('Question 1: what about cells?');
    await expect(card(page, 1)).toContainText('A. Wrong 1a');
    await expect(card(page, 1)).toContainText('B. Right 1');
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: 'Questions' })).toHaveClass(/question-grid-list/);

    // Grid: a flipped card shows its answer instead of the question.
    await flipAll.click();
    await expect(flipAll).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, 1)).toContainText('Correct Answer');
    await expect(card(page, 1)).toContainText('B. Right 1');
    await expect(card(page, 1)).not.toContainText('Question 1: what about cells?');
    await expect(card(page, 2)).toContainText('Expected Answer');
    await expect(card(page, 2)).toContainText('Expected 2');
    await flipAll.click();
    await expect(card(page, 2)).not.toContainText('Expected 2');
    await card(page, 2).getByText('Question 2: what about cells?').click();
    await expect(card(page, 2)).toContainText('Expected 2');
    await expect(card(page, 1)).not.toContainText('Correct Answer');

    // List: rows, the answer shown under the question when flipped.
    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('list', { name: 'Questions' })).toHaveClass(/question-list-list/);
    await expect(card(page, 2)).toContainText('Question 2: what about cells?');
    await expect(card(page, 2)).toContainText('Expected 2');
    await flipAll.click();
    await expect(card(page, 3)).toContainText('Question 3: what about cells?');
    await expect(card(page, 3)).toContainText('B. Right 3');
  });

  test("pages by 20 with 'Total questions: N | Selected: M | Page X of Y'", async ({ page }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(45));
    await page.goto(EDIT_URL);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(statusLine(page)).toHaveText('Total questions: 45 | Selected: 0 | Page 1 of 3');
    await expect(page.getByRole('list', { name: 'Questions' }).locator(':scope > li')).toHaveCount(
      20,
    );
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await page.getByRole('checkbox', { name: 'Select question 20' }).check();
    await expect(statusLine(page)).toHaveText('Total questions: 45 | Selected: 1 | Page 1 of 3');
    await next.click();
    await expect(statusLine(page)).toHaveText('Total questions: 45 | Selected: 0 | Page 2 of 3');
    await expect(card(page, 21)).toContainText('Question 21: what about cells?');
    await expect(previous).toBeEnabled();
    await next.click();
    await expect(statusLine(page)).toHaveText('Total questions: 45 | Selected: 0 | Page 3 of 3');
    await expect(page.getByRole('list', { name: 'Questions' }).locator(':scope > li')).toHaveCount(
      5,
    );
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(statusLine(page)).toHaveText(/Page 2 of 3$/);
    const pages = only(service, 'GET', /^\/questions\/deck\/[^/]+$/).map(
      (c) => `${c.query.get('page')}/${c.query.get('limit')}`,
    );
    expect(pages.slice(0, 3)).toEqual(['1/20', '2/20', '3/20']);
  });

  test('selects and deselects all of the page', async ({ page }) => {
    await signIn(page);
    await playQuestions(page, questions(25));
    await page.goto(EDIT_URL);
    await page.getByRole('button', { name: 'Select All' }).click();
    await expect(statusLine(page)).toHaveText('Total questions: 25 | Selected: 20 | Page 1 of 2');
    await expect(page.getByRole('checkbox', { name: 'Select question 7' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Select question 7' }).uncheck();
    await expect(page.getByRole('button', { name: 'Select All' })).toBeVisible();
    await page.getByRole('button', { name: 'Select All' }).click();
    await page.getByRole('button', { name: 'Deselect All' }).click();
    await expect(statusLine(page)).toHaveText('Total questions: 25 | Selected: 0 | Page 1 of 2');
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
    await expect(
      page.getByRole('button', { name: 'Regenerate Selected Questions' }),
    ).toBeDisabled();
  });

  test('deletes the selected questions and reloads, leaving a page that no longer exists', async ({
    page,
  }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(21));
    await page.goto(EDIT_URL);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(statusLine(page)).toHaveText('Total questions: 21 | Selected: 0 | Page 2 of 2');
    const lonely = service.questions[20]!;
    await page.getByRole('button', { name: 'Select All' }).click();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expect(statusLine(page)).toHaveText('Total questions: 20 | Selected: 0 | Page 1 of 1');
    expect(only(service, 'DELETE').map((c) => c.path)).toEqual([`/questions/${lonely._id}`]);
  });

  test('edits a question: only changed fields are sent, nothing when unchanged, the heading decides', async ({
    page,
  }) => {
    await signIn(page);
    const service = await playQuestions(page, [question(1), question(2, 'case_free_response')]);
    await page.goto(EDIT_URL);
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });

    // Unchanged: Save Changes closes without a call.
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    expect(only(service, 'PUT')).toHaveLength(0);

    // Only the question text changed.
    await page.getByRole('button', { name: 'Edit question 2' }).click();
    await expect(dialog.getByLabel('Answer')).toHaveValue('Expected Answer:\nExpected 2');
    await dialog.getByLabel('Question').fill('What does the case show?');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    expect(only(service, 'PUT')[0]?.body).toEqual({ question: 'What does the case show?' });
    expect(only(service, 'PUT')[0]?.path).toBe(`/questions/${service.questions[1]!._id}`);
    await expect(card(page, 2)).toContainText('What does the case show?');

    // A free-response answer under the wrong heading is not sent.
    await page.getByRole('button', { name: 'Edit question 2' }).click();
    await dialog.getByLabel('Answer').fill('Correct Answer:\nSomething');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    expect(only(service, 'PUT')).toHaveLength(1);

    // Under its own heading it is sent as expectedAnswer, with the changed question.
    await page.getByRole('button', { name: 'Edit question 2' }).click();
    await dialog.getByLabel('Question').fill('Why?');
    await dialog.getByLabel('Answer').fill('Expected Answer:\nBecause of the case.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    expect(only(service, 'PUT')[1]?.body).toEqual({
      question: 'Why?',
      expectedAnswer: 'Because of the case.',
    });
  });

  test('a click outside the Edit Question modal or Cancel closes it without saving', async ({
    page,
  }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(2));
    await page.goto(EDIT_URL);
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });

    await page.getByRole('button', { name: 'Edit question 1' }).click();
    await dialog.getByLabel('Question').fill('Changed, but never saved');
    // The 200 ms fade: the dialog is marked closing, then leaves the document.
    const sawClosing = await watchDialogClosing(page);
    await page.mouse.click(8, 8);
    await expect(dialog).toHaveCount(0);
    expect(await sawClosing()).toBe(true);

    await page.getByRole('button', { name: 'Edit question 1' }).click();
    await expect(dialog.getByLabel('Question')).toHaveValue('Question 1: what about cells?');
    await dialog.getByLabel('Question').fill('Changed again');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(only(service, 'PUT')).toHaveLength(0);
    await expect(card(page, 1)).toContainText('Question 1: what about cells?');
  });

  test('Save Questions goes to the deck summary', async ({ page }) => {
    await signIn(page);
    await playQuestions(page, questions(1));
    await page.goto(EDIT_URL);
    await page.getByRole('button', { name: 'Save Questions' }).click();
    await expect(page).toHaveURL(new RegExp(`/deck/${DECK_ID}/summary$`));
  });

  test('shows the empty state for a deck without questions', async ({ page }) => {
    await signIn(page);
    await playQuestions(page, []);
    await page.goto(EDIT_URL);
    await expect(page.getByRole('heading', { name: 'No questions available' })).toBeVisible();
    await expect(
      page.getByText(
        'No questions were found for this deck. There may have been an issue processing your content.',
      ),
    ).toBeVisible();
    await expect(statusLine(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Questions' })).toBeVisible();
  });

  test('with isGenerating, polls every 3 s under the overlay until questions appear', async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await signIn(page);
    const service = await playQuestions(page, questions(3));
    let looks = 0;
    service.listOverride = () => (++looks <= 3 ? [] : null);
    await page.goto(`${EDIT_URL}?isGenerating=true`);
    const overlay = page.getByText('Generating your questions...');
    await expect(overlay).toBeVisible();
    await expect(page.getByText('No questions available')).toHaveCount(0);

    await expect(card(page, 3)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`${EDIT_URL}$`));
    await expect(overlay).toBeHidden();
    const times = only(service, 'GET', /^\/questions\/deck\/[^/]+$/).map((c) => c.at);
    expect(times).toHaveLength(4);
    // A 3 s poll, not a busy loop: gaps are measured when each request reaches the fake server, so a
    // delayed earlier request on a loaded machine can shorten the next gap by a few hundred ms.
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2400);
    }
    // Stopped: no more looks once the questions are there.
    await page.waitForTimeout(3500);
    expect(only(service, 'GET', /^\/questions\/deck\/[^/]+$/)).toHaveLength(4);
  });

  test('narrows the screen to one source with ?sourceFilter', async ({ page }) => {
    await signIn(page);
    const other = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
    const mixed = questions(4);
    mixed[1]!.source = { sourceId: other, type: 'document', title: 'Notes' };
    const service = await playQuestions(page, mixed);
    await page.goto(`${EDIT_URL}?sourceFilter=${other}`);
    await expect(card(page, 1)).toContainText('Question 2: what about cells?');
    await expect(statusLine(page)).toHaveText('Total questions: 1 | Selected: 0 | Page 1 of 1');
    // One read of the deck's questions, none per source. The screen's read of the deck's latest
    // generation run on opening (issue 22) is a status, not the questions, and may come before or
    // after this point.
    const reads = only(service, 'GET')
      .map((c) => c.path)
      .filter((path) => path !== `/questions/deck/${DECK_ID}/generation`);
    expect(reads).toEqual([`/questions/deck/${DECK_ID}/all`]);
  });
});

test.describe('a visitor who does not own the deck', () => {
  test('reads the questions without the owner controls', async ({ page }) => {
    await signIn(page, { isOwner: false });
    await playQuestions(page, questions(2));
    await page.goto(EDIT_URL);
    await expect(card(page, 2)).toBeVisible();
    await expect(statusLine(page)).toHaveText('Total questions: 2 | Selected: 0 | Page 1 of 1');
    await expect(page.getByRole('button', { name: 'Flip All' })).toBeEnabled();
    for (const name of ['Select All', 'Delete Selected', 'Save Questions', 'Edit question 1']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByText('Regeneration Instructions')).toHaveCount(0);
  });
});

test.describe('failures', () => {
  test("loading: 'Failed to load questions. Please try again later.' and Try Again reloads", async ({
    page,
  }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(2));
    service.failing.add('list');
    await page.goto(EDIT_URL);
    await expect(
      page.getByRole('heading', { name: 'Edit your questions', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to load questions. Please try again later.',
    );
    service.failing.delete('list');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Edit your cards', level: 1 })).toBeVisible();
    await expect(card(page, 2)).toBeVisible();
  });

  test("generation on opening: 'Failed to generate questions. Please try again.'", async ({
    page,
  }) => {
    await signIn(page);
    const service = await playQuestions(page, []);
    service.failing.add('generate');
    await page.addInitScript(
      ([deckId]) => {
        if (sessionStorage.getItem('pending-seeded')) return;
        sessionStorage.setItem('pending-seeded', '1');
        localStorage.setItem(
          'pendingCardGeneration',
          JSON.stringify({
            deckId,
            count: 10,
            questionTypes: ['free_response'],
            focusInstructions: null,
          }),
        );
      },
      [DECK_ID],
    );
    await page.goto(EDIT_URL);
    await expect(
      page.getByRole('heading', { name: 'Edit your questions', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to generate questions. Please try again.',
    );
    expect(only(service, 'POST')[0]?.body).toEqual({
      questionTypes: ['free_response'],
      totalQuestions: 10,
      focusInstructions: null,
    });
    // Try Again loads the deck as it is; the request was used up and is not sent again.
    service.failing.delete('generate');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'No questions available' })).toBeVisible();
    expect(only(service, 'POST')).toHaveLength(1);
  });

  test("saving an edit: 'Failed to update question. Please try again.' in the modal", async ({
    page,
  }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(1));
    service.failing.add('update');
    await page.goto(EDIT_URL);
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await dialog.getByLabel('Question').fill('A better question?');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to update question. Please try again.',
    );
    await expect(dialog.getByLabel('Question')).toHaveValue('A better question?');
    service.failing.delete('update');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 1)).toContainText('A better question?');
  });

  test("deleting: 'Failed to delete question. Please try again.'", async ({ page }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(3));
    service.failing.add('delete');
    await page.goto(EDIT_URL);
    await page.getByRole('checkbox', { name: 'Select question 1' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to delete question. Please try again.',
    );
    await expect(statusLine(page)).toHaveText('Total questions: 3 | Selected: 1 | Page 1 of 1');
  });

  test("regenerating: 'Failed to regenerate questions. Please try again.'", async ({ page }) => {
    await signIn(page);
    const service = await playQuestions(page, questions(3));
    service.failing.add('generate');
    await page.goto(EDIT_URL);
    await page.getByRole('checkbox', { name: 'Select question 2' }).check();
    await page.getByRole('button', { name: 'Regenerate Selected Questions' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to regenerate questions. Please try again.',
    );
    // The deletion went through before the generation failed: the reload shows the deck as it is.
    await expect(statusLine(page)).toHaveText(/^Total questions: 2 \|/);
    await expect(page.getByRole('button', { name: 'Regenerate Selected Questions' })).toBeVisible();
  });
});

test('/edit-cards without a deck shows the empty state; Save Questions goes to /library', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/edit-cards');
  await expect(page.getByRole('heading', { name: 'Edit your cards', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No questions available' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Questions' }).click();
  await expect(page).toHaveURL(/\/library$/);
});
