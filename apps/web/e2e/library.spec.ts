import { expect, test, type Page } from '@playwright/test';
import { FakeDeckApi, failure, fakeSource, serveThumbnails } from './fake-deck-api';

// The library (spec 01 §2.7) and the study-space page (spec 01 §2.8) against a played deck service
// (fake-deck-api.ts) in the wire format of @mnemo/contracts.

const isApi = (path: string) => (url: URL) => url.pathname === `/api${path}`;
const decksList = (page: Page) => page.getByRole('list', { name: 'Decks' }).getByRole('listitem');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Deck pages' });

test.describe('library', () => {
  test("lists all decks six to a page with 'n of m', and the spaces with their deck counts", async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    const biology = api.addSpace('Biology');
    const chemistry = api.addSpace('Chemistry');
    api.addSpace('Empty space');
    for (let i = 1; i <= 14; i += 1) {
      api.addDeck(`Deck ${i}`, {
        studySpace: i <= 3 ? biology._id : i === 4 ? chemistry._id : null,
        cards: i === 14 ? ['a', 'b', 'c'].map(() => crypto.randomUUID()) : [],
        sources:
          i === 14
            ? [fakeSource({ type: 'youtube', url: 'https://www.youtube.com/watch?v=aircAruvnKk' })]
            : i === 13
              ? [fakeSource({ type: 'document', url: null, originalFilename: 'notes.pdf' })]
              : [],
      });
    }
    await api.install(page);
    await serveThumbnails(page);
    await page.goto('/library');

    await expect(page.getByRole('heading', { name: 'Your Library', level: 1 })).toBeVisible();
    await expect(decksList(page)).toHaveCount(6);
    await expect(decksList(page).first()).toContainText('Deck 14');
    await expect(decksList(page).first()).toContainText('3 cards');
    await expect(decksList(page).first()).toContainText('Mar 1, 2025');
    await expect(decksList(page).first().locator('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/aircAruvnKk/mqdefault.jpg',
    );
    await expect(decksList(page).nth(1).locator('[data-type="document"]')).toBeVisible();
    await expect(decksList(page).nth(2).locator('[data-type="deck"]')).toBeVisible();
    await expect(decksList(page).nth(1)).toContainText('0 cards');
    await expect(decksList(page).first().getByRole('link')).toHaveAttribute(
      'href',
      `/deck/${api.decks[0]?._id}/summary`,
    );

    const previous = pager(page).getByRole('button', { name: 'Previous' });
    const next = pager(page).getByRole('button', { name: 'Next' });
    await expect(pager(page)).toContainText('1 of 3');
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(pager(page)).toContainText('2 of 3');
    await expect(decksList(page).first()).toContainText('Deck 8');
    await next.click();
    await expect(pager(page)).toContainText('3 of 3');
    await expect(decksList(page)).toHaveText([/^Deck 2, /, /^Deck 1, /]);
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(pager(page)).toContainText('2 of 3');

    const spaces = page.getByRole('list', { name: 'Study spaces' }).getByRole('listitem');
    await expect(spaces).toHaveText([
      'Biology, 3 decks',
      'Chemistry, 1 deck',
      'Empty space, 0 decks',
    ]);
    await expect(spaces.first().getByRole('link')).toHaveAttribute('href', `/space/${biology._id}`);
    await expect(page.getByRole('link', { name: 'Create New Deck' })).toHaveAttribute(
      'href',
      '/create-flashcards',
    );
    await page.getByRole('link', { name: 'Create New Space' }).click();
    await expect(page).toHaveURL(/\/create-flashcards\?new-space=true$/);
    await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText(
      'Create New Space',
    );
  });

  test('the search box only logs the term', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    for (let i = 1; i <= 8; i += 1) api.addDeck(`Deck ${i}`);
    await api.install(page);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/library');
    await expect(decksList(page)).toHaveCount(6);

    const search = page.getByRole('searchbox', { name: 'Search your library' });
    await search.fill('Deck 3');
    await search.press('Enter');
    await expect
      .poll(() => logged.some((text) => text.includes('Library search Deck 3')))
      .toBe(true);
    // No filtering (spec 01 §2.7).
    await expect(decksList(page)).toHaveCount(6);
    await expect(pager(page)).toContainText('1 of 2');
    expect(api.calls.filter((c) => c.path === '/decks')).toHaveLength(1);
  });

  test('shows both empty states', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    await api.install(page);
    await page.goto('/library');
    await expect(page.getByText("You don't have any decks yet.")).toBeVisible();
    await expect(page.getByText("You don't have any study spaces yet.")).toBeVisible();
    await expect(pager(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create New Space' })).toBeVisible();
  });

  test('says when decks or spaces cannot be loaded', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    await api.install(page);
    await page.route(isApi('/decks'), failure(500, 'INTERNAL', 'Internal server error'));
    await page.route(isApi('/spaces'), failure(500, 'INTERNAL', 'Internal server error'));
    await page.goto('/library');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load decks' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load study spaces' }),
    ).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('study space page', () => {
  async function openSpace(page: Page, decks = true) {
    const api = new FakeDeckApi({ signedIn: true });
    const biology = api.addSpace('Biology');
    const other = api.addSpace('Other');
    if (decks) {
      api.addDeck('Genetics', {
        studySpace: biology._id,
        cards: [crypto.randomUUID()],
        sources: [fakeSource({ type: 'document', url: null, originalFilename: 'genes.pdf' })],
      });
      api.addDeck('Photosynthesis', { studySpace: biology._id, sources: [fakeSource()] });
      api.addDeck('Cell structure', {
        studySpace: biology._id,
        sources: [fakeSource({ type: 'youtube', url: 'https://youtu.be/sQK3Yr4Sc_k' })],
      });
      api.addDeck('Elsewhere', { studySpace: other._id });
    }
    await api.install(page);
    await serveThumbnails(page);
    await page.goto(`/space/${biology._id}`);
    return { api, biology };
  }

  test('shows its decks; the search filters them by title; Create New Deck opens creation in this space', async ({
    page,
  }) => {
    const { api, biology } = await openSpace(page);
    await expect(page.getByRole('heading', { name: 'Biology', level: 1 })).toBeVisible();
    await expect(page.getByText('3 decks')).toBeVisible();
    const cards = decksList(page);
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toHaveText(/Create New Deck/);
    const genetics = cards.filter({ hasText: 'Genetics' });
    await expect(genetics).toContainText('1 card');
    await expect(genetics).toContainText('Mar 1, 2025');
    await expect(genetics.locator('[data-type="document"]')).toBeVisible();
    await expect(
      cards.filter({ hasText: 'Photosynthesis' }).locator('[data-type="website"]'),
    ).toBeVisible();
    await expect(cards.filter({ hasText: 'Cell structure' }).locator('img')).toHaveAttribute(
      'data-video-id',
      'sQK3Yr4Sc_k',
    );
    expect(api.made('GET', '/decks')[0]?.query).toEqual({ studySpace: biology._id });

    const search = page.getByRole('searchbox', { name: 'Search decks in this space' });
    await search.fill('  PHOTO ');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Photosynthesis');
    await search.fill('chemistry');
    await expect(page.getByText('No decks match your search')).toBeVisible();
    await expect(cards).toHaveCount(1);
    await search.fill('');
    await expect(cards).toHaveCount(4);

    await page.getByRole('link', { name: 'Create New Deck' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-flashcards\\?spaceId=${biology._id}$`));
    await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText('Biology');
  });

  test('renames inline: Enter saves, Escape cancels, an empty title is refused', async ({
    page,
  }) => {
    const { api, biology } = await openSpace(page);
    const title = page.getByRole('heading', { level: 1 });
    await title.getByRole('button', { name: 'Biology' }).click();
    const input = page.getByRole('textbox', { name: 'Space title' });
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('Biology');
    await input.fill('Botany');
    await input.press('Escape');
    await expect(title).toHaveText('Biology');
    expect(api.made('PUT', `/spaces/${biology._id}`)).toHaveLength(0);

    await title.getByRole('button').click();
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Please enter a title');
    expect(api.made('PUT', `/spaces/${biology._id}`)).toHaveLength(0);

    await input.fill('  Cell Biology ');
    await input.press('Enter');
    await expect(title).toHaveText('Cell Biology');
    expect(api.made('PUT', `/spaces/${biology._id}`).map((c) => c.body)).toEqual([
      { title: 'Cell Biology' },
    ]);
    // The sidebar's Spaces list follows.
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText(
      'Cell Biology',
    );

    // Edit Space in the menu starts the same edit; leaving the field saves.
    await page.getByRole('button', { name: 'Space options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Space' }).click();
    await expect(input).toBeFocused();
    await input.fill('Botany');
    await page.getByRole('searchbox', { name: 'Search decks in this space' }).click();
    await expect(title).toHaveText('Botany');

    await page.route(isApi(`/spaces/${biology._id}`), (route) =>
      route.request().method() === 'PUT'
        ? failure(500, 'INTERNAL', 'Internal server error')(route)
        : route.fallback(),
    );
    await title.getByRole('button').click();
    await input.fill('Zoology');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to rename the study space. Please try again.',
    );
    await input.press('Escape');
    await expect(title).toHaveText('Botany');
  });

  test('Delete Space asks first, then deletes and returns to the library', async ({ page }) => {
    const { api, biology } = await openSpace(page);
    let fail = true;
    await page.route(isApi(`/spaces/${biology._id}`), (route) => {
      if (route.request().method() === 'DELETE' && fail) {
        fail = false;
        return failure(500, 'INTERNAL', 'Internal server error')(route);
      }
      return route.fallback();
    });
    const openDelete = async () => {
      await page.getByRole('button', { name: 'Space options' }).click();
      await page.getByRole('menuitem', { name: 'Delete Space' }).click();
      return page.getByRole('dialog', { name: 'Delete Space' });
    };

    let dialog = await openDelete();
    await expect(dialog).toContainText('Delete "Biology"? Its 3 decks will be deleted too.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    dialog = await openDelete();
    await dialog.getByRole('button', { name: 'Delete Space' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to delete the study space. Please try again.',
    );
    await dialog.getByRole('button', { name: 'Delete Space' }).click();
    await expect(page).toHaveURL(/\/library$/);
    expect(api.spaces.map((s) => s.title)).toEqual(['Other']);
    await expect(page.getByRole('list', { name: 'Study spaces' })).not.toContainText('Biology');
    await expect(decksList(page)).toHaveCount(1);
  });

  test('an empty space says so; an unknown space is not found', async ({ page }) => {
    await openSpace(page, false);
    await expect(page.getByText('No decks in this study space yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Deck' })).toBeVisible();

    await page.goto('/space/5d1c0a8e-0000-4000-8000-00000000ffff');
    await expect(page.getByRole('heading', { name: 'Study space not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await expect(page).toHaveURL(/\/library$/);
  });
});

test('a signed-in user creates a space, two decks, pages through the library', async ({ page }) => {
  const api = new FakeDeckApi({ signedIn: true });
  for (let i = 1; i <= 5; i += 1) api.addDeck(`Older deck ${i}`);
  await api.install(page);
  const editScreen = /\/deck\/[0-9a-f-]{36}\/edit$/;

  await page.goto('/library');
  await expect(page.getByText("You don't have any study spaces yet.")).toBeVisible();
  await expect(pager(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Create New Space' }).click();

  await page.getByRole('textbox', { name: 'Link' }).fill('example.org/stars');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'New space name' }).fill('Astronomy');
  await page.getByRole('textbox', { name: 'Deck title' }).fill('Stars');
  await page.getByRole('button', { name: 'Create Cards' }).click();
  await expect(page).toHaveURL(editScreen, { timeout: 15_000 });

  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Astronomy' }).click();
  await expect(page.getByRole('heading', { name: 'Astronomy', level: 1 })).toBeVisible();
  await expect(decksList(page).filter({ hasText: 'Stars' })).toBeVisible();
  await page.getByRole('link', { name: 'Create New Deck' }).click();
  await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText('Astronomy');
  await page.getByRole('textbox', { name: 'Link' }).fill('example.org/planets');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'Deck title' }).fill('Planets');
  await page.getByRole('button', { name: 'Create Cards' }).click();
  await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
  expect(api.made('POST', '/spaces')).toHaveLength(1);

  await sidebar.getByRole('link', { name: 'Library' }).click();
  await expect(decksList(page)).toHaveCount(6);
  await expect(decksList(page).nth(0)).toContainText('Planets');
  await expect(decksList(page).nth(1)).toContainText('Stars');
  await expect(pager(page)).toContainText('1 of 2');
  await expect(page.getByRole('list', { name: 'Study spaces' })).toContainText(
    'Astronomy, 2 decks',
  );
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page)).toContainText('2 of 2');
  await expect(decksList(page)).toHaveText([/Older deck 1/]);
});
