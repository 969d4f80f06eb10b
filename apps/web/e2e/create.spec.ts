import { expect, test, type Page, type Route } from '@playwright/test';
import { answerAs } from './fake-calls';
import { FakeDeckApi, failure } from './fake-deck-api';

// The creation page (spec 01 §2.6, §4.2, §5, §8) and its video browser against a played deck
// service (fake-deck-api.ts) in the wire format of @mnemo/contracts.

const isApi = (path: string) => (url: URL) => url.pathname === `/api${path}`;

/** Answers POSTs to `path` with `handler`; other methods go on to the fake. */
async function onPost(page: Page, path: string, handler: (route: Route) => Promise<void> | void) {
  await page.route(isApi(path), (route) =>
    route.request().method() === 'POST' ? handler(route) : route.fallback(),
  );
}

/** The pending generation records the page wrote (the edit screen removes the stored one). */
async function pendingWrites(page: Page): Promise<unknown[]> {
  const raw = await page.evaluate(
    () => (window as unknown as { pendingWrites?: string[] }).pendingWrites ?? [],
  );
  return raw.map((value) => JSON.parse(value) as unknown);
}

async function addLink(page: Page, link: string) {
  await page.getByRole('textbox', { name: 'Link' }).fill(link);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

async function addFile(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Files' }).click();
  await page.getByLabel('Choose files').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  await page.getByRole('tab', { name: 'Links' }).click();
}

const formAlert = (page: Page) =>
  page.getByRole('form', { name: 'Deck options' }).getByRole('alert');
const createButton = (page: Page) => page.getByRole('button', { name: 'Create Cards' });
const editScreen = /\/deck\/[0-9a-f-]{36}\/edit$/;

test.describe('creating a deck', () => {
  test('a signed-in user makes a new space: space, deck, each source processed, pending generation, edit screen', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    api.addSpace('Biology');
    await api.install(page);
    await page.goto('/create-flashcards?new-space=true');

    const space = page.getByLabel('Study space');
    await expect(space.locator('option')).toHaveText(['Create New Space', 'Biology']);
    await expect(space.locator('option:checked')).toHaveText('Create New Space');
    await expect(
      page.getByText('Free plan: up to 5 study spaces, 10 decks per space and 50 cards per deck.'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome' })).toHaveCount(0);

    await addLink(page, 'example.org/cells');
    await addFile(page, 'Mitosis.pdf');
    const added = page.getByRole('list', { name: 'Added content' }).getByRole('listitem');
    await expect(added).toHaveCount(2);
    await expect(added.nth(1)).toContainText('1 MB');

    await page.getByRole('textbox', { name: 'Deck title' }).fill('  Cells ');
    await page.getByRole('radio', { name: 'Long (40 cards)' }).check();
    await page.getByRole('checkbox', { name: 'Case-based free response' }).check();
    await page.getByRole('checkbox', { name: 'Multiple choice', exact: true }).uncheck();
    await page.getByRole('textbox', { name: 'Focus area (optional)' }).fill('the cell cycle');

    await createButton(page).click();
    await expect(formAlert(page)).toHaveText('Please enter a name for your new study space');
    expect(api.made('POST', '/spaces')).toHaveLength(0);

    await page.getByRole('textbox', { name: 'New space name' }).fill(' Cell Biology ');
    await createButton(page).click();
    await expect(page.getByRole('region', { name: 'Processing your content' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Processing progress' })).toContainText(
      'Processing complete',
    );
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
    // The edit screen takes the request and generates from it.
    await expect(page.getByText('Generated question 1?')).toBeVisible();

    const created = api.spaces.find((s) => s.title === 'Cell Biology');
    const deck = api.decks[0];
    expect(created).toBeDefined();
    expect(deck?.studySpace).toBe(created?._id);
    expect(page.url()).toContain(`/deck/${deck?._id}/edit`);

    // The order of spec 01 §4.2: space, deck, each source's processing, then the edit screen;
    // each processed source's progress stream asks for its ticket (ours, not the spec's) beside it.
    const isTicket = (path: string) => /^\/ai\/progress\/[^/]+\/ticket$/.test(path);
    const processedIds = api
      .made('POST', '/ai/process-source')
      .map((c) => (c.body as { sourceId: string }).sourceId);
    expect(
      api.calls
        .filter((c) => c.method === 'POST' && isTicket(c.path))
        .map((c) => c.path)
        .sort(),
    ).toEqual(processedIds.map((id) => `/ai/progress/${id}/ticket`).sort());
    const posts = api.calls
      .filter((c) => c.method === 'POST' && c.path !== '/upload/document' && !isTicket(c.path))
      .map((c) => c.path);
    expect(posts).toEqual([
      '/spaces',
      '/decks',
      '/ai/process-source',
      '/ai/process-source',
      `/questions/deck/${deck?._id}/generate`,
    ]);
    expect(api.made('POST', '/spaces')[0]?.body).toEqual({
      title: 'Cell Biology',
      description: '',
    });
    expect(api.made('POST', '/decks')[0]?.body).toEqual({
      title: 'Cells',
      description: '',
      sources: [
        {
          type: 'website',
          url: 'https://example.org/cells',
          title: 'https://example.org/cells',
          summary: '',
          keyPoints: [],
          processingStatus: 'pending',
        },
        {
          type: 'document',
          originalFilename: 'Mitosis.pdf',
          storageRef: 'documents/2025/03/Mitosis.pdf',
          downloadUrl: '/api/files/documents/2025/03/Mitosis.pdf',
          contentType: 'application/pdf',
          sizeInBytes: 1024 * 1024,
          title: 'Mitosis.pdf',
          summary: '',
          keyPoints: [],
          processingStatus: 'pending',
        },
      ],
      focusInstructions: 'the cell cycle',
      questionTypes: ['free_response', 'case_free_response'],
      length: 'long',
      studySpace: created?._id,
    });
    expect(api.made('POST', '/ai/process-source').map((c) => c.body)).toEqual(
      deck?.sources.map((s) => ({ deckId: deck._id, sourceId: s._id })),
    );
    expect(await pendingWrites(page)).toEqual([
      {
        deckId: deck?._id,
        count: 40,
        questionTypes: ['free_response', 'case_free_response'],
        focusInstructions: 'the cell cycle',
      },
    ]);
    expect(api.made('POST', /\/generate$/)[0]?.body).toEqual({
      questionTypes: ['free_response', 'case_free_response'],
      totalQuestions: 40,
      focusInstructions: 'the cell cycle',
    });
    expect(await page.evaluate(() => localStorage.getItem('pendingCardGeneration'))).toBeNull();
  });

  test('?spaceId= preselects that space; a blank title and the defaults are used', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    api.addSpace('Biology');
    const chemistry = api.addSpace('Chemistry');
    await api.install(page);
    await page.goto(`/create-flashcards?spaceId=${chemistry._id}`);

    await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText('Chemistry');
    await expect(page.getByRole('textbox', { name: 'New space name' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Medium (25 cards)' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Multiple choice', exact: true }),
    ).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Free response', exact: true })).toBeChecked();

    await addLink(page, 'https://www.example.org/notes/');
    await expect(page.getByRole('textbox', { name: 'Deck title' })).toHaveAttribute(
      'placeholder',
      'example.org/notes',
    );
    await createButton(page).click();
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });

    expect(api.made('POST', '/spaces')).toHaveLength(0);
    expect(api.made('POST', '/decks')[0]?.body).toMatchObject({
      title: 'example.org/notes',
      studySpace: chemistry._id,
      length: 'medium',
      questionTypes: ['multiple_choice', 'free_response'],
      focusInstructions: null,
    });
    expect(await pendingWrites(page)).toEqual([
      {
        deckId: api.decks[0]?._id,
        count: 25,
        questionTypes: ['multiple_choice', 'free_response'],
        focusInstructions: null,
      },
    ]);
  });

  test('a guest sees the welcome banner and default names; decks go to their one space with 20 cards', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: false });
    await api.install(page);
    await page.goto('/create-flashcards');

    const banner = page.getByRole('region', { name: 'Welcome' });
    await expect(banner).toContainText('Welcome to Mnemo!');
    await expect(banner).toContainText('up to 3 decks of 20 cards (0 made so far)');
    await expect(page.getByLabel('Study space')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Deck title' })).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByText('Guest decks get 20 cards.')).toBeVisible();
    await expect(banner).toContainText('Your deck will be called "My Flashcards"');

    await addFile(page, 'Cell Biology.pdf');
    // One source: the deck will take the document's own title once it is read (issue 21).
    await expect(banner).toContainText(
      'Your deck will take its source\'s title and be kept in "My Study Space".',
    );
    await addLink(page, 'example.org/cells');
    await expect(banner).toContainText(
      'Your deck will be called "Cell Biology" and kept in "My Study Space".',
    );
    await banner.getByRole('button', { name: 'Sign up free' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();

    await createButton(page).click();
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
    await expect(page.getByText('Generated question 1?')).toBeVisible();
    expect(api.made('GET', '/spaces')).toHaveLength(1);
    expect(api.made('POST', '/spaces').map((c) => c.body)).toEqual([
      { title: 'My Study Space', description: '' },
    ]);
    const body = api.made('POST', '/decks')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Cell Biology', studySpace: api.spaces[0]?._id });
    expect(body).not.toHaveProperty('length');
    expect(await pendingWrites(page)).toEqual([
      {
        deckId: api.decks[0]?._id,
        count: 20,
        questionTypes: ['multiple_choice', 'free_response'],
        focusInstructions: null,
      },
    ]);
    expect(await page.evaluate(() => localStorage.getItem('anonymousDeckCreated'))).toBe('true');

    // A second deck goes to the same space.
    await page.goto('/create-flashcards');
    await addLink(page, 'example.org/more');
    await createButton(page).click();
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
    expect(api.made('POST', '/spaces')).toHaveLength(1);
    expect(api.decks.map((d) => d.studySpace)).toEqual([api.spaces[0]?._id, api.spaces[0]?._id]);
  });

  test('every check of spec 01 §5 stops Create Cards with its message', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    api.addSpace('Biology');
    await api.install(page);
    let release: () => void = () => undefined;
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    await page.route(isApi('/upload/document'), async (route) => {
      await uploaded;
      return route.fallback();
    });
    await page.goto('/create-flashcards');
    await expect(page.getByLabel('Study space').locator('option:checked')).toHaveText('Biology');

    await createButton(page).click();
    await expect(formAlert(page)).toHaveText('Please add at least one source (URL or file)');

    await addFile(page, 'slow.pdf');
    await createButton(page).click();
    await expect(formAlert(page)).toHaveText('Please wait for all files to finish uploading');

    // The space name comes before the uploads in the spec's order.
    await page.getByLabel('Study space').selectOption({ label: 'Create New Space' });
    await createButton(page).click();
    await expect(formAlert(page)).toHaveText('Please enter a name for your new study space');
    release();
    await expect(page.getByRole('list', { name: 'Added content' })).not.toContainText('Uploading');

    // The last question type cannot be unchecked.
    const multiple = page.getByRole('checkbox', { name: 'Multiple choice', exact: true });
    const free = page.getByRole('checkbox', { name: 'Free response', exact: true });
    await multiple.uncheck();
    await expect(free).toBeChecked();
    await expect(free).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Case-based multiple choice' }).check();
    await expect(free).toBeEnabled();
    await free.uncheck();
    await expect(page.getByRole('checkbox', { name: 'Case-based multiple choice' })).toBeDisabled();

    expect(api.made('POST', '/spaces')).toHaveLength(0);
    expect(api.made('POST', '/decks')).toHaveLength(0);
  });

  test('limitReached opens the upgrade dialog for a user and stops', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    api.addSpace('Biology');
    await api.install(page);
    await onPost(
      page,
      '/spaces',
      failure(402, 'LIMIT_REACHED', 'You have reached the limit of 5 study spaces', {
        limitReached: true,
      }),
    );
    await page.goto('/create-flashcards?new-space=true');
    await addLink(page, 'example.org/cells');
    await page.getByRole('textbox', { name: 'New space name' }).fill('Sixth space');
    await createButton(page).click();

    const dialog = page.getByRole('dialog', { name: 'Upgrade to Scholar' });
    await expect(dialog).toContainText('You have reached the limit of 5 study spaces');
    await expect(dialog.getByRole('button', { name: 'Upgrade' })).toBeVisible();
    await expect(formAlert(page)).toHaveText('Error: You have reached the limit of 5 study spaces');
    expect(api.made('POST', '/decks')).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await onPost(
      page,
      '/decks',
      failure(402, 'LIMIT_REACHED', 'This study space already has 10 decks', {
        limitReached: true,
      }),
    );
    await page.getByLabel('Study space').selectOption({ label: 'Biology' });
    await createButton(page).click();
    await expect(dialog).toContainText('This study space already has 10 decks');
    expect(api.made('POST', '/ai/process-source')).toHaveLength(0);
    await expect(page).toHaveURL(/\/create-flashcards/);
  });

  test('limitReached asks a guest to sign up and refreshes their limits', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: false });
    await api.install(page);
    await onPost(
      page,
      '/decks',
      failure(402, 'LIMIT_REACHED', 'Guests can make 3 decks. Sign up to make more.', {
        limitReached: true,
      }),
    );
    await page.goto('/create-flashcards');
    await expect(page.getByRole('region', { name: 'Welcome' })).toContainText('0 made so far');
    const limitCalls = () =>
      api.calls.filter((c) => c.path.startsWith('/auth/anonymous-limits/')).length;
    const before = limitCalls();

    await addLink(page, 'example.org/cells');
    await createButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Create an Account' })).toBeVisible();
    await expect(formAlert(page)).toHaveText(
      'Error: Guests can make 3 decks. Sign up to make more.',
    );
    await expect.poll(limitCalls).toBeGreaterThan(before);
    expect(api.made('POST', '/ai/process-source')).toHaveLength(0);
  });

  test('failures say what went wrong, and a retry goes on with the deck already made', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    api.addSpace('Biology');
    await api.install(page);
    let deckAnswer: ((route: Route) => Promise<void> | void) | null = failure(
      500,
      'INTERNAL',
      'Database unavailable',
    );
    await onPost(page, '/decks', (route) => (deckAnswer ? deckAnswer(route) : route.fallback()));
    let processFailures = 1;
    const processed: string[] = [];
    await onPost(page, '/ai/process-source', (route) => {
      const body = route.request().postDataJSON() as { sourceId: string };
      processed.push(body.sourceId);
      if (processFailures > 0 && body.sourceId === api.decks[0]?.sources[1]?._id) {
        processFailures -= 1;
        return failure(503, 'SERVICE_UNAVAILABLE', 'Processing could not be started.')(route);
      }
      return route.fallback();
    });

    await page.goto('/create-flashcards');
    await addLink(page, 'example.org/one');
    await addLink(page, 'example.org/two');

    await createButton(page).click();
    await expect(formAlert(page)).toHaveText('Error: Database unavailable');

    deckAnswer = (route) => route.abort('connectionreset');
    await createButton(page).click();
    await expect(formAlert(page)).toHaveText('Failed to complete the process. Please try again.');

    deckAnswer = null;
    await createButton(page).click();
    await expect(formAlert(page)).toHaveText(
      'Failed to generate cards: Processing could not be started.',
    );
    expect(api.decks).toHaveLength(1);

    await createButton(page).click();
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
    // The retry made no second deck and started only the source that had not started.
    expect(api.decks).toHaveLength(1);
    const second = api.decks[0]?.sources[1]?._id;
    expect(processed).toEqual([api.decks[0]?.sources[0]?._id, second, second]);
  });

  test('when no source could be processed the page stays and says why', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    api.addSpace('Biology');
    api.defaultOutcome = 'failed';
    await api.install(page);
    await page.goto('/create-flashcards');
    await addFile(page, 'locked.pdf');
    await createButton(page).click();

    const processing = page.getByRole('region', { name: 'Processing your content' });
    await expect(processing).toBeVisible();
    await expect(formAlert(page)).toHaveText(
      'Failed to generate cards: This PDF is password-protected',
      { timeout: 15_000 },
    );
    await expect(page).toHaveURL(/\/create-flashcards$/);
    expect(await pendingWrites(page)).toEqual([]);
    await expect(createButton(page)).toBeEnabled();
  });
});

test.describe('failed creations (issue 18.3)', () => {
  test('when every source fails, the deck and the space the attempt made are removed and each failure is shown', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: false });
    api.defaultOutcome = 'failed';
    await api.install(page);
    await page.goto('/create-flashcards');
    await addLink(page, 'example.org/missing');
    await addLink(page, 'example.org/gone');
    await createButton(page).click();

    await expect(formAlert(page)).toHaveText(
      'Failed to generate cards: This PDF is password-protected',
      { timeout: 15_000 },
    );
    const failed = page.getByRole('list', { name: 'Sources that failed' });
    await expect(failed.getByRole('listitem')).toHaveCount(2);
    await expect(failed).toContainText('example.org/missing');
    await expect(failed).toContainText('example.org/gone');
    await expect.poll(() => api.made('POST', /\/discard-failed-creation$/).length).toBe(1);
    expect(api.made('POST', /\/discard-failed-creation$/)[0]?.body).toEqual({ removeSpace: true });
    expect(api.decks).toEqual([]);
    expect(api.spaces).toEqual([]);
    await expect(page).toHaveURL(/\/create-flashcards$/);

    // Another try starts afresh: a new space and deck, which this time are read.
    api.defaultOutcome = 'completed';
    await createButton(page).click();
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
    expect(api.made('POST', '/decks')).toHaveLength(2);
    expect(api.decks).toHaveLength(1);
    expect(api.spaces).toHaveLength(1);
  });

  test("a signed-in user's existing space stays when every source fails", async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    const biology = api.addSpace('Biology');
    api.defaultOutcome = 'failed';
    await api.install(page);
    await page.goto(`/create-flashcards?spaceId=${biology._id}`);
    await addLink(page, 'example.org/missing');
    await createButton(page).click();
    await expect(formAlert(page)).toHaveText(
      'Failed to generate cards: This PDF is password-protected',
      { timeout: 15_000 },
    );
    await expect.poll(() => api.decks.length).toBe(0);
    expect(api.made('POST', /\/discard-failed-creation$/)[0]?.body).toEqual({ removeSpace: false });
    expect(api.spaces.map((s) => s.title)).toEqual(['Biology']);
  });

  test('when some sources fail the deck stays; each failed one says why with Retry, or the learner goes on', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    const biology = api.addSpace('Biology');
    await api.install(page);
    await page.goto(`/create-flashcards?spaceId=${biology._id}`);
    await addLink(page, 'example.org/good');
    await addLink(page, 'example.org/missing');
    // The second source fails the first time it is processed (its stream, not the stream's ticket).
    let firstRun = true;
    await page.route(
      (url) => url.pathname.startsWith('/api/ai/progress/') && !url.pathname.endsWith('/ticket'),
      (route) => {
        const missing = api.decks[0]?.sources[1];
        if (missing && route.request().url().includes(missing._id)) {
          api.outcome.set(missing._id, firstRun ? 'failed' : 'completed');
          firstRun = false;
        }
        return route.fallback();
      },
    );
    await createButton(page).click();

    const processing = page.getByRole('region', { name: 'Processing your content' });
    const retry = processing.getByRole('button', { name: /^Retry .*missing/ });
    await expect(retry).toBeVisible({ timeout: 15_000 });
    await expect(processing).toContainText('This PDF is password-protected');
    await expect(processing.getByRole('status').last()).toHaveText(
      '1 source could not be read. Retry it, or make cards from the one that was read.',
    );
    await expect(processing.getByRole('button', { name: 'Continue with 1 source' })).toBeVisible();
    expect(api.made('POST', /\/discard-failed-creation$/)).toEqual([]);
    expect(api.decks).toHaveLength(1);

    await retry.click();
    // Read this time: every source is ready, so the edit screen opens with the same deck.
    await expect(page).toHaveURL(editScreen, { timeout: 15_000 });
    expect(api.decks).toHaveLength(1);
    expect(api.decks[0]?.sources.map((s) => s.processingStatus)).toEqual([
      'completed',
      'completed',
    ]);
  });

  test('Continue goes on with the sources that were read', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: true });
    const biology = api.addSpace('Biology');
    await api.install(page);
    await page.goto(`/create-flashcards?spaceId=${biology._id}`);
    await addLink(page, 'example.org/good');
    await addLink(page, 'example.org/missing');
    await page.route(
      (url) => url.pathname.startsWith('/api/ai/progress/'),
      (route) => {
        const missing = api.decks[0]?.sources[1];
        if (missing) api.outcome.set(missing._id, 'failed');
        return route.fallback();
      },
    );
    await createButton(page).click();
    const processing = page.getByRole('region', { name: 'Processing your content' });
    await processing
      .getByRole('button', { name: 'Continue with 1 source' })
      .click({ timeout: 15_000 });
    await expect(page).toHaveURL(editScreen);
    expect(api.decks).toHaveLength(1);
  });
});

test.describe('video browser', () => {
  const video = (i: number) => ({
    id: `vid${String(i).padStart(8, '0')}`,
    title: `Lesson ${i}`,
    thumbnail: `https://i.ytimg.com/vi/vid${String(i).padStart(8, '0')}/mqdefault.jpg`,
    channelTitle: 'Study Channel',
  });

  test('shows five suggested videos; choosing one adds it as a YouTube link', async ({ page }) => {
    const api = new FakeDeckApi({ signedIn: false });
    await api.install(page);
    await page.goto('/create-flashcards');
    const browser = page.getByRole('region', { name: 'Find videos' });
    await expect(browser.getByRole('heading', { name: 'Suggested videos' })).toBeVisible();
    const videos = browser.getByRole('list', { name: 'Videos' }).getByRole('listitem');
    await expect(videos).toHaveCount(5);

    await browser.getByRole('button', { name: /^Add video: But what is a neural network/ }).click();
    const added = page.getByRole('list', { name: 'Added content' });
    await expect(added).toContainText('https://www.youtube.com/watch?v=aircAruvnKk');
    await expect(added).toContainText('YouTube');
    await expect(page.getByRole('meter', { name: 'Content size' })).toHaveAttribute(
      'aria-valuetext',
      '0.5 MB of 60 MB',
    );
    await expect(
      browser.getByRole('button', { name: /neural network.*\(added\)$/ }),
    ).toBeDisabled();
    expect(api.made('GET', '/youtube/search')).toHaveLength(0);
  });

  test('searches, scrolls the row with its arrows and clears back to the suggestions', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    await api.install(page);
    const terms: string[] = [];
    await page.route(isApi('/youtube/search'), (route) => {
      terms.push(new URL(route.request().url()).searchParams.get('q') ?? '');
      return answerAs(route, 'GET /youtube/search', {
        success: true,
        videos: Array.from({ length: 10 }, (_, i) => video(i + 1)),
      });
    });
    await page.goto('/create-flashcards');
    const browser = page.getByRole('region', { name: 'Find videos' });
    const search = browser.getByRole('searchbox', { name: 'Search videos' });

    await search.fill('   ');
    await browser.getByRole('button', { name: 'Search' }).click();
    await expect(browser.getByRole('heading', { name: 'Suggested videos' })).toBeVisible();
    expect(terms).toEqual([]);

    await search.fill(' photosynthesis ');
    await search.press('Enter');
    await expect(
      browser.getByRole('heading', { name: 'Results for "photosynthesis"' }),
    ).toBeVisible();
    const row = browser.getByRole('list', { name: 'Videos' });
    await expect(row.getByRole('listitem')).toHaveCount(10);
    await expect(row).toContainText('Study Channel');
    expect(terms).toEqual(['photosynthesis']);

    const left = browser.getByRole('button', { name: 'Scroll videos left' });
    const right = browser.getByRole('button', { name: 'Scroll videos right' });
    await expect(left).toBeDisabled();
    await expect(right).toBeEnabled();
    await right.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect(left).toBeEnabled();
    await left.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(0);

    await row.getByRole('button', { name: 'Add video: Lesson 3' }).click();
    await expect(page.getByRole('list', { name: 'Added content' })).toContainText(
      'https://www.youtube.com/watch?v=vid00000003',
    );

    await browser.getByRole('button', { name: 'Clear' }).click();
    await expect(search).toHaveValue('');
    await expect(browser.getByRole('heading', { name: 'Suggested videos' })).toBeVisible();
    await expect(row.getByRole('listitem')).toHaveCount(5);
  });

  test('a failed search offers Retry; empty, odd and not-configured answers have their messages', async ({
    page,
  }) => {
    const api = new FakeDeckApi({ signedIn: true });
    await api.install(page);
    const answers: ((route: Route) => Promise<void>)[] = [
      failure(500, 'BAD_GATEWAY', 'YouTube quota exceeded'),
      (route) =>
        answerAs(route, 'GET /youtube/search', { success: true, videos: [video(1), video(2)] }),
      (route) => answerAs(route, 'GET /youtube/search', { success: true, videos: [] }),
      // Malformed on purpose: `videos` must be an array (youtubeSearchResponseSchema in
      // @mnemo/contracts/api/youtube); the page must say the answer was unexpected.
      (route) => route.fulfill({ json: { success: true, videos: 'nope' } }),
      failure(503, 'SERVICE_UNAVAILABLE', 'Video search is not configured'),
    ];
    await page.route(isApi('/youtube/search'), (route) => {
      const next = answers.shift();
      return next ? next(route) : route.abort();
    });
    await page.goto('/create-flashcards');
    const browser = page.getByRole('region', { name: 'Find videos' });
    const search = browser.getByRole('searchbox', { name: 'Search videos' });

    await search.fill('cells');
    await search.press('Enter');
    await expect(browser.getByRole('alert')).toHaveText('Search failed: YouTube quota exceeded');
    await browser.getByRole('button', { name: 'Retry' }).click();
    await expect(browser.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await expect(browser.getByRole('alert')).toHaveCount(0);

    await search.fill('nothing at all');
    await search.press('Enter');
    await expect(browser.getByRole('status')).toHaveText('No videos found for your search.');
    await expect(browser.getByRole('list', { name: 'Videos' })).toHaveCount(0);

    await search.fill('odd');
    await search.press('Enter');
    await expect(browser.getByRole('alert')).toHaveText(
      'Received an unexpected response from the server.',
    );

    await search.fill('anything');
    await search.press('Enter');
    await expect(browser.getByRole('alert')).toHaveText(
      'Search failed: Video search is not configured',
    );
    await expect(browser.getByRole('button', { name: 'Retry' })).toBeVisible();

    await browser.getByRole('button', { name: 'Clear' }).click();
    await expect(browser.getByRole('alert')).toHaveCount(0);
    await expect(browser.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(
      5,
    );
  });
});
