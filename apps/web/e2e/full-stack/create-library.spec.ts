import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { fixturePath } from '@mnemo/testing/fixtures';
import { signedUp } from './api-account';
import { FIXTURE_SITE_PORT } from './fixture-site';

// Against the real Mnemo: the creation page's whole flow (space, deck with its sources, processing
// by the worker with the offline provider, the pending generation record, the edit screen), the
// library and the study-space page. Pages are fetched from a local fixture site the stack may
// reach (SOURCE_FETCH_ALLOWLIST); PDFs are the shared fixtures.

let site: Server;
test.beforeAll(async () => {
  const article = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
  site = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article),
  );
  await new Promise<void>((resolve) => site.listen(FIXTURE_SITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

const editScreen = /\/deck\/[0-9a-f-]{36}\/edit$/;

/** Keeps every pending generation record the page writes (the edit screen removes the stored one). */
async function recordPendingWrites(page: Page) {
  await page.addInitScript(() => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = function setItem(this: Storage, key: string, value: string) {
      if (key === 'pendingCardGeneration') {
        const w = window as unknown as { pendingWrites?: string[] };
        (w.pendingWrites ??= []).push(value);
      }
      original.call(this, key, value);
    };
  });
}

async function addPdf(page: Page, fixture: string) {
  await page.getByRole('tab', { name: 'Files' }).click();
  await page.getByLabel('Choose files').setInputFiles(fixturePath('pdf', fixture));
  const added = page.getByRole('list', { name: 'Added content' });
  await expect(added).toContainText(fixture);
  await expect(added.getByRole('progressbar')).toHaveCount(0); // the upload has finished
  await page.getByRole('tab', { name: 'Links' }).click();
}

test('an anonymous visitor creates a deck from a fixture page and a PDF, watches processing finish, lands on the edit screen with generated questions', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await recordPendingWrites(page);
  await page.goto('/create-flashcards');
  const banner = page.getByRole('region', { name: 'Welcome' });
  await expect(banner).toContainText('Welcome to Mnemo!');

  await page
    .getByRole('textbox', { name: 'Link' })
    .fill(`http://127.0.0.1:${FIXTURE_SITE_PORT}/wiki/Mozilla`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await addPdf(page, 'pdflatex-4-pages.pdf');
  await expect(banner).toContainText(
    `Your deck will be called "127.0.0.1:${FIXTURE_SITE_PORT}/wiki/Mozilla"`,
  );
  await page.getByRole('button', { name: 'Create Cards' }).click();

  const processing = page.getByRole('region', { name: 'Processing your content' });
  await expect(processing).toBeVisible();
  await expect(page.getByRole('region', { name: 'Processing progress' })).toBeVisible();
  await expect(page).toHaveURL(editScreen, { timeout: 180_000 });
  // The edit screen may add ?isGenerating=true to its address right after opening (spec 02 §2).
  const deckId = /\/deck\/([0-9a-f-]{36})\/edit(?:\?|$)/.exec(page.url())?.[1];

  const writes = await page.evaluate(
    () => (window as unknown as { pendingWrites?: string[] }).pendingWrites ?? [],
  );
  expect(writes.map((w) => JSON.parse(w) as unknown)).toEqual([
    {
      deckId,
      count: 20,
      questionTypes: ['multiple_choice', 'free_response'],
      focusInstructions: null,
    },
  ]);
  expect(await page.evaluate(() => localStorage.getItem('anonymousDeckCreated'))).toBe('true');

  // Both sources were processed before the edit screen opened; it generates from them.
  const guest = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('anonymousSession') ?? '{}') as { sessionId?: string })
        .sessionId ?? '',
  );
  const deck = (await (
    await page.request.get(`/api/decks/${deckId}`, { headers: { 'x-anonymous-session': guest } })
  ).json()) as {
    title: string;
    studySpace: string | null;
    sources: { processingStatus: string }[];
  };
  expect(deck.sources.map((s) => s.processingStatus)).toEqual(['completed', 'completed']);
  expect(deck.studySpace).not.toBeNull();
  await expect(page.getByText(/^Total questions: [1-9]\d* \|/)).toBeVisible({ timeout: 120_000 });

  // The guest banner counts the deck just made (issue 18.4: it used to say 0 whatever was made).
  await page.goto('/create-flashcards');
  await expect(page.getByRole('region', { name: 'Welcome' })).toContainText('(1 made so far)');
});

test('a signed-in user creates a space, two decks, pages through the library', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await signedUp(request, 'library');
  for (let i = 1; i <= 5; i += 1) {
    const made = await request.post('/api/decks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: `Older deck ${i}` },
    });
    expect(made.status()).toBe(201);
  }
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', stored);
      sessionStorage.setItem('seeded', '1');
    }
  }, token);

  await page.goto('/library');
  await expect(page.getByText("You don't have any study spaces yet.")).toBeVisible();
  const decks = page.getByRole('list', { name: 'Decks' }).getByRole('listitem');
  await expect(decks).toHaveCount(5);
  await page.getByRole('link', { name: 'Create New Space' }).click();
  await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText(
    'Create New Space',
  );

  // A page with something to ask about: the Lorem ipsum PDFs are refused as placeholder text (issue 21).
  await page
    .getByRole('textbox', { name: 'Link' })
    .fill(`http://127.0.0.1:${FIXTURE_SITE_PORT}/wiki/Mozilla`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'New space name' }).fill('Astronomy');
  await page.getByRole('textbox', { name: 'Deck title' }).fill('Stars');
  await page.getByRole('button', { name: 'Create Cards' }).click();
  await expect(page.getByRole('region', { name: 'Processing your content' })).toBeVisible();
  await expect(page).toHaveURL(editScreen, { timeout: 180_000 });

  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Astronomy' }).click();
  await expect(page.getByRole('heading', { name: 'Astronomy', level: 1 })).toBeVisible();
  await expect(decks.filter({ hasText: 'Stars' })).toBeVisible();
  await page.getByRole('link', { name: 'Create New Deck' }).click();
  await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText('Astronomy');
  await addPdf(page, 'google-doc-document.pdf');
  await page.getByRole('textbox', { name: 'Deck title' }).fill('Planets');
  await page.getByRole('button', { name: 'Create Cards' }).click();
  await expect(page).toHaveURL(editScreen, { timeout: 180_000 });

  await sidebar.getByRole('link', { name: 'Library' }).click();
  const pager = page.getByRole('navigation', { name: 'Deck pages' });
  await expect(decks).toHaveCount(6);
  await expect(decks.nth(0)).toContainText('Planets');
  await expect(decks.nth(1)).toContainText('Stars');
  await expect(pager).toContainText('1 of 2');
  await expect(page.getByRole('list', { name: 'Study spaces' })).toContainText(
    'Astronomy, 2 decks',
  );
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('2 of 2');
  await expect(decks).toHaveCount(1);
  await expect(decks.first()).toContainText('Older deck 1');
});
