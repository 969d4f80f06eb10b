import { expect, test, type Page } from '@playwright/test';
import { FakeDeckApi, NOW, failure, fakeExploreCard, type FakeExploreCard } from './fake-deck-api';

// The Explore page (spec 01 §2.9, §3, §8, §9) against a played deck service (fake-deck-api.ts):
// search kept in the address, heading and count, the published-deck cards, both empty states, the
// loading texts, the error panel with Try Again, and the pager's sliding window.

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const OTHER_USER = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const SECOND_SOURCE = '8c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const isExplore = (url: URL) => url.pathname === '/api/decks/explore';

/** A signed-in visitor, with `cards` published by others. */
async function openExplore(
  page: Page,
  cards: FakeExploreCard[],
  { signedIn = true }: { signedIn?: boolean } = {},
) {
  const api = new FakeDeckApi({ signedIn });
  api.explore = cards;
  await api.install(page);
  return api;
}

/** `n` published decks, newest first, titled 'Deck 1' ... 'Deck n'. */
const many = (n: number) =>
  Array.from({ length: n }, (_, i) => fakeExploreCard(`Deck ${i + 1}`, { cardCount: i }));

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).first();
const grid = (page: Page) => page.getByRole('list', { name: 'Published decks' });
const searchBox = (page: Page) => page.getByPlaceholder('Search for decks...');

test('lists the recently published decks with their badge, count, date, sources and publisher', async ({
  page,
}) => {
  const cells = fakeExploreCard('Cell biology', {
    cardCount: 12,
    publishedAt: '2025-02-14T09:00:00.000Z',
    ownerName: 'Grace',
    sources: [
      { _id: OTHER_USER, type: 'website', title: 'Cells', url: 'https://example.com/cells' },
      { _id: SECOND_SOURCE, type: 'document', title: 'Notes.pdf', url: null },
    ],
  });
  const { cardCount: _dropped, ...withoutCount } = fakeExploreCard('Genetics', {
    publishedAnonymously: true,
    ownerName: 'Linus',
  });
  const genetics = { ...withoutCount, cards: ['a', 'b', 'c'] };
  const { cardCount: _none, ...bare } = fakeExploreCard('Optics', { ownerName: null });
  await openExplore(page, [cells, genetics, bare]);
  await page.goto('/explore');

  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  await expect(heading(page)).toHaveText('Recently Published Decks');
  await expect(page.getByText('3 decks found')).toBeVisible();
  const cards = grid(page).getByRole('listitem');
  await expect(cards).toHaveCount(3);

  const first = cards.nth(0);
  await expect(first.getByText('Published', { exact: true })).toBeVisible();
  await expect(first.getByText('12 cards')).toBeVisible();
  await expect(first.getByText('Feb 14, 2025')).toBeVisible();
  await expect(first.getByText('Cells + 1 more')).toBeVisible();
  await expect(first.getByText('by Grace')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Clone' })).toBeVisible();
  // No cardCount: the length of cards; neither: 0. Anonymous or nameless: 'by Anonymous'.
  await expect(cards.nth(1).getByText('3 cards')).toBeVisible();
  await expect(cards.nth(1).getByText('by Anonymous')).toBeVisible();
  await expect(cards.nth(2).getByText('0 cards')).toBeVisible();
  await expect(cards.nth(2).getByText('by Anonymous')).toBeVisible();
});

test('a search is debounced, kept in the address, and survives a reload and a trip to a deck', async ({
  page,
}) => {
  const api = await openExplore(page, [
    fakeExploreCard('Cell biology'),
    fakeExploreCard('Cell division'),
    fakeExploreCard('Optics'),
  ]);
  // The opened deck is someone else's published deck (the fake's decks are the signed-in user's).
  const opened = api.addDeck('Optics', {
    presented: {
      isOwner: false,
      canEdit: false,
      isPublished: true,
      publishedAt: NOW,
      owner: OTHER_USER,
      ownerName: 'Grace',
    },
  });
  api.explore[2]!._id = opened._id;
  await page.goto('/explore');
  await expect(page.getByText('3 decks found')).toBeVisible();

  await searchBox(page).pressSequentially('cell', { delay: 30 });
  await expect(page).toHaveURL(/\/explore\?search=cell$/);
  await expect(heading(page)).toHaveText('Search Results for "cell"');
  await expect(page.getByText('2 decks found')).toBeVisible();
  // The last request is for the whole word (how many letters got a request of their own
  // depends on the machine's speed; the debounce keeps it to pauses in typing).
  expect(api.made('GET', '/decks/explore').at(-1)?.query).toMatchObject({
    search: 'cell',
    page: '1',
    limit: '20',
    sort: 'newest',
  });

  await page.reload();
  await expect(searchBox(page)).toHaveValue('cell');
  await expect(page.getByText('2 decks found')).toBeVisible();

  await searchBox(page).fill('optics');
  await expect(page.getByText('1 deck found')).toBeVisible();
  await grid(page).getByRole('link', { name: 'Optics' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${opened._id}/summary$`));
  await expect(page.getByText('Preview Mode • Clone deck to save conversations')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/explore\?search=optics$/);
  await expect(searchBox(page)).toHaveValue('optics');
  await expect(heading(page)).toHaveText('Search Results for "optics"');
});

test('both empty states', async ({ page }) => {
  const api = await openExplore(page, []);
  await page.goto('/explore');
  await expect(page.getByText('0 decks found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No decks available yet' })).toBeVisible();
  await expect(
    page.getByText('Be the first to publish a deck for others to explore!'),
  ).toBeVisible();

  api.explore = [fakeExploreCard('Cell biology')];
  await page.goto('/explore?search=quantum');
  await expect(heading(page)).toHaveText('Search Results for "quantum"');
  await expect(page.getByRole('heading', { name: 'No decks match your search' })).toBeVisible();
  await expect(page.getByText('Try using different keywords or check back later.')).toBeVisible();
});

test("loading says 'Loading published decks...', or 'Searching decks...' for a search", async ({
  page,
}) => {
  await openExplore(page, [fakeExploreCard('Cell biology')]);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isExplore, async (route) => {
    await held;
    await route.fallback();
  });

  await page.goto('/explore');
  await expect(page.getByText('Loading published decks...')).toBeVisible();
  release();
  await expect(page.getByText('1 deck found')).toBeVisible();

  let releaseSearch: () => void = () => undefined;
  const heldSearch = new Promise<void>((resolve) => (releaseSearch = resolve));
  await page.route(isExplore, async (route) => {
    await heldSearch;
    await route.fallback();
  });
  await searchBox(page).fill('cell');
  await expect(page.getByText('Searching decks...')).toBeVisible();
  releaseSearch();
  await expect(heading(page)).toHaveText('Search Results for "cell"');
});

test('a failed load shows the error panel; Try Again clears the search and returns to page 1', async ({
  page,
}) => {
  const api = await openExplore(page, many(45));
  let failing = true;
  await page.route(isExplore, (route) =>
    failing ? failure(500, 'INTERNAL', 'Internal server error')(route) : route.fallback(),
  );
  await page.goto('/explore?search=Deck&page=2');
  const panel = page.getByRole('alert').filter({ hasText: 'Failed to load decks' });
  await expect(panel).toHaveText(/Failed to load decks\. Please try again later\./);

  failing = false;
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(heading(page)).toHaveText('Recently Published Decks');
  await expect(page.getByText('45 decks found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(api.made('GET', '/decks/explore').at(-1)?.query).toMatchObject({ page: '1' });
});

test('Try Again on the first page without a search asks again', async ({ page }) => {
  await openExplore(page, many(2));
  let failing = true;
  await page.route(isExplore, (route) =>
    failing ? failure(503, 'SERVICE_UNAVAILABLE', 'Service unavailable')(route) : route.fallback(),
  );
  await page.goto('/explore');
  await expect(page.getByText('Failed to load decks. Please try again later.')).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('2 decks found')).toBeVisible();
});

test('pages of 20 with a sliding window of five numbers; changing page scrolls to the top', async ({
  page,
}) => {
  const api = await openExplore(page, many(150));
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/explore');
  await expect(page.getByText('150 decks found')).toBeVisible();
  await expect(grid(page).getByRole('listitem')).toHaveCount(20);

  const pager = page.getByRole('navigation', { name: 'Pages' });
  const numbers = () => pager.getByRole('button', { name: /^Page \d+$/ }).allInnerTexts();
  expect(await numbers()).toEqual(['1', '2', '3', '4', '5']);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Scrolled down to the pager, Next goes to page 2 at the top of the page.
  await pager.getByRole('button', { name: 'Next' }).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/explore\?page=2$/);
  await expect(grid(page).getByRole('listitem').first()).toContainText('Deck 21');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(api.made('GET', '/decks/explore').at(-1)?.query).toMatchObject({ page: '2', limit: '20' });

  await pager.getByRole('button', { name: 'Page 5' }).click();
  await expect(pager.getByRole('button', { name: 'Page 5' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await numbers()).toEqual(['3', '4', '5', '6', '7']);
  await pager.getByRole('button', { name: 'Page 7' }).click();
  await expect(pager.getByRole('button', { name: 'Page 7' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await numbers()).toEqual(['4', '5', '6', '7', '8']);
  // The last page holds the last 10 of 150; the window stays against the end.
  await pager.getByRole('button', { name: 'Page 8' }).click();
  await expect(grid(page).getByRole('listitem')).toHaveCount(10);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(await numbers()).toEqual(['4', '5', '6', '7', '8']);

  // Back returns to the previous page.
  await page.goBack();
  await expect(page).toHaveURL(/\/explore\?page=7$/);
  await expect(pager.getByRole('button', { name: 'Page 7' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test("a guest's clone asks them to sign in", async ({ page }) => {
  const api = await openExplore(page, [fakeExploreCard('Cell biology')], { signedIn: false });
  await page.goto('/explore');
  await grid(page).getByRole('button', { name: 'Clone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone Deck' });
  await expect(dialog.getByRole('alert')).toHaveText('Please sign in to clone decks');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  expect(api.made('POST', /\/clone$/)).toHaveLength(0);
});
