import { expect, test, type Page } from '@playwright/test';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { Source } from '@mnemo/contracts/entities/source';
import type { ProgressEvent, ProgressStep } from '@mnemo/contracts/progress';
import { answerAs } from './fake-calls';
import { FREE_USAGE, failure } from './fake-deck-api';

// Sources on the creation page and in the deck area, against answers played with page.route in the
// wire format of @mnemo/contracts (deck, source, upload and progress shapes; errors as
// {success:false, error, message, code}). The progress stream is played as a real
// text/event-stream body, read by the browser's own EventSource.

const DECK_ID = '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01';
const USER_ID = '0d9f3c1e-2a4b-4c6d-8e0f-1a2b3c4d5e6f';
const NOW = '2025-03-01T10:00:00.000Z';
let nextId = 1;
const uuid = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

function source(over: Partial<Source> = {}): Source {
  return {
    _id: uuid(),
    type: 'website',
    url: 'https://example.com/photosynthesis',
    title: 'example.com/photosynthesis',
    originalFilename: null,
    filename: null,
    storageRef: null,
    downloadUrl: null,
    contentType: null,
    sizeInBytes: 0,
    summary: null,
    keyPoints: [],
    processingStatus: 'pending',
    ...over,
  };
}

function deck(sources: Source[]): DeckResponse {
  return {
    success: true,
    _id: DECK_ID,
    title: 'Biology',
    description: '',
    sources,
    cards: [],
    createdAt: NOW,
    publishedAt: null,
    isPublished: false,
    publishedAnonymously: false,
    owner: USER_ID,
    ownerName: 'Ada',
    studySpace: null,
    focusInstructions: null,
    systemPrompt: null,
    canView: true,
    canEdit: true,
    isOwner: true,
  };
}

function progressEvent(
  sourceId: string,
  step: ProgressStep,
  progress: number,
  message: string,
): ProgressEvent {
  return { sourceId, step, message, progress, details: null, timestamp: NOW };
}

/** A whole event stream as the gateway writes it: unnamed events, JSON data. */
function eventStream(events: ProgressEvent[]): string {
  return events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
}

/** Plays a signed-in visitor (a stored token /auth/me accepts) and the deck, served from `state`. */
async function openDeck(page: Page, state: { sources: Source[] }) {
  await page.route('**/api/auth/me', (route) =>
    answerAs(route, 'GET /auth/me', {
      success: true,
      user: { _id: USER_ID, email: 'ada@example.com', firstName: 'Ada' },
    }),
  );
  await page.route('**/api/spaces', (route) =>
    answerAs(route, 'GET /spaces', { success: true, data: [] }),
  );
  await page.route('**/api/payment/usage', (route) =>
    answerAs(route, 'GET /payment/usage', FREE_USAGE),
  );
  // The progress stream's ticket, as the gateway issues it to the signed-in caller.
  await page.route(
    (url) => /^\/api\/ai\/progress\/[^/]+\/ticket$/.test(url.pathname),
    (route) => {
      const sourceId = new URL(route.request().url()).pathname.split('/')[4];
      expect(route.request().headers()['authorization']).toBe('Bearer test-token');
      return answerAs(route, 'POST /ai/progress/:sourceId/ticket', {
        success: true,
        ticket: `ticket-${sourceId}`,
        expiresInSeconds: 60,
      });
    },
  );
  const deckLoads: number[] = [];
  await page.route(`**/api/decks/${DECK_ID}`, (route) => {
    deckLoads.push(Date.now());
    return answerAs(route, 'GET /decks/:id', deck(state.sources));
  });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', 'test-token');
      sessionStorage.setItem('seeded', '1');
    }
  });
  return deckLoads;
}

const isPath = (path: string) => (url: URL) => url.pathname === path;

test.describe('creation page', () => {
  test('the Links tab checks links, adds them and counts 0.5 MB each', async ({ page }) => {
    await page.goto('/create-flashcards');
    const meter = page.getByRole('meter', { name: 'Content size' });
    await expect(meter).toHaveAttribute('aria-valuetext', '0 MB of 60 MB');
    const link = page.getByRole('textbox', { name: 'Link' });
    const add = page.getByRole('button', { name: 'Add', exact: true });
    const list = page.getByRole('list', { name: 'Added content' });

    await add.click();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await link.fill('hello');
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid URL');
    await expect(link).toHaveValue('hello');

    await link.fill('  example.com/article ');
    await link.press('Enter');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('https://example.com/article');
    await expect(list.getByRole('listitem').first()).toContainText('Website');
    await expect(link).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(meter).toHaveAttribute('aria-valuetext', '0.5 MB of 60 MB');

    await link.fill('youtu.be/dQw4w9WgXcQ');
    await add.click();
    await expect(list.getByRole('listitem').nth(1)).toContainText('YouTube');
    await expect(page.getByText('1 MB of 60 MB')).toBeVisible();

    await link.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('This link has already been added');
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Remove https://example.com/article' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(meter).toHaveAttribute('aria-valuetext', '0.5 MB of 60 MB');
  });

  test('files upload as soon as they are added; a failed upload leaves the list with its message', async ({
    page,
  }) => {
    const uploads: { name: string; anonymous: string | undefined }[] = [];
    await page.route('**/api/upload/document', async (route) => {
      const request = route.request();
      const form = request.postDataBuffer()?.toString('latin1') ?? '';
      const name = /name="file"; filename="([^"]+)"/.exec(form)?.[1] ?? '?';
      uploads.push({ name, anonymous: request.headers()['x-anonymous-session'] });
      if (name === 'big.pdf') {
        return failure(413, 'PAYLOAD_TOO_LARGE', 'This file is larger than 10 MB')(route);
      }
      if (name === 'broken.docx') return route.abort('connectionreset');
      // Slow enough to see the file uploading.
      await new Promise((resolve) => setTimeout(resolve, 600));
      return answerAs(route, 'POST /upload/document', {
        success: true,
        message: 'File uploaded',
        file: {
          storageRef: 'uploads/notes.pdf',
          downloadUrl: '/api/files/uploads/notes.pdf',
          contentType: 'application/pdf',
          size: 1.5 * 1024 * 1024,
          originalFilename: name,
        },
      });
    });

    await page.goto('/create-flashcards');
    await page.getByRole('tab', { name: 'Files' }).click();
    const picker = page.getByLabel('Choose files');
    await expect(picker).toHaveAttribute(
      'accept',
      '.pdf,.doc,.docx,.pptx,.epub,.txt,.md,.markdown,.html,.htm,.png,.jpg,.jpeg,.webp,.tif,.tiff',
    );
    const list = page.getByRole('list', { name: 'Added content' });

    await picker.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(1.5 * 1024 * 1024, 0x25),
    });
    const notes = list.getByRole('listitem').filter({ hasText: 'notes.pdf' });
    await expect(notes).toContainText('Uploading...');
    await expect(notes).toContainText('1.5 MB');
    await expect(notes).toContainText('PDF');
    await expect(page.getByText('1.5 MB of 60 MB')).toBeVisible();
    expect(uploads[0]?.name).toBe('notes.pdf');
    expect(uploads[0]?.anonymous).toMatch(/^[0-9a-f-]{36}$/);

    await picker.setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to upload big.pdf: This file is larger than 10 MB',
    );
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await picker.setInputFiles({
      name: 'broken.docx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('PK'),
    });
    await expect(page.getByRole('alert')).toHaveText('Failed to upload broken.docx');
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await picker.setInputFiles({
      name: 'notes.odt',
      mimeType: 'application/vnd.oasis.opendocument.text',
      buffer: Buffer.from('x'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'Only PDF, Word, PowerPoint, EPUB, text, Markdown, saved web page or picture files (.pdf, .doc, .docx, .pptx, .epub, .txt, .md, .markdown, .html, .htm, .png, .jpg, .jpeg, .webp, .tif, .tiff) can be added',
    );
    expect(uploads.map((u) => u.name)).toEqual(['notes.pdf', 'big.pdf', 'broken.docx']);
  });
});

test.describe('deck area', () => {
  test('Add Source uploads, adds each source and reloads the deck', async ({ page }) => {
    const state = { sources: [source({ processingStatus: 'completed', summary: 'Plants.' })] };
    await openDeck(page, state);
    await page.route(`**/api/decks/${DECK_ID}/size`, (route) =>
      answerAs(route, 'GET /decks/:id/size', {
        success: true,
        currentSizeMB: 10,
        maxSizeMB: 60,
        usagePercentage: 16.7,
        remainingMB: 50,
      }),
    );
    await page.route('**/api/upload/document', (route) =>
      answerAs(route, 'POST /upload/document', {
        success: true,
        message: 'File uploaded',
        file: {
          storageRef: 'uploads/cells.pdf',
          downloadUrl: '/api/files/uploads/cells.pdf',
          contentType: 'application/pdf',
          size: 2 * 1024 * 1024,
          originalFilename: 'cells.pdf',
        },
      }),
    );
    const added: unknown[] = [];
    await page.route(`**/api/decks/${DECK_ID}/sources`, (route) => {
      const body = route.request().postDataJSON() as { source: Record<string, unknown> };
      added.push(body);
      const created = source({
        ...body.source,
        _id: uuid(),
        processingStatus: 'pending',
      } as Source);
      state.sources = [...state.sources, created];
      return answerAs(route, 'POST /decks/:id/sources', { success: true, ...created }, 201);
    });

    await page.goto(`/deck/${DECK_ID}/summary`);
    await expect(page.getByRole('heading', { name: 'Summary', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sources' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Add Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Source' });
    await expect(dialog.getByRole('meter')).toHaveAttribute('aria-valuetext', '10 MB of 60 MB');

    await dialog.getByRole('button', { name: 'Add Sources' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please add at least one source (URL or file)',
    );

    await dialog.getByRole('textbox', { name: 'Link' }).fill('example.com/photosynthesis');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    // The deck already has this link.
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'This link has already been added' }),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Link' }).fill('example.org/notes');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('meter')).toHaveAttribute('aria-valuetext', '10.5 MB of 60 MB');
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    await dialog.getByRole('tab', { name: 'Files' }).click();
    await dialog.getByLabel('Choose files').setInputFiles({
      name: 'cells.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await expect(dialog.getByRole('meter')).toHaveAttribute('aria-valuetext', '12.5 MB of 60 MB');
    await dialog.getByRole('button', { name: 'Add Sources' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    const rows = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('example.org/notes');
    await expect(rows.nth(1)).toContainText('Pending');
    await expect(rows.nth(2)).toContainText('cells.pdf');
    await expect(rows.nth(2).getByRole('button', { name: 'Process Now' })).toBeVisible();
    expect(added).toEqual([
      {
        source: {
          type: 'website',
          url: 'https://example.org/notes',
          title: 'https://example.org/notes',
          summary: '',
          keyPoints: [],
          processingStatus: 'pending',
        },
      },
      {
        source: {
          type: 'document',
          originalFilename: 'cells.pdf',
          storageRef: 'uploads/cells.pdf',
          downloadUrl: '/api/files/uploads/cells.pdf',
          contentType: 'application/pdf',
          sizeInBytes: 2 * 1024 * 1024,
          title: 'cells.pdf',
          summary: '',
          keyPoints: [],
          processingStatus: 'pending',
        },
      },
    ]);
  });

  test('a size limit stops adding with its message; a 403 on the deck size hides the meter', async ({
    page,
  }) => {
    const state = { sources: [source({ processingStatus: 'completed' })] };
    await openDeck(page, state);
    await page.route(
      `**/api/decks/${DECK_ID}/size`,
      failure(403, 'FORBIDDEN', 'You may not see this deck size'),
    );
    let answer = failure(402, 'LIMIT_REACHED', 'This deck would be larger than 60 MB', {
      limitReached: true,
    });
    await page.route(`**/api/decks/${DECK_ID}/sources`, (route) => answer(route));

    await page.goto(`/deck/${DECK_ID}/summary`);
    await page.getByRole('button', { name: 'Add Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Source' });
    await dialog.getByRole('textbox', { name: 'Link' }).fill('example.org/huge');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Added content' })).toContainText(
      'https://example.org/huge',
    );
    await expect(dialog.getByRole('meter')).toHaveCount(0);
    // A 403 here is handled by hiding the bar, not by the shared redirect.
    await expect(page).toHaveURL(new RegExp(`/deck/${DECK_ID}/summary$`));

    await dialog.getByRole('button', { name: 'Add Sources' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Size limit exceeded: This deck would be larger than 60 MB',
    );
    answer = failure(500, 'INTERNAL', 'Internal server error');
    await dialog.getByRole('button', { name: 'Add Sources' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to add source. Please try again.');
    await expect(dialog).toBeVisible();
  });

  test('sources still pending block new ones; a failed size check shows 0 of 60 MB', async ({
    page,
  }) => {
    const pending = source({ processingStatus: 'pending' });
    await openDeck(page, { sources: [pending] });
    await page.route(`**/api/decks/${DECK_ID}/size`, failure(500, 'INTERNAL', 'boom'));
    await page.route(`**/api/ai/source-status/${DECK_ID}/${pending._id}`, (route) =>
      answerAs(route, 'GET /ai/source-status/:deckId/:sourceId', {
        success: true,
        source: pending,
      }),
    );
    await page.goto(`/deck/${DECK_ID}/summary`);
    await page.getByRole('button', { name: 'Add Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Source' });
    await expect(dialog.getByRole('meter')).toHaveAttribute('aria-valuetext', '0 MB of 60 MB');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('example.org/more');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add Sources' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Please wait for existing sources to finish processing before adding new ones',
    );
  });

  test('the banner follows the progress stream to completion, then the deck reloads', async ({
    page,
  }) => {
    const src = source({ title: 'Photosynthesis' });
    const state = { sources: [src] };
    const deckLoads = await openDeck(page, state);
    const processed: unknown[] = [];
    await page.route('**/api/ai/process-source', (route) => {
      processed.push(route.request().postDataJSON());
      state.sources = [{ ...src, processingStatus: 'processing' }];
      return answerAs(route, 'POST /ai/process-source', {
        success: true,
        source: state.sources[0]!,
      });
    });
    let streamedAt = 0;
    const streamUrls: string[] = [];
    await page.route(isPath(`/api/ai/progress/${src._id}`), (route) => {
      streamUrls.push(route.request().url());
      state.sources = [
        {
          ...src,
          processingStatus: 'completed',
          summary: 'Plants turn light into sugar.',
          keyPoints: ['Chlorophyll absorbs light', 'The Calvin cycle fixes carbon'],
        },
      ];
      streamedAt = Date.now();
      const steps: [ProgressStep, number, string][] = [
        ['connected', 0, 'Connected to progress updates'],
        ['starting', 5, 'Starting'],
        ['extracting', 20, 'Extracting text'],
        ['content-extracted', 30, 'Text extracted'],
        ['chunking', 40, 'Splitting into chunks'],
        ['embeddings', 60, 'Embedding chunks'],
        ['vectors-ready', 75, 'Search ready'],
        ['generating-summary', 85, 'Writing the summary'],
        ['generating-keypoints', 95, 'Finding key points'],
        ['completed', 100, 'Processing complete'],
      ];
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
        body: eventStream(steps.map(([step, p, m]) => progressEvent(src._id, step, p, m))),
      });
    });

    await page.goto(`/deck/${DECK_ID}/summary`);
    const detail = page.getByRole('article');
    await expect(detail).toContainText('Process this source to generate its summary.');
    await page.getByRole('button', { name: 'Process Now' }).click();

    const banner = page.getByRole('region', { name: 'Processing progress' });
    await expect(banner).toContainText('Processing: Photosynthesis');
    await expect(banner).toContainText('Processing complete');
    await expect(banner).toContainText('Step 10 of 10');
    await expect(banner).toHaveAttribute('data-tone', 'success');
    await expect(banner).not.toContainText('Estimated time');
    expect(processed).toEqual([{ deckId: DECK_ID, sourceId: src._id }]);
    expect(streamUrls).toHaveLength(1);
    // The stream is opened with the ticket, never with the login token in its address.
    const streamUrl = new URL(streamUrls[0]!);
    expect(streamUrl.searchParams.get('ticket')).toBe(`ticket-${src._id}`);
    expect(streamUrl.search).not.toContain('test-token');

    // The deck reloads 1 s after completed and shows the summary.
    await expect(page.getByRole('list', { name: 'Sources' })).toContainText('Completed');
    await expect(detail).toContainText('Plants turn light into sugar.');
    await expect(detail).toContainText('The Calvin cycle fixes carbon');
    const reload = deckLoads.find((t) => t > streamedAt);
    expect(reload).toBeDefined();
    expect(reload! - streamedAt).toBeGreaterThanOrEqual(900);

    // Tracking stops 2 s after completed and the banner goes 3 s later.
    await expect(banner).toBeHidden({ timeout: 8_000 });
  });

  test('a failed process call marks the source failed; Retry follows it, then polling finishes it', async ({
    page,
  }) => {
    const src = source({ title: 'Cell biology', processingStatus: 'pending' });
    const state = { sources: [src] };
    await openDeck(page, state);
    let processAnswer = failure(503, 'SERVICE_UNAVAILABLE', 'Queue unavailable');
    const processed: unknown[] = [];
    await page.route('**/api/ai/process-source', (route) => {
      processed.push(route.request().postDataJSON());
      return processAnswer(route);
    });
    // The stream drops after 30%: the banner says so and the 5 s poll takes over.
    await page.route(isPath(`/api/ai/progress/${src._id}`), (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: eventStream([
          progressEvent(src._id, 'connected', 0, 'Connected to progress updates'),
          progressEvent(src._id, 'extracting', 30, 'Extracting text'),
        ]),
      }),
    );
    const polls: number[] = [];
    await page.route(`**/api/ai/source-status/${DECK_ID}/${src._id}`, (route) => {
      polls.push(Date.now());
      return answerAs(route, 'GET /ai/source-status/:deckId/:sourceId', {
        success: true,
        source: state.sources[0]!,
      });
    });

    await page.goto(`/deck/${DECK_ID}/summary`);
    const row = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    await row.getByRole('button', { name: 'Process Now' }).click();
    await expect(row).toContainText('Failed');
    await expect(row.getByRole('alert')).toHaveText(
      'Failed to process this source. Please try again.',
    );

    processAnswer = (route) => {
      state.sources = [{ ...src, processingStatus: 'processing' }];
      return answerAs(route, 'POST /ai/process-source', {
        success: true,
        source: state.sources[0]!,
      });
    };
    await row.getByRole('button', { name: 'Retry' }).click();
    await expect(row).toContainText('Processing');
    await expect(row.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    const banner = page.getByRole('region', { name: 'Processing progress' });
    await expect(banner).toContainText('Extracting text');
    await expect(banner).toContainText('Step 3 of 10');
    await expect(banner).toHaveAttribute('data-tone', 'info');
    await expect(banner.getByRole('alert')).toHaveText('Progress tracking connection failed');
    await expect(banner).toBeHidden({ timeout: 5_000 });
    expect(processed).toEqual([
      { deckId: DECK_ID, sourceId: src._id },
      { deckId: DECK_ID, sourceId: src._id },
    ]);

    // The worker finishes; the next poll (every 5 s) sees it and the deck reloads.
    state.sources = [{ ...src, processingStatus: 'completed', summary: 'Cells are small.' }];
    await expect(row).toContainText('Completed', { timeout: 8_000 });
    await expect(page.getByRole('article')).toContainText('Cells are small.');
    expect(polls.length).toBeGreaterThanOrEqual(1);
  });

  test('a scanned source names the pages OCR could not read, and a video the captions it was read from', async ({
    page,
  }) => {
    // The worker stores these as the source's notes (ingest-source handler), word for word.
    const scan = source({
      type: 'document',
      url: null,
      title: 'Handout (scanned)',
      originalFilename: 'handout.pdf',
      processingStatus: 'completed',
      notes: [
        'Pages that could not be read: 3 (took longer than 60 seconds to read), 5 (could not be drawn).',
      ],
    });
    const video = source({
      type: 'youtube',
      url: 'https://www.youtube.com/watch?v=GJLlxj_dtq8',
      title: 'Surface Go Review',
      processingStatus: 'completed',
      notes: ['Captions in German (auto-generated)'],
    });
    await openDeck(page, { sources: [scan, video] });

    await page.goto(`/deck/${DECK_ID}/summary`);
    const rows = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    await expect(rows.filter({ hasText: 'Handout (scanned)' })).toContainText(
      'Pages that could not be read: 3 (took longer than 60 seconds to read), 5 (could not be drawn).',
    );
    await expect(rows.filter({ hasText: 'Surface Go Review' })).toContainText(
      'Captions in German (auto-generated)',
    );
    await page.screenshot({ path: test.info().outputPath('source-notes.png') });
  });

  test('removing a source asks whether its cards go too', async ({ page }) => {
    const first = source({ title: 'First source', processingStatus: 'completed' });
    const second = source({
      title: 'Second source',
      url: 'https://example.com/second',
      processingStatus: 'completed',
    });
    const state = { sources: [first, second] };
    await openDeck(page, state);
    const removed: unknown[] = [];
    let answer = failure(500, 'INTERNAL', 'Internal server error');
    await page.route(`**/api/decks/${DECK_ID}/sources/${first._id}`, (route) => {
      removed.push(route.request().postDataJSON());
      return answer(route);
    });

    await page.goto(`/deck/${DECK_ID}/summary`);
    const rows = page.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    await rows.filter({ hasText: 'First source' }).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Source' });
    await expect(dialog).toContainText('First source');
    await dialog.getByLabel('Also delete the cards made from this source').check();
    await dialog.getByRole('button', { name: 'Remove Source' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Failed to remove source. Please try again.',
    );

    answer = (route) => {
      state.sources = [second];
      return answerAs(route, 'DELETE /decks/:id/sources/:sourceId', {
        success: true,
        cardsDeleted: 4,
      });
    };
    await dialog.getByRole('button', { name: 'Remove Source' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Second source');
    expect(removed).toEqual([{ deleteCards: true }, { deleteCards: true }]);
  });
});
