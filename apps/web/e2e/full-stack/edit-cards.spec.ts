import { expect, test, type APIRequestContext } from '@playwright/test';
import { FIXTURE_ARTICLE_URL, serveFixtureArticle } from './fixture-site';

// Against the real Mnemo: a guest makes a deck from a web page on the creation page (fetched and
// processed by the worker with the offline provider), which leaves the pending generation request and opens
// the deck's edit screen; the screen generates (queued by the deck service, written by the
// worker), polls, then edits, regenerates and deletes through the real question calls.

interface QuestionList {
  questions: {
    _id: string;
    question: string;
    questionType: string;
    correctAnswerText: string | null;
    expectedAnswer: string | null;
  }[];
  pagination: { total: number; pages: number };
}

async function listQuestions(request: APIRequestContext, deckId: string, guest: string) {
  const answer = await request.get(`/api/questions/deck/${deckId}?page=1&limit=20`, {
    headers: { 'x-anonymous-session': guest },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as QuestionList;
}

let site: { close(): Promise<void> };
test.beforeAll(async () => {
  site = await serveFixtureArticle();
});
test.afterAll(async () => {
  await site.close();
});

test('a guest lands on the edit screen with generated questions, edits one, regenerates two, deletes one', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.goto('/create-flashcards');
  // The guest id comes from the server when the app starts: wait for the issued one.
  const readGuest = () =>
    page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('anonymousSession') ?? '{}') as { sessionId?: string })
          .sessionId ?? '',
    );
  await expect.poll(readGuest).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
  const guest = await readGuest();

  // A real article: the PDF fixtures are blind or placeholder texts, refused as such (issue 21).
  await page.getByRole('textbox', { name: 'Link' }).fill(FIXTURE_ARTICLE_URL);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const added = page.getByRole('list', { name: 'Added content' });
  await expect(added.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Create Cards' }).click();

  // Processed, then the edit screen: the request is consumed and the queued generation polled.
  await expect(page).toHaveURL(/\/deck\/[0-9a-f-]{36}\/edit/, { timeout: 120_000 });
  const deckId = /\/deck\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
  const overlay = page.getByText('Generating your questions...');
  const status = page.getByText(/^Total questions: /);
  await expect(status).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}/edit$`));
  await expect(overlay).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pendingCardGeneration'))).toBeNull();
  const before = await listQuestions(request, deckId, guest!);
  expect(before.pagination.total).toBeGreaterThanOrEqual(3);
  const line = (total: number) =>
    `Total questions: ${total} | Selected: 0 | Page 1 of ${Math.max(1, Math.ceil(total / 20))}`;
  await expect(status).toHaveText(line(before.pagination.total));

  // Edit the first question's answer under its own heading.
  const first = before.questions[0]!;
  await page.getByRole('button', { name: 'Edit question 1', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Question' });
  const answer = dialog.getByLabel('Answer');
  const heading = (await answer.inputValue()).split('\n')[0]!;
  expect(heading).toBe(
    first.questionType.endsWith('multiple_choice') ? 'Correct Answer:' : 'Expected Answer:',
  );
  await answer.fill(`${heading}\nEdited in the browser`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  const edited = (await listQuestions(request, deckId, guest!)).questions.find(
    (q) => q._id === first._id,
  );
  expect(edited?.correctAnswerText ?? edited?.expectedAnswer).toBe('Edited in the browser');
  expect(edited?.question).toBe(first.question);

  // Regenerate questions 2 and 3: the button waits until the worker wrote the replacements.
  await page.getByRole('checkbox', { name: 'Select question 2', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Select question 3', exact: true }).check();
  await page.getByRole('button', { name: 'Regenerate Selected Questions' }).click();
  await expect(page.getByRole('button', { name: 'Regenerating...' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate Selected Questions' })).toBeVisible({
    timeout: 90_000,
  });
  const regenerated = await listQuestions(request, deckId, guest!);
  const ids = regenerated.questions.map((q) => q._id);
  expect(ids).not.toContain(before.questions[1]!._id);
  expect(ids).not.toContain(before.questions[2]!._id);
  expect(regenerated.pagination.total).toBeGreaterThan(before.pagination.total - 2);
  await expect(status).toHaveText(line(regenerated.pagination.total));

  // Delete one: the screen shows the list's order.
  const doomed = regenerated.questions[0]!;
  await page.getByRole('checkbox', { name: 'Select question 1', exact: true }).check();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  await expect(status).toHaveText(line(regenerated.pagination.total - 1));
  const left = await listQuestions(request, deckId, guest!);
  expect(left.pagination.total).toBe(regenerated.pagination.total - 1);
  expect(left.questions.map((q) => q._id)).not.toContain(doomed._id);
});
