import { expect as baseExpect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { FakeDeckApi, type FakeDeck } from './fake-deck-api';
import { FakeReviewApi, frQuestion, mcQuestion } from './fake-review-api';

// Spaced repetition in the browser (issue 20): Review mode, the due counts, mastery, the summary
// quiz and /stats, against FakeDeckApi and FakeReviewApi (the contracts' wire format).

// Lazy route chunks (the charts especially) can take a while on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function setUp(page: Page) {
  const api = new FakeDeckApi({ signedIn: true });
  const review = new FakeReviewApi();
  const deck = api.addDeck('Cell biology');
  const other = api.addDeck('Genetics');
  await api.install(page);
  await review.install(page);
  return { api, review, deck, other };
}

function cellQuestions(deck: FakeDeck) {
  return [
    mcQuestion(deck._id, 'Which organelle makes ATP?', ['Nucleus', 'Mitochondrion'], 1, [
      'Mitochondria',
    ]),
    mcQuestion(deck._id, 'What carries genetic code?', ['DNA', 'Starch'], 0, ['DNA']),
    frQuestion(deck._id, 'What does osmosis move?', 'Water across a membrane', ['Osmosis']),
  ];
}

const session = (page: Page) => page.getByRole('region', { name: 'Flashcards' });
const schedule = (page: Page) => page.getByRole('region', { name: 'Schedule' });
const sidebarReview = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: /^Review/ });

test('Review mode serves the due queue, says when each card comes back and takes overrides', async ({
  page,
}) => {
  const { review, deck } = await setUp(page);
  const [atp, dna, osmosis] = cellQuestions(deck);
  // DNA is overdue, ATP is new, osmosis comes back in two days (not due).
  review.questions = [atp!, dna!, osmosis!];
  review.studied(dna!, -DAY);
  review.studied(osmosis!, 2 * DAY);
  await page.goto(`/deck/${deck._id}/flashcards`);

  // Cards are due, so the session opens in Review, overdue first.
  await expect(session(page).getByRole('button', { name: 'Review' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(session(page).getByText('Card 1 of 2')).toBeVisible();
  await expect(session(page).getByText('1 due · 0 learning · 1 new')).toBeVisible();
  await expect(
    session(page).getByRole('heading', { name: 'What carries genetic code?' }),
  ).toBeVisible();
  // The sidebar's Review link counts what is due today.
  await expect(sidebarReview(page)).toHaveAccessibleName('Review 2 due today');

  // A right answer rates Good: back in 4 days; 'I was wrong' re-rates it Again: back in 10 minutes.
  await session(page).getByRole('button', { name: /^A\s/ }).click();
  await session(page).getByRole('button', { name: 'Submit Answer' }).click();
  await expect(schedule(page)).toContainText('Rated Good: comes back in 4 days');
  const evaluate = review.made('POST', `/questions/${dna!._id}/evaluate`);
  expect(evaluate).toHaveLength(1);
  expect(evaluate[0]!.body).toMatchObject({ response: 0 });
  expect(evaluate[0]!.body).not.toHaveProperty('practice');
  await page.screenshot({ path: 'test-results/review-mode.png' });

  await schedule(page).getByRole('button', { name: 'I was wrong' }).click();
  await expect(schedule(page)).toContainText('Rated Again: comes back in 10 minutes');
  expect(review.made('POST', `/questions/${dna!._id}/review`).map((c) => c.body)).toEqual([
    { rating: 'again' },
  ]);
  // The count falls as the learner answers.
  await expect(sidebarReview(page)).toHaveAccessibleName('Review 1 due today');

  // Keys: 4 rates Easy, Enter goes to the next card.
  await page.keyboard.press('4');
  await expect(schedule(page)).toContainText('Rated Easy: comes back in 10 days');
  await expect(schedule(page).getByRole('button', { name: /Easy/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Enter');
  await expect(session(page).getByText('Card 2 of 2')).toBeVisible();
  await expect(
    session(page).getByRole('heading', { name: 'Which organelle makes ATP?' }),
  ).toBeVisible();

  await session(page).getByRole('button', { name: /^A\s/ }).click();
  await session(page).getByRole('button', { name: 'Submit Answer' }).click();
  await expect(schedule(page)).toContainText('Rated Again: comes back in 10 minutes');
  await schedule(page).getByRole('button', { name: 'I was right' }).click();
  await expect(schedule(page)).toContainText('Rated Good: comes back in 4 days');
  expect(await seriousViolations(page)).toEqual([]);

  await session(page).getByRole('button', { name: 'Finish' }).click();
  await expect(session(page).getByRole('heading', { name: 'All caught up' })).toBeVisible();
  await expect(session(page)).toContainText('You reviewed 2 cards.');
  await expect(sidebarReview(page)).toHaveAccessibleName('Review');
});

test('an override after the window says so and keeps the rating', async ({ page }) => {
  const { review, deck } = await setUp(page);
  review.questions = cellQuestions(deck).slice(0, 1);
  review.overrideError = { status: 409, code: 'REVIEW_OVERRIDE_EXPIRED' };
  await page.goto(`/deck/${deck._id}/flashcards?mode=review`);
  await session(page).getByRole('button', { name: /^B\s/ }).click();
  await session(page).getByRole('button', { name: 'Submit Answer' }).click();
  await schedule(page).getByRole('button', { name: 'I was wrong' }).click();
  await expect(schedule(page).getByRole('alert')).toHaveText(
    'This rating can no longer be changed: overrides are taken within 10 minutes.',
  );
  await expect(schedule(page)).toContainText('Rated Good');
});

test('a review keeps its mode and its card when the window is resized mid-session', async ({
  page,
}) => {
  const { review, deck } = await setUp(page);
  const [atp, dna] = cellQuestions(deck);
  // One card due, one new: once the due card is answered, nothing is due any more, which is
  // what made a remounted page reopen in Practice (CI, after a full-page screenshot).
  review.questions = [atp!, dna!];
  review.studied(dna!, -DAY);
  await page.goto(`/deck/${deck._id}/flashcards`);
  const reviewMode = session(page).getByRole('button', { name: 'Review' });
  await expect(reviewMode).toHaveAttribute('aria-pressed', 'true');
  // The settled default is written into the address, so a reload keeps it too.
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/flashcards\\?mode=review$`));
  await session(page).getByRole('button', { name: /^A\s/ }).click();
  await session(page).getByRole('button', { name: 'Submit Answer' }).click();
  await expect(schedule(page)).toContainText('Rated Good: comes back in 4 days');
  await expect(sidebarReview(page)).toHaveAccessibleName('Review 1 due today');

  // Narrower than the mobile width (the desktop advice shows), then wide again.
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page.getByRole('heading', { name: 'Mnemo works best on a computer' })).toBeVisible();
  await expect(session(page)).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  // A full-page screenshot shrinks the viewport for a moment too.
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.screenshot({ path: 'test-results/review-resized.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Still Review, still the answered card with its schedule: the session was not restarted.
  await expect(reviewMode).toHaveAttribute('aria-pressed', 'true');
  await expect(session(page).getByText('Card 1 of 2')).toBeVisible();
  await expect(schedule(page)).toContainText('Rated Good: comes back in 4 days');
  await page.keyboard.press('Enter');
  await expect(session(page).getByText('Card 2 of 2')).toBeVisible();
  expect(review.made('POST', /evaluate$/)).toHaveLength(1);

  // A reload reopens Review from the address, though no card is due now.
  await page.reload();
  await expect(reviewMode).toHaveAttribute('aria-pressed', 'true');
  // The learner's own switch is kept the same way.
  await session(page).getByRole('button', { name: 'Practice' }).click();
  await expect(page).toHaveURL(/\?mode=practice$/);
  await page.setViewportSize({ width: 600, height: 800 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(session(page).getByRole('button', { name: 'Practice' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('Practice answers are not scheduled unless the learner asks', async ({ page }) => {
  const { review, deck } = await setUp(page);
  const questions = cellQuestions(deck);
  review.questions = questions;
  await page.goto(`/deck/${deck._id}/flashcards?mode=practice`);
  await expect(session(page).getByRole('button', { name: 'Practice' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await session(page).getByRole('button', { name: /^B\s/ }).click();
  await session(page).getByRole('button', { name: 'Submit Answer' }).click();
  await expect(session(page).getByRole('heading', { name: 'Correct!' })).toBeVisible();
  await expect(schedule(page)).toHaveCount(0);
  expect(review.made('POST', /evaluate$/).at(-1)!.body).toEqual({ response: 1, practice: true });

  await session(page).getByLabel('Count these answers toward my schedule').check();
  await session(page).getByRole('button', { name: 'Next Question' }).click();
  await session(page).getByRole('button', { name: /^A\s/ }).click();
  await session(page).getByRole('button', { name: 'Submit Answer' }).click();
  await expect(schedule(page)).toContainText('Rated Good: comes back in 4 days');
  expect(review.made('POST', /evaluate$/).at(-1)!.body).toEqual({ response: 0 });
});

test('the library, a space and the deck header show what is due; Review everything spans decks', async ({
  page,
}) => {
  const { api, review, deck, other } = await setUp(page);
  const space = api.addSpace('Biology');
  other.studySpace = space._id;
  review.questions = [
    ...cellQuestions(deck),
    mcQuestion(other._id, 'How many chromosomes do humans have?', ['46', '23'], 0, ['Karyotype']),
  ];
  await page.goto('/library');
  await expect(page.getByText('4 cards to study today: 0 due, 0 learning, 4 new.')).toBeVisible();
  const decks = page.getByRole('list', { name: 'Decks' });
  await expect(decks.getByRole('link', { name: /Cell biology.*3 due today/ })).toBeVisible();
  await expect(decks.getByRole('link', { name: /Genetics.*1 due today/ })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Study spaces' })
      .getByRole('link', { name: /Biology.*1 due today/ }),
  ).toBeVisible();
  expect(review.made('GET', '/review/due-counts')).toHaveLength(1);
  await page.screenshot({ path: 'test-results/library-due.png' });

  await page.getByRole('link', { name: 'Review everything due' }).click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('heading', { name: 'Review everything due' })).toBeVisible();
  await expect(page.getByText('Card 1 of 4')).toBeVisible();
  expect(review.made('GET', '/review/due').at(-1)!.query).not.toHaveProperty('deckId');
  await page.getByRole('button', { name: /^B\s/ }).click();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(schedule(page)).toContainText('comes back in 4 days');
  await page.getByRole('button', { name: 'Next Card' }).click();
  await expect(page.getByText('Card 2 of 4')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/space/${space._id}`);
  await expect(page.locator('.space-meta')).toContainText('1 due today');

  await page.goto(`/deck/${deck._id}/summary`);
  await expect(page.getByRole('link', { name: 'Review 2 due today' })).toBeVisible();
  await page.getByRole('link', { name: 'Review 2 due today' }).click();
  await expect(page).toHaveURL(/flashcards\?mode=review/);
  await expect(session(page).getByText('Card 1 of 2')).toBeVisible();
});

test('the summary tab shows mastery per concept, weakest first, each opening its questions', async ({
  page,
}) => {
  const { review, deck } = await setUp(page);
  review.questions = cellQuestions(deck);
  review.mastery = [
    { concept: 'Osmosis', mastery: 0.12, questions: 4, due: 2, lastReviewed: null },
    {
      concept: 'DNA',
      mastery: 0.55,
      questions: 3,
      due: 1,
      lastReviewed: new Date(Date.now() - 3 * DAY).toISOString(),
    },
    {
      concept: 'Mitochondria',
      mastery: 0.91,
      questions: 5,
      due: 0,
      lastReviewed: new Date().toISOString(),
    },
    { concept: 'Membranes', mastery: 0.7, questions: 2, due: 0, lastReviewed: null },
  ];
  await page.goto(`/deck/${deck._id}/summary`);
  const mastery = page.getByRole('region', { name: 'Mastery' });
  await expect(mastery.getByRole('meter', { name: 'Mastery of Osmosis' })).toHaveAttribute(
    'aria-valuenow',
    '12',
  );
  const rows = mastery.getByRole('list', { name: 'Concepts' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Osmosis');
  await expect(rows.nth(1)).toContainText('DNA');
  await expect(rows.nth(1)).toContainText('Studied 3 days ago');
  await expect(rows.last()).toContainText('Mitochondria');
  const next = mastery.getByRole('region', { name: 'What to review next' }).getByRole('listitem');
  await expect(next).toHaveText([/^Osmosis 12%, 2 due/, /^DNA 55%, 1 due/, /^Membranes 70%/]);
  await page.screenshot({ path: 'test-results/mastery.png' });
  expect(await seriousViolations(page)).toEqual([]);

  await mastery
    .getByRole('list', { name: 'Concepts' })
    .getByRole('link', { name: 'Osmosis' })
    .click();
  await expect(page).toHaveURL(/flashcards\?mode=practice&concepts=/);
  await expect(session(page).getByText('Questions on Osmosis.')).toBeVisible();
  await expect(session(page).getByText('Question 1 of 1')).toBeVisible();
  await expect(
    session(page).getByRole('heading', { name: 'What does osmosis move?' }),
  ).toBeVisible();
});

test('a summary quiz from the deck header ends with the score, the concepts missed and their review', async ({
  page,
}) => {
  const { review, deck } = await setUp(page);
  review.questions = cellQuestions(deck);
  review.accuracy = 3;
  await page.goto(`/deck/${deck._id}/summary`);
  const tabs = page.getByRole('navigation', { name: 'Deck' });
  await expect(tabs.getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Summary quiz' }).click();
  await expect(page.getByRole('heading', { name: 'Summary quiz' })).toBeVisible();
  // The quiz is a page of its own, not the Summary tab: no tab is current, the header's link is.
  await expect(tabs.locator('[aria-current="page"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Summary quiz' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByLabel('Questions')).toHaveValue('10');
  await page.getByRole('button', { name: 'Start quiz' }).click();
  expect(review.made('GET', `/decks/${deck._id}/quiz`)[0]!.query).toEqual({ count: '10' });

  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: /^B\s/ }).click(); // right
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByRole('button', { name: 'Next Question' }).click();
  await page.getByRole('button', { name: /^B\s/ }).click(); // wrong: DNA
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByRole('heading', { name: 'Incorrect' })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('Your answer').fill('Salt');
  await page.getByRole('button', { name: 'Submit Answer' }).click(); // accuracy 3: wrong
  await page.getByRole('button', { name: 'See my score' }).click();

  const result = page.getByRole('region', { name: 'Your score' });
  await expect(result).toContainText('1 / 3');
  await expect(result.getByRole('listitem')).toHaveText(['DNA', 'Osmosis']);
  // Quiz answers are graded as practice: the schedule stays.
  for (const call of review.made('POST', /evaluate$/)) {
    expect(call.body).toMatchObject({ practice: true });
  }
  await page.screenshot({ path: 'test-results/quiz-result.png' });
  expect(await seriousViolations(page)).toEqual([]);

  await result.getByRole('link', { name: 'Review missed concepts' }).click();
  await expect(session(page).getByText('Questions on DNA, Osmosis.')).toBeVisible();
  await expect(session(page).getByText('Question 1 of 2')).toBeVisible();
});

test.describe('the statistics page', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('draws the heatmap, retention and forecast, sends the time zone and saves settings', async ({
    page,
  }) => {
    const { review } = await setUp(page);
    await page.goto('/stats');
    await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /^Reviews per day: \d+ reviews on \d+ of the last 30 days$/ }),
    ).toBeVisible();
    const measured = review.stats.retention.perDay.filter((d) => d.retention !== null).length;
    await expect(
      page.getByRole('img', {
        name: `Retention over time: 86% overall, measured on ${measured} days`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Due forecast: \d+ cards due/ })).toBeVisible();
    // The charts are drawn (SVG) by the lazily loaded chart library.
    await expect(page.locator('.stats-chart-box svg')).toHaveCount(3);
    await expect(page.getByText('Current streak')).toBeVisible();

    // The browser's zone differs from the stored UTC: it is sent once.
    await expect.poll(() => review.made('PUT', '/review/settings').length).toBe(1);
    expect(review.made('PUT', '/review/settings')[0]!.body).toEqual({ timeZone: 'Europe/Paris' });
    await expect(page.getByText('Your day starts at 4 a.m. in Europe/Paris.')).toBeVisible();

    await page.getByLabel('Desired retention (%)').fill('99');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Desired retention must be between 70% and 97%.',
    );
    expect(review.made('PUT', '/review/settings')).toHaveLength(1);
    await page.getByLabel('Desired retention (%)').fill('85');
    await page.getByLabel('New cards per day').fill('15');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    expect(review.made('PUT', '/review/settings').at(-1)!.body).toEqual({
      desiredRetention: 0.85,
      newPerDay: 15,
      reviewsPerDay: 200,
    });
    // The page is taller than the window: the sidebar's column still runs its whole height.
    const heights = await page.evaluate(() => ({
      column: document.querySelector('.app-shell')!.getBoundingClientRect().height,
      drawn: parseFloat(getComputedStyle(document.querySelector('.app-shell')!, '::before').height),
      page: document.documentElement.scrollHeight,
      window: window.innerHeight,
    }));
    expect(heights.page).toBeGreaterThan(heights.window);
    expect(heights.drawn).toBe(heights.column);
    expect(heights.column).toBeGreaterThanOrEqual(heights.page);
    await page.screenshot({ path: 'test-results/stats.png' });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test("the landing page's claims about review, quizzes and mastery lead to the features", async ({
  page,
}) => {
  await page.goto('/');
  for (const topic of ['review', 'quizzes', 'mastery', 'statistics']) {
    // Carousel slides not on screen are hidden, so the links are awaited in the document, not on
    // screen (a bare count() ran before the page had rendered them on a loaded CI machine).
    await expect(page.locator(`a[href="/help#${topic}"]`).first()).toBeAttached();
  }
  await page.goto('/help#review');
  const review = page.getByRole('region', { name: 'Review: spaced repetition' });
  await expect(review).toBeVisible();
  await expect(review.getByRole('link', { name: 'Review what is due' })).toHaveAttribute(
    'href',
    '/review',
  );
  await expect(
    page
      .getByRole('region', { name: 'Statistics' })
      .getByRole('link', { name: 'See your statistics' }),
  ).toHaveAttribute('href', '/stats');
  await expect(
    page.getByRole('region', { name: 'Mastery per concept and what to review next' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary quizzes' })).toBeVisible();
});
