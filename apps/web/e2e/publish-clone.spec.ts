import { expect, test, type Page } from '@playwright/test';
import {
  FakeDeckApi,
  NOW,
  failure,
  fakeExploreCard,
  fakeSource,
  type FakeDeck,
} from './fake-deck-api';

// Publishing and cloning in the deck area and on Explore (spec 01 §2.9, §4.3, §8; spec 02 §2, §4,
// §6, §8) against a played deck service (fake-deck-api.ts).

const OTHER_USER = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** Someone else's published deck, as a signed-in visitor sees it. */
const publishedByOther: Partial<FakeDeck> = {
  presented: {
    isOwner: false,
    canEdit: false,
    canView: true,
    isPublished: true,
    publishedAt: NOW,
    owner: OTHER_USER,
    ownerName: 'Grace',
  },
  sources: [fakeSource({ processingStatus: 'completed', summary: 'Cells divide.' })],
};

async function setUp(page: Page, over: Partial<FakeDeck> = {}) {
  const api = new FakeDeckApi({ signedIn: true });
  const deck = api.addDeck('Cell biology', over);
  await api.install(page);
  return { api, deck };
}

const publishDialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const cloneDialog = (page: Page) => page.getByRole('dialog', { name: 'Clone Deck' });

test("the owner publishes anonymously, then unpublishes, with the spec's texts", async ({
  page,
}) => {
  const { api, deck } = await setUp(page);
  await page.goto(`/deck/${deck._id}/summary`);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = publishDialog(page, 'Publish Deck');
  await expect(
    publish.getByText(
      'Publishing will make this deck visible to all Mnemo users in the Explore section.',
    ),
  ).toBeVisible();
  await publish.getByRole('checkbox', { name: /Publish anonymously/ }).check();
  await publish.getByRole('button', { name: 'Publish Deck' }).click();
  await expect(publish).toHaveCount(0);
  await expect(page.getByText('Published by Anonymous')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Published', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(api.made('PUT', `/decks/${deck._id}/publish`).map((c) => c.body)).toEqual([
    { isPublished: true, publishedAnonymously: true },
  ]);

  await page.getByRole('button', { name: 'Published', exact: true }).click();
  const unpublish = publishDialog(page, 'Unpublish Deck');
  await expect(
    unpublish.getByText(
      'Unpublishing will make this deck private again. It will no longer be visible in the Explore section.',
    ),
  ).toBeVisible();
  await expect(unpublish.getByRole('checkbox')).toHaveCount(0);
  await unpublish.getByRole('button', { name: 'Unpublish Deck' }).click();
  await expect(page.getByText(/Published by/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(api.made('PUT', `/decks/${deck._id}/publish`).at(-1)?.body).toEqual({
    isPublished: false,
    publishedAnonymously: false,
  });

  // Published under the owner's name this time; Cancel changes nothing.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishDialog(page, 'Publish Deck').getByRole('button', { name: 'Cancel' }).click();
  expect(api.made('PUT', `/decks/${deck._id}/publish`)).toHaveLength(2);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishDialog(page, 'Publish Deck').getByRole('button', { name: 'Publish Deck' }).click();
  await expect(page.getByText('Published by Ada')).toBeVisible();
  await expect(page.getByText(/Preview Mode/)).toHaveCount(0);
});

test('a failed publish is only logged and the deck stays private', async ({ page }) => {
  const { deck } = await setUp(page);
  await page.route(
    (url) => url.pathname === `/api/decks/${deck._id}/publish`,
    failure(500, 'INTERNAL', 'Internal server error'),
  );
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`/deck/${deck._id}/summary`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await publishDialog(page, 'Publish Deck').getByRole('button', { name: 'Publish Deck' }).click();
  await expect(publishDialog(page, 'Publish Deck')).toHaveCount(0);
  await expect
    .poll(() => warnings.some((w) => w.includes('Failed to publish the deck')))
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByText(/Published by/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a non-owner previews a published deck and clones it into a space, then lands on the copy', async ({
  page,
}) => {
  const { api, deck } = await setUp(page, publishedByOther);
  const space = api.addSpace('Biology');
  await page.goto(`/deck/${deck._id}/summary`);

  await expect(page.getByText('Preview Mode • Clone deck to save conversations')).toBeVisible();
  await expect(page.getByText('Published by Grace')).toBeVisible();
  const publish = page.getByRole('button', { name: 'Published', exact: true });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAttribute('title', 'Clone deck to publish');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/explore');

  await page.getByRole('button', { name: 'Clone Deck' }).click();
  const dialog = cloneDialog(page);
  await expect(dialog.getByText('This deck must be cloned to your library first.')).toHaveCount(0);
  await dialog.getByLabel('Study space').selectOption({ label: 'Biology' });
  // The answer is held so the cloning state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === `/api/decks/${deck._id}/clone`,
    async (route) => {
      await held;
      await route.fallback();
    },
  );
  await dialog.getByRole('button', { name: 'Clone Deck' }).click();
  await expect(dialog.getByRole('button', { name: 'Cloning...' })).toBeDisabled();
  release();
  await expect(dialog.getByRole('status')).toHaveText('Deck cloned to your library!');
  await expect(dialog.getByRole('button', { name: 'Cloned!' })).toBeDisabled();

  const copy = api.decks[0]!;
  expect(copy._id).not.toBe(deck._id);
  expect(api.made('POST', `/decks/${deck._id}/clone`).map((c) => c.body)).toEqual([
    { studySpace: space._id },
  ]);
  await expect(page).toHaveURL(new RegExp(`/deck/${copy._id}/summary$`));
  await expect(page.getByRole('button', { name: 'Cell biology', exact: true })).toBeVisible();
  await expect(page.getByText(/Preview Mode/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
    'href',
    `/space/${space._id}`,
  );
});

test("a failed clone alerts 'Failed to clone deck. Please try again.' and can be tried again", async ({
  page,
}) => {
  const { api, deck } = await setUp(page, publishedByOther);
  let failing = true;
  await page.route(
    (url) => url.pathname === `/api/decks/${deck._id}/clone`,
    (route) =>
      failing ? failure(500, 'INTERNAL', 'Internal server error')(route) : route.fallback(),
  );
  await page.goto(`/deck/${deck._id}/summary`);
  await page.getByRole('button', { name: 'Clone Deck' }).click();
  const dialog = cloneDialog(page);
  await dialog.getByRole('button', { name: 'Clone Deck' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to clone deck. Please try again.');
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/summary$`));

  failing = false;
  await dialog.getByRole('button', { name: 'Clone Deck' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${api.decks[0]!._id}/summary$`));
  expect(api.made('POST', `/decks/${deck._id}/clone`).at(-1)?.body).toEqual({ studySpace: null });
});

test("a clone over the plan's limits opens the upgrade dialog with the server's words", async ({
  page,
}) => {
  const { deck } = await setUp(page, publishedByOther);
  await page.route(
    (url) => url.pathname === `/api/decks/${deck._id}/clone`,
    failure(402, 'LIMIT_REACHED', 'You have reached the limit of 10 decks in this space', {
      limitReached: true,
    }),
  );
  await page.goto(`/deck/${deck._id}/summary`);
  await page.getByRole('button', { name: 'Clone Deck' }).click();
  await cloneDialog(page).getByRole('button', { name: 'Clone Deck' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Scholar' });
  await expect(upgrade.getByRole('alert')).toHaveText(
    'You have reached the limit of 10 decks in this space',
  );
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await expect(upgrade).toHaveCount(0);
  await expect(cloneDialog(page).getByRole('button', { name: 'Clone Deck' })).toBeEnabled();
});

test('the Edit tab asks a non-owner to clone the deck first', async ({ page }) => {
  const { deck } = await setUp(page, publishedByOther);
  await page.goto(`/deck/${deck._id}/summary`);
  await page.getByRole('link', { name: 'Edit' }).click();
  const dialog = cloneDialog(page);
  await expect(dialog.getByText('This deck must be cloned to your library first.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/summary$`));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('cloning from Explore opens the copy', async ({ page }) => {
  const { api, deck } = await setUp(page, publishedByOther);
  api.explore = [fakeExploreCard('Cell biology', { _id: deck._id })];
  await page.goto('/explore');
  await page
    .getByRole('list', { name: 'Published decks' })
    .getByRole('button', { name: 'Clone' })
    .click();
  const dialog = cloneDialog(page);
  await expect(dialog.getByLabel('Study space')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Clone Deck' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Deck cloned to your library!');
  await expect(page).toHaveURL(new RegExp(`/deck/${api.decks[0]!._id}/summary$`));
  expect(api.made('POST', `/decks/${deck._id}/clone`)).toHaveLength(1);
});
