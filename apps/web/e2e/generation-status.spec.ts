import { expect, test, type Page } from '@playwright/test';
import { GENERATION_FAILURES } from '@mnemo/contracts/api/questions';
import { FakeDeckApi, type FakeDeck } from './fake-deck-api';

// The edit screen watches a queued generation through GET /questions/deck/:deckId/generation/:jobId
// (issue 22): progress under the overlay, no more looks once the run has ended, and a failed run's
// reason with a Retry that sends the same request again.

const REQUEST = {
  count: 5,
  questionTypes: ['free_response'],
  focusInstructions: 'Only chapter 2',
};

/** A signed-in owner whose creation flow left a pending generation request for `deck`. */
async function openWithPendingGeneration(page: Page) {
  const api = new FakeDeckApi({ signedIn: true });
  const deck = api.addDeck('Cell biology');
  await api.install(page);
  await page.addInitScript(
    ([deckId, request]) => {
      if (sessionStorage.getItem('pending-seeded')) return;
      sessionStorage.setItem('pending-seeded', '1');
      localStorage.setItem('pendingCardGeneration', JSON.stringify({ deckId, ...request }));
    },
    [deck._id, REQUEST] as const,
  );
  return { api, deck };
}

const statusLooks = (api: FakeDeckApi, deck: FakeDeck) =>
  api.made('GET', new RegExp(`^/questions/deck/${deck._id}/generation/`));
const generateCalls = (api: FakeDeckApi, deck: FakeDeck) =>
  api.made('POST', `/questions/deck/${deck._id}/generate`);

test('a queued generation shows its progress, then the questions, and the watching stops', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { api, deck } = await openWithPendingGeneration(page);
  api.generationRuns.push([{ state: 'queued' }, { state: 'running' }, { state: 'completed' }]);
  await page.goto(`/deck/${deck._id}/edit`);

  const overlay = page.getByRole('status').filter({ hasText: 'Generating your questions...' });
  await expect(overlay).toBeVisible();
  await expect(page).toHaveURL(/\?isGenerating=true$/);
  await expect(overlay).toContainText('Waiting for the AI to start...', { timeout: 30_000 });
  await expect(overlay).toContainText('The AI is writing your questions...', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/generation-running.png' });

  await expect(page.getByText('Generated question 3?')).toBeVisible({ timeout: 30_000 });
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/edit$`));
  expect(statusLooks(api, deck)).toHaveLength(3);
  expect(generateCalls(api, deck)[0]?.body).toEqual({
    questionTypes: ['free_response'],
    totalQuestions: 5,
    focusInstructions: 'Only chapter 2',
  });
  // Ended: no more looks at the status.
  await page.waitForTimeout(3500);
  expect(statusLooks(api, deck)).toHaveLength(3);
});

test('a failed generation stops waiting, says why, and Retry sends the request again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { api, deck } = await openWithPendingGeneration(page);
  api.generationRuns.push(
    [{ state: 'running' }, { state: 'failed', reason: GENERATION_FAILURES.noText }],
    [{ state: 'completed' }],
  );
  await page.goto(`/deck/${deck._id}/edit`);

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No questions were generated', { timeout: 30_000 });
  await expect(alert).toContainText('This source has no text to ask about');
  await expect(page.getByText('Generating your questions...')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/edit$`));
  // The reason stands in for the empty state's guess.
  await expect(page.getByText('No questions available')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/generation-failed.png' });
  expect(statusLooks(api, deck)).toHaveLength(2);
  await page.waitForTimeout(3500);
  expect(statusLooks(api, deck)).toHaveLength(2);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Generating your questions...')).toBeVisible();
  await expect(page.getByText('Generated question 3?')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  const [first, second] = generateCalls(api, deck);
  expect(second?.body).toEqual(first?.body);
  expect(statusLooks(api, deck)).toHaveLength(3);
});

test('a reload during a run asks the server for the deck’s latest run and follows it to its end', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { api, deck } = await openWithPendingGeneration(page);
  api.generationRuns.push([
    { state: 'queued' },
    { state: 'running' },
    { state: 'running' },
    { state: 'running' },
    { state: 'failed', reason: GENERATION_FAILURES.noText },
  ]);
  await page.goto(`/deck/${deck._id}/edit`);
  const overlay = page.getByRole('status').filter({ hasText: 'Generating your questions...' });
  await expect(overlay).toContainText('The AI is writing your questions...', { timeout: 30_000 });
  await expect(page).toHaveURL(/\?isGenerating=true$/);

  // The reload loses the job id the generate call answered; the address keeps isGenerating.
  await page.reload();
  await expect(overlay).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This source has no text to ask about', { timeout: 30_000 });
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/edit$`));
  await page.screenshot({ path: 'test-results/generation-after-reload.png' });
  expect(api.made('GET', `/questions/deck/${deck._id}/generation`)).toHaveLength(1);
  // One run, followed by its status before and after the reload; nothing generated twice.
  expect(generateCalls(api, deck)).toHaveLength(1);

  // Retry sends what the run asked for, read back from the server.
  api.generationRuns.push([{ state: 'completed' }]);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Generated question 3?')).toBeVisible({ timeout: 30_000 });
  expect(generateCalls(api, deck)[1]?.body).toEqual({
    questionTypes: ['free_response'],
    totalQuestions: 5,
    focusInstructions: 'Only chapter 2',
  });
});
