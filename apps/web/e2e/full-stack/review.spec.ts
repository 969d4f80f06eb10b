import { expect, test, type Page } from '@playwright/test';
import { serveFixtureArticle } from './fixture-site';
import { allQuestions, studiedDeck, type Studied } from './generated-deck';

// Spaced repetition against the real Mnemo (issue 20): a learner answers cards in Review mode
// (scheduled by the deck service with ts-fsrs), overrides one rating, sees the due counts fall,
// opens mastery and the statistics page, and takes a summary quiz. The deck is made once through
// the API from the fixture article, with questions from the offline provider.

let site: { close(): Promise<void> };
let studied: Studied;

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(300_000);
  site = await serveFixtureArticle();
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    studied = await studiedDeck(request, 'review', 'Mozilla review');
  } finally {
    await request.dispose();
  }
});
test.afterAll(async () => {
  await site.close();
});

const sidebarReview = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: /^Review/ });
const session = (page: Page) => page.getByRole('region', { name: 'Flashcards' });
const schedule = (page: Page) => page.getByRole('region', { name: 'Schedule' });

/** The number in the sidebar's 'Review N due today', or 0 when it shows none. */
async function dueInSidebar(page: Page): Promise<number> {
  const name = (await sidebarReview(page).getAttribute('aria-label')) ?? '';
  const text = name || (await sidebarReview(page).innerText());
  return Number(/(\d+) due today/.exec(text)?.[1] ?? '0');
}

/** Answers the card on screen: the right option (from the API) or a sentence from the article. */
async function answer(page: Page, scope = session(page)) {
  const prompt = (await scope.locator('h2.study-prompt').innerText()).trim();
  const question = (await allQuestions(page.request, studied.deckId, studied.token)).find(
    (q) => q.question.trim() === prompt,
  );
  expect(question, `the question shown: ${prompt}`).toBeDefined();
  if (question!.options.length > 0) {
    const right =
      question!.correctAnswerIndex ??
      question!.options.findIndex((o) => o.trim() === question!.correctAnswerText?.trim());
    await scope.locator('.study-option').nth(Math.max(0, right)).click();
  } else {
    await scope
      .getByLabel('Your answer')
      .fill(question!.expectedAnswer ?? 'Mozilla makes Firefox.');
  }
  await scope.getByRole('button', { name: 'Submit Answer' }).click();
}

test('a learner reviews, overrides a rating, sees the counts fall, then mastery, statistics and a summary quiz', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript((token) => localStorage.setItem('token', token), studied.token);

  // New cards wait in the queue: the deck header offers Review with today's count.
  await page.goto(`/deck/${studied.deckId}/summary`);
  const header = page.locator('.deck-header').getByRole('link', { name: /^Review \d+ due today$/ });
  await expect(header).toBeVisible();
  await expect.poll(() => dueInSidebar(page)).toBeGreaterThan(1);
  const before = await dueInSidebar(page);
  await header.click();
  await expect(session(page).getByRole('button', { name: 'Review' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(session(page).getByText(/^Card 1 of \d+$/)).toBeVisible();

  // A right answer is scheduled; 'I was wrong' re-rates it Again.
  await answer(page);
  await expect(schedule(page)).toContainText(/Rated (Good|Easy): comes back (in \d+ \w+|now)/);
  await schedule(page).getByRole('button', { name: 'I was wrong' }).click();
  await expect(schedule(page)).toContainText(/Rated Again: comes back/);
  await expect(schedule(page).getByRole('button', { name: /Again/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Rated Again, the card stays in today's learning steps: it still counts.
  await expect.poll(() => dueInSidebar(page)).toBe(before);

  // A second card, rated with the keyboard.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Enter');
  await expect(session(page).getByText(/^Card 2 of \d+$/)).toBeVisible();
  await answer(page);
  await expect(schedule(page)).toContainText(/Rated \w+: comes back/);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('4');
  await expect(schedule(page)).toContainText(
    /Rated Easy: comes back in \d+ (days?|weeks?|months?)/,
  );
  // Rated Easy, it leaves today's queue: the due counts fall.
  await expect.poll(() => dueInSidebar(page)).toBe(before - 1);
  await page.screenshot({ path: 'test-results/full-stack-review.png' });

  // Mastery on the summary tab: the concepts of the deck's questions, each with its bar.
  await page.getByRole('link', { name: 'Summary', exact: true }).click();
  const mastery = page.getByRole('region', { name: 'Mastery' });
  await expect(
    mastery.getByRole('list', { name: 'Concepts' }).getByRole('meter').first(),
  ).toBeVisible();
  await expect(mastery.getByRole('region', { name: 'What to review next' })).toBeVisible();

  // The statistics page counts today's reviews.
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  await expect(page.locator('.stats-figure').filter({ hasText: 'Reviews' })).toContainText(/[1-9]/);
  await expect(page.locator('.stats-chart-box svg')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/full-stack-stats.png' });

  // A summary quiz of five questions, then the score.
  await page.goto(`/deck/${studied.deckId}/summary`);
  await page.getByRole('link', { name: 'Summary quiz' }).click();
  await page.getByLabel('Questions').selectOption('5');
  await page.getByRole('button', { name: 'Start quiz' }).click();
  const quiz = page.getByRole('region', { name: 'Summary quiz' });
  const total = Number(
    /of (\d+)/.exec(await quiz.getByText(/^Question 1 of \d+$/).innerText())?.[1] ?? '0',
  );
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(5);
  for (let i = 1; i <= total; i += 1) {
    await expect(quiz.getByText(`Question ${i} of ${total}`)).toBeVisible();
    await answer(page, quiz);
    await quiz
      .getByRole('button', { name: i === total ? 'See my score' : 'Next Question' })
      .click();
  }
  const result = quiz.getByRole('region', { name: 'Your score' });
  await expect(result).toContainText(new RegExp(`\\d+ / ${total}`));
  await page.screenshot({ path: 'test-results/full-stack-quiz.png' });
});
