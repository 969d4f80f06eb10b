import { expect, test, type Page } from '@playwright/test';
import { FakeDeckApi, NOW, failure, fakeSource, type FakeDeck } from './fake-deck-api';

// The deck area's header, Summary and Manage pages (spec 02 §2, §4, §5, §6, §8) against a played
// deck service (fake-deck-api.ts) in the wire format of @mnemo/contracts.

const isApi = (path: string) => (url: URL) => url.pathname === `/api${path}`;
const OTHER_USER = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** A signed-in owner's deck, served by a fresh fake. */
async function openDeck(page: Page, over: Partial<FakeDeck> = {}) {
  const api = new FakeDeckApi({ signedIn: true });
  const deck = api.addDeck('Cell biology', over);
  await api.install(page);
  return { api, deck };
}

/** Someone else's published deck, as a signed-in visitor sees it. */
const publishedByOther = {
  presented: {
    isOwner: false,
    canEdit: false,
    canView: true,
    isPublished: true,
    publishedAt: NOW,
    owner: OTHER_USER,
    ownerName: 'Grace',
    studySpace: null,
  },
};

test.describe('deck header', () => {
  test('Enter saves the trimmed title, Escape cancels, an emptied title stays as it was', async ({
    page,
  }) => {
    const { api, deck } = await openDeck(page);
    await page.goto(`/deck/${deck._id}/summary`);
    const title = page.getByRole('button', { name: 'Cell biology', exact: true });
    await title.click();
    const input = page.getByRole('textbox', { name: 'Deck title' });
    await expect(input).toBeFocused();
    await input.fill('  Plant cells  ');
    await input.press('Enter');
    await expect(page.getByRole('button', { name: 'Plant cells', exact: true })).toBeVisible();
    await expect.poll(() => api.made('PUT', `/decks/${deck._id}`).length).toBe(1);
    expect(api.made('PUT', `/decks/${deck._id}`)[0]?.body).toEqual({ title: 'Plant cells' });

    await page.getByRole('button', { name: 'Plant cells', exact: true }).click();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Plant cells', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Plant cells', exact: true }).click();
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByRole('button', { name: 'Plant cells', exact: true })).toBeVisible();
    expect(api.made('PUT', `/decks/${deck._id}`)).toHaveLength(1);
  });

  test('a failed rename is only logged and the old title comes back', async ({ page }) => {
    const { deck } = await openDeck(page);
    await page.route(
      (url) => url.pathname === `/api/decks/${deck._id}`,
      (route) =>
        route.request().method() === 'PUT'
          ? failure(500, 'INTERNAL', 'Internal server error')(route)
          : route.fallback(),
    );
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(`/deck/${deck._id}/summary`);
    await page.getByRole('button', { name: 'Cell biology', exact: true }).click();
    await page.getByRole('textbox', { name: 'Deck title' }).fill('Renamed');
    await page.getByRole('textbox', { name: 'Deck title' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Cell biology', exact: true })).toBeVisible();
    await expect
      .poll(() => warnings.some((w) => w.includes('Failed to rename the deck')))
      .toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Delete Deck asks first, then deletes and goes to the deck space', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    const space = api.addSpace('Biology');
    const deck = api.addDeck('Cell biology', { studySpace: space._id });
    await api.install(page);
    await page.goto(`/deck/${deck._id}/manage`);

    await page.getByRole('button', { name: 'Deck options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Deck' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Deck' });
    await expect(dialog).toContainText('Delete "Cell biology"?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(api.made('DELETE', `/decks/${deck._id}`)).toHaveLength(0);

    await page.getByRole('button', { name: 'Deck options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Deck' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Deck' })
      .getByRole('button', { name: 'Delete Deck' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/space/${space._id}$`));
    expect(api.made('DELETE', `/decks/${deck._id}`)).toHaveLength(1);
    expect(api.decks).toHaveLength(0);
  });

  test('Edit Deck opens the edit tab; a deck outside any space is deleted to the library', async ({
    page,
  }) => {
    const { api, deck } = await openDeck(page);
    await page.goto(`/deck/${deck._id}/summary`);
    await page.getByRole('button', { name: 'Deck options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Deck' }).click();
    await expect(page).toHaveURL(new RegExp(`/deck/${deck._id}/edit$`));
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('button', { name: 'Deck options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Deck' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Deck' })
      .getByRole('button', { name: 'Delete Deck' })
      .click();
    await expect(page).toHaveURL(/\/library$/);
    expect(api.made('DELETE', `/decks/${deck._id}`)).toHaveLength(1);
  });

  test('the back arrow goes to the space, else the library; the tabs follow the path', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    const space = api.addSpace('Biology');
    const inSpace = api.addDeck('In a space', { studySpace: space._id });
    const loose = api.addDeck('Loose deck');
    await api.install(page);

    await page.goto(`/deck/${inSpace._id}/summary`);
    const back = page.getByRole('link', { name: 'Back' });
    await expect(back).toHaveAttribute('href', `/space/${space._id}`);
    const tabs = page.getByRole('navigation', { name: 'Deck' });
    await expect(tabs.getByRole('link', { name: 'Summary' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'Manage' }).click();
    await expect(page).toHaveURL(new RegExp(`/deck/${inSpace._id}/manage$`));
    await expect(tabs.getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(tabs.getByRole('link', { name: 'Summary' })).not.toHaveAttribute('aria-current');
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/space/${space._id}$`));

    await page.goto(`/deck/${loose._id}/manage`);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/library');
    // An unknown tab is the summary.
    await page.goto(`/deck/${loose._id}/nonsense`);
    await expect(page).toHaveURL(new RegExp(`/deck/${loose._id}/summary$`));
  });

  test("a non-owner of a published deck previews it: banner, 'Published by', no edit controls", async ({
    page,
  }) => {
    const { deck } = await openDeck(page, {
      ...publishedByOther,
      sources: [fakeSource({ processingStatus: 'completed', summary: 'Cells divide.' })],
    });
    await page.goto(`/deck/${deck._id}/summary`);

    await expect(page.getByText('Preview Mode • Clone deck to save conversations')).toBeVisible();
    await expect(page.getByText('Published by Grace')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/explore');
    await expect(page.getByText('Cell biology', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cell biology', exact: true })).toHaveCount(0);
    // A viewer's deck menu only exports (issue 24): no Edit Deck, no Delete Deck.
    await page.getByRole('button', { name: 'Deck options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete Deck' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Mnemo JSON (.json)' })).toBeVisible();
    await page.keyboard.press('Escape');
    const publish = page.getByRole('button', { name: 'Published' });
    await expect(publish).toBeDisabled();
    await expect(publish).toHaveAttribute('title', 'Clone deck to publish');
    await expect(page.getByRole('button', { name: 'Clone Deck' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Source' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Manage' }).click();
    await expect(page.getByRole('heading', { name: 'Project knowledge' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Custom Instructions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Source' })).toHaveCount(0);
  });

  test("an anonymously published deck says 'Published by Anonymous'; the owner sees no banner", async ({
    page,
  }) => {
    const { deck } = await openDeck(page, {
      presented: { isPublished: true, publishedAnonymously: true, ownerName: null },
    });
    await page.goto(`/deck/${deck._id}/summary`);
    await expect(page.getByText('Published by Anonymous')).toBeVisible();
    await expect(page.getByText(/Preview Mode/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clone Deck' })).toHaveCount(0);
    // The owner's toggle shows the state (publishing itself: publish-clone.spec.ts).
    await expect(page.getByRole('button', { name: 'Published' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a deck without view access shows the access gate', async ({ page }) => {
    const { deck } = await openDeck(page, {
      presented: { isOwner: false, canEdit: false, canView: false, owner: OTHER_USER },
    });
    await page.goto(`/deck/${deck._id}/summary`);
    const gate = page.getByRole('dialog', { name: 'This deck is private' });
    await expect(gate).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Summary', level: 1 })).toHaveCount(0);
    await gate.getByRole('link', { name: 'Go to Library' }).click();
    await expect(page).toHaveURL(/\/library$/);
  });

  test("load errors: 'Deck not found or not accessible.' and 'Failed to load deck data' with Retry", async ({
    page,
  }) => {
    const { deck } = await openDeck(page);
    let failing = true;
    await page.route(isApi(`/decks/${deck._id}`), (route) =>
      failing ? failure(500, 'INTERNAL', 'Internal server error')(route) : route.fallback(),
    );
    await page.goto(`/deck/${deck._id}/summary`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to load deck data. Please try again.');
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Summary', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cell biology', exact: true })).toBeVisible();

    await page.goto('/deck/5f0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e/summary');
    await expect(page.getByRole('alert')).toContainText('Deck not found or not accessible.');
    await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});

test.describe('summary', () => {
  test('each source state has its summary and key concepts text; a video is embedded', async ({
    page,
  }) => {
    const pending = fakeSource({ title: 'Pending page', processingStatus: 'pending' });
    const processing = fakeSource({ title: 'Busy page', processingStatus: 'processing' });
    const done = fakeSource({ title: 'Empty page', processingStatus: 'completed' });
    const video = fakeSource({
      title: 'Mitosis video',
      type: 'youtube',
      url: 'https://www.youtube.com/watch?v=f-ldPgEfAHI',
      processingStatus: 'completed',
      summary: 'Mitosis makes two cells.',
      keyPoints: ['Prophase comes first'],
      content: 'Transcript of the mitosis video',
    });
    const document = fakeSource({
      title: 'cells.pdf',
      type: 'document',
      url: null,
      originalFilename: 'cells.pdf',
      downloadUrl: '/api/files/documents/cells.pdf',
      processingStatus: 'failed',
    });
    const { deck } = await openDeck(page, {
      sources: [pending, processing, done, video, document],
    });
    // The busy source's progress stream says nothing more; the 5 s poll keeps it processing.
    await page.route(isApi(`/ai/progress/${processing._id}`), (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `data: ${JSON.stringify({ sourceId: processing._id, step: 'connected', message: 'Connected', progress: 0, details: null, timestamp: NOW })}\n\n`,
      }),
    );
    await page.goto(`/deck/${deck._id}/summary`);
    await expect(page.getByRole('heading', { name: 'Summary', level: 1 })).toBeVisible();
    const detail = page.getByRole('article');
    const sources = page.getByRole('list', { name: 'Sources' });

    await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Pending page');
    await expect(detail).toContainText('Process this source to generate its summary.');
    await expect(detail).toContainText('Process this source to generate its key points.');

    await sources.getByRole('button', { name: 'Busy page' }).click();
    await expect(detail).toContainText('The summary is being generated.');
    await expect(detail).toContainText('The key points are being generated.');

    await sources.getByRole('button', { name: 'Empty page' }).click();
    await expect(detail).toContainText('No summary available yet');
    await expect(detail).toContainText('No key points available yet');
    await expect(detail.getByRole('link', { name: 'Open source' })).toHaveAttribute(
      'href',
      'https://example.com/page',
    );

    await sources.getByRole('button', { name: 'Mitosis video' }).click();
    await expect(detail).toContainText('Mitosis makes two cells.');
    await expect(detail).toContainText('Prophase comes first');
    await expect(detail.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/f-ldPgEfAHI',
    );

    await sources.getByRole('button', { name: 'cells.pdf' }).click();
    await expect(detail).toContainText('Process this source to generate its summary.');
    await expect(detail.locator('iframe')).toHaveCount(0);
    const file = detail.getByRole('link', { name: 'Open document' });
    await expect(file).toHaveAttribute('href', '/api/files/documents/cells.pdf');
    await expect(file).toHaveAttribute('target', '_blank');
  });

  test('the chat sidebar is 320 px wide and keeps within 240-600 px by keyboard', async ({
    page,
  }) => {
    const { deck } = await openDeck(page, {
      sources: [fakeSource({ processingStatus: 'completed', summary: 'Cells.' })],
    });
    await page.goto(`/deck/${deck._id}/summary`);
    const handle = page.getByRole('separator', { name: 'Resize chat' });
    const sidebar = page.locator('.resizable-sidebar');
    await expect(handle).toHaveAttribute('aria-valuenow', '320');
    await expect(sidebar.getByRole('complementary', { name: 'Study Chat' })).toBeVisible();
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(320);

    await handle.focus();
    await handle.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '336');
    await handle.press('End');
    await expect(handle).toHaveAttribute('aria-valuenow', '240');
    await handle.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', '240');
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(240);
    await handle.press('Home');
    await expect(handle).toHaveAttribute('aria-valuenow', '600');
    await handle.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', '600');
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(600);
  });
});

test.describe('manage', () => {
  test('switches between the source grid and the chat history; a source opens its cards', async ({
    page,
  }) => {
    const source = fakeSource({ title: 'Cells page', processingStatus: 'completed' });
    const { deck } = await openDeck(page, { sources: [source] });
    await page.goto(`/deck/${deck._id}/manage`);
    await expect(page.getByRole('heading', { name: 'Project knowledge', level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Study Chat' })).toBeVisible();
    const sourcesToggle = page.getByRole('button', { name: 'Sources', exact: true });
    const historyToggle = page.getByRole('button', { name: 'Chat History' });
    await expect(sourcesToggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: 'Sources' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Source' })).toBeVisible();

    await historyToggle.click();
    await expect(historyToggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Chat history' })).toBeAttached();
    await expect(page.getByRole('list', { name: 'Sources' })).toHaveCount(0);

    await sourcesToggle.click();
    await page
      .getByRole('list', { name: 'Sources' })
      .getByRole('button', { name: 'Cells page' })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/deck/${deck._id}/edit\\?sourceFilter=${source._id}$`),
    );
  });

  test('the chat takes 70% of the page, which keeps at least 800 px', async ({ page }) => {
    const { deck } = await openDeck(page);
    await page.goto(`/deck/${deck._id}/manage`);
    const body = page.locator('.deck-manage-body');
    const chat = page.locator('.deck-manage-chat');
    await expect(chat).toBeVisible();
    const wide = (await body.boundingBox())!.width;
    expect(Math.abs((await chat.boundingBox())!.width - wide * 0.7)).toBeLessThan(2);

    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(async () => Math.round((await body.boundingBox())!.width)).toBe(800);
  });

  test('custom AI instructions: counter, Save and Clear rules, unsaved-changes confirmation, save', async ({
    page,
  }) => {
    const { api, deck } = await openDeck(page, { systemPrompt: 'Answer briefly.' });
    await page.goto(`/deck/${deck._id}/manage`);
    await page.getByRole('button', { name: 'Custom Instructions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom AI Instructions' });
    const field = dialog.getByRole('textbox', { name: 'Custom AI instructions' });
    const save = dialog.getByRole('button', { name: 'Save' });
    const clear = dialog.getByRole('button', { name: 'Clear' });
    await expect(field).toHaveValue('Answer briefly.');
    await expect(dialog).toContainText('15/2000');
    await expect(save).toBeDisabled();
    await expect(clear).toBeEnabled();

    await clear.click();
    await expect(field).toHaveValue('');
    await expect(dialog).toContainText('0/2000');
    await expect(clear).toBeDisabled();
    await expect(save).toBeEnabled();

    await field.fill('x'.repeat(2001));
    await expect(dialog).toContainText('2001/2000');
    await expect(save).toBeDisabled();
    await field.fill('x'.repeat(2000));
    await expect(dialog).toContainText('2000/2000');
    await expect(save).toBeEnabled();

    // Closing with unsaved changes asks (the app's confirmation dialog); declining keeps the
    // dialog and the text.
    const discard = page.getByRole('dialog', { name: 'Discard Changes' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(discard).toContainText(
      'You have unsaved changes to the custom instructions. Discard them?',
    );
    await discard.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(discard).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2000/2000');
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(api.made('PUT', `/decks/${deck._id}`)).toHaveLength(0);

    // Reopened: the saved text again. Save sends it, then the chats take it up.
    await page.getByRole('button', { name: 'Custom Instructions' }).click();
    await expect(field).toHaveValue('Answer briefly.');
    await field.fill('Answer in French.');
    await save.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(api.made('PUT', `/decks/${deck._id}`).map((c) => c.body)).toEqual([
      { systemPrompt: 'Answer in French.' },
    ]);
    expect(api.made('PUT', `/chat/deck/${deck._id}/system-messages`).map((c) => c.body)).toEqual([
      { systemPrompt: 'Answer in French.' },
    ]);
    await page.getByRole('button', { name: 'Custom Instructions' }).click();
    await expect(field).toHaveValue('Answer in French.');
    await expect(save).toBeDisabled();
    // Unchanged: closing asks nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('instructions are saved even when the chats cannot take them up; a failed save says so', async ({
    page,
  }) => {
    const { api, deck } = await openDeck(page);
    await page.route(
      isApi(`/chat/deck/${deck._id}/system-messages`),
      failure(503, 'SERVICE_UNAVAILABLE', 'Chat unavailable'),
    );
    let deckSave = failure(500, 'INTERNAL', 'Internal server error');
    await page.route(isApi(`/decks/${deck._id}`), (route) =>
      route.request().method() === 'PUT' ? deckSave(route) : route.fallback(),
    );
    await page.goto(`/deck/${deck._id}/manage`);
    await page.getByRole('button', { name: 'Custom Instructions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom AI Instructions' });
    await expect(dialog).toContainText('0/2000');
    await dialog.getByRole('textbox', { name: 'Custom AI instructions' }).fill('Use metric units.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to save custom instructions. Please try again.',
    );

    deckSave = (route) => route.fallback();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(api.decks[0]?.systemPrompt).toBe('Use metric units.');
  });
});
