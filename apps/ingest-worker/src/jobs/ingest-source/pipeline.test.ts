import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashingEmbedder, createLocalStudyAi } from '@mnemo/ai/providers/local';
import { EMBEDDING_DIMENSIONS, decks, sourceChunks, sources } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { createStorage } from '@mnemo/storage';
import { fixturePath, fixturesDir } from '@mnemo/testing/fixtures';
import { createSafeFetch, type Fetcher } from '../../extract/safe-fetch';
import { replayYoutube, startServer, type TestServer } from '../../extract/test-support';
import { createProgressPublisher } from '../../progress/publisher';
import { judgeFailure } from './failures';
import { createIngestSourceHandler } from './handler';
import { createIngestRepository } from './repository';
import { createSourceExtractor } from './source-text';

/**
 * Every real-world fixture through the whole ingest job (extraction, chunking, the offline
 * provider's embeddings, summary and key points, the database): each ends completed with its text,
 * or failed with its own message.
 */

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
let t: TestDatabase;
let server: TestServer;
let filesDir: string;
const storage = () =>
  createStorage({ driver: 'local', root: filesDir, publicBaseUrl: '/api/files' });

beforeAll(async () => {
  t = await createTestDatabase();
  filesDir = mkdtempSync(join(tmpdir(), 'mnemo-pipeline-'));
  // The web fixtures, served as a site would: /web/<name>.
  server = await startServer((req, res) => {
    const name = /^\/web\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (!name) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(readFileSync(fixturePath('web', name, 'source.html')));
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
  await redis.quit();
  rmSync(filesDir, { recursive: true, force: true });
});

/** YouTube links answer from the recorded responses; every other link goes through the safe fetcher. */
const fetcherWith = (youtube: Fetcher): Fetcher => {
  const safe = createSafeFetch({ allowlist: [`127.0.0.1:${server.port}`] });
  return (url, init) =>
    /youtube\.com|youtu\.be/.test(new URL(url).hostname) ? youtube(url, init) : safe(url, init);
};

async function ingest(
  source: { type: 'website' | 'youtube' | 'document'; url?: string; file?: string },
  options: { youtube?: Fetcher; lastAttempt?: boolean } = {},
) {
  const [deck] = await t.db
    .insert(decks)
    .values({ ...ownerValues({ anonId: randomUUID() }), title: 'Fixtures' })
    .returning();
  let storageRef: string | null = null;
  let originalFilename: string | null = null;
  if (source.file) {
    const data = readFileSync(fixturePath(source.file));
    storageRef = (await storage().put({ body: data, contentType: 'application/octet-stream' }))
      .storageRef;
    originalFilename = source.file.split('/').at(-1)!;
  }
  const [row] = await t.db
    .insert(sources)
    .values({
      deckId: deck!.id,
      type: source.type,
      url: source.url ?? null,
      storageRef,
      originalFilename,
      title: '',
      processingStatus: 'processing',
      processingAttempt: 1,
    })
    .returning();
  const handle = createIngestSourceHandler({
    repository: createIngestRepository({ db: t.db }),
    publish: createProgressPublisher({ redis, prefix: `test-${randomUUID()}` }),
    extract: createSourceExtractor({
      storage: storage(),
      fetch: fetcherWith(options.youtube ?? replayYoutube()),
    }),
    embedder: createHashingEmbedder({ dimensions: EMBEDDING_DIMENSIONS }),
    study: createLocalStudyAi(),
    judge: judgeFailure,
  });
  const attempt =
    options.lastAttempt === false
      ? { attemptsMade: 0, maxAttempts: 3 }
      : { attemptsMade: 2, maxAttempts: 3 };
  const error = await handle(
    { sourceId: row!.id, deckId: deck!.id, owner: { anonId: randomUUID() }, attempt: 1 },
    attempt,
  ).then(
    () => null,
    (e: unknown) => e as Error,
  );
  const [after] = await t.db.select().from(sources).where(eq(sources.id, row!.id));
  const chunks = await t.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, row!.id));
  return { source: after!, chunks, error };
}

function expectCompleted(r: Awaited<ReturnType<typeof ingest>>) {
  expect(r.error).toBeNull();
  expect(r.source.processingStatus).toBe('completed');
  expect(r.source.content!.trim().length).toBeGreaterThan(0);
  expect(r.source.title.length).toBeGreaterThan(0);
  expect(r.chunks.length).toBeGreaterThan(0);
  for (const c of r.chunks) {
    expect(c.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(c.embeddingModel).toMatch(/^mnemo-hash/);
  }
}

function expectFailed(r: Awaited<ReturnType<typeof ingest>>, message: RegExp) {
  expect(r.error).not.toBeNull();
  expect(r.source.processingStatus).toBe('failed');
  expect(r.source.processingError).toMatch(message);
  expect(r.chunks).toEqual([]);
}

const webPages = readdirSync(join(fixturesDir(), 'web'));

describe('every web page fixture', () => {
  it.each(webPages)(
    '%s: completes with its title, text, chunks, summary and key points',
    async (name) => {
      const r = await ingest({ type: 'website', url: `${server.base}/web/${name}` });
      expectCompleted(r);
      const expected = JSON.parse(
        readFileSync(fixturePath('web', name, 'expected-metadata.json'), 'utf8'),
      ) as { title: string };
      expect(expected.title.startsWith(r.source.title.slice(0, 20))).toBe(true);
      expect(r.source.summary!.length).toBeGreaterThan(40);
      // Summary sentences are the page's own (spacing aside).
      const flat = (text: string) => text.replace(/\s+/g, ' ');
      const first = flat(r.source.summary!.split(/(?<=[.!?])\s/)[0]!);
      expect(flat(r.source.content!)).toContain(first.slice(0, 40));
      expect(r.source.keyPoints.length).toBeGreaterThan(0);
    },
  );
});

describe('every PDF fixture', () => {
  it.each([
    'minimal-document',
    'pdflatex-4-pages',
    'multicolumn',
    'google-doc-document',
    'inline-image',
    'habibi',
  ])('%s.pdf completes, its chunks citing pages', async (name) => {
    const r = await ingest({ type: 'document', file: `pdf/${name}.pdf` });
    expectCompleted(r);
    expect(r.chunks.every((c) => typeof c.position?.page === 'number')).toBe(true);
  });

  it('fails a password-protected PDF, saying so', async () => {
    expectFailed(
      await ingest({ type: 'document', file: 'pdf/libreoffice-writer-password.pdf' }),
      /password/i,
    );
  });
});

describe('every Word fixture', () => {
  it.each(['single-paragraph', 'simple-list', 'tables', 'footnotes', 'underline', 'utf8-bom'])(
    '%s.docx completes',
    async (name) => {
      expectCompleted(await ingest({ type: 'document', file: `docx/${name}.docx` }));
    },
  );

  it('fails an empty document and a zip that is not a Word file, each with its own message', async () => {
    expectFailed(await ingest({ type: 'document', file: 'docx/empty.docx' }), /empty|no text/i);
    expectFailed(await ingest({ type: 'document', file: 'docx/not-a-docx.zip' }), /Word/);
  });
});

describe('every YouTube fixture', () => {
  const LINK = 'https://www.youtube.com/watch?v=GJLlxj_dtq8';

  it('completes a video from its captions, chunks citing their time', async () => {
    const r = await ingest({ type: 'youtube', url: LINK });
    expectCompleted(r);
    expect(r.source.title).toMatch(/^Surface Go Review - It.s Awesome$/);
    expect(r.chunks.every((c) => typeof c.position?.startSeconds === 'number')).toBe(true);
  });

  it('answers the consent page and goes on', async () => {
    expectCompleted(
      await ingest(
        { type: 'youtube', url: LINK },
        { youtube: replayYoutube({ watch: ['youtube_consent_page.html', 'youtube.html'] }) },
      ),
    );
  });

  it.each([
    ['youtube_transcripts_disabled.innertube.json', /disabled|captions/i],
    ['youtube_video_unavailable.innertube.json', /unavailable/i],
    ['youtube_unplayable.innertube.json', /play/i],
    ['youtube_po_token_required.innertube.json', /./],
  ])('fails for good on %s with its own message', async (player, message) => {
    const r = await ingest(
      { type: 'youtube', url: LINK },
      { youtube: replayYoutube({ player }), lastAttempt: false },
    );
    expectFailed(r, message);
  });

  it('retries a blocked or rate-limited request, and fails it only on the last attempt', async () => {
    for (const fetch of [
      replayYoutube({ watch: ['youtube_too_many_requests.html'] }),
      replayYoutube({ player: 'youtube_request_blocked.innertube.json' }),
    ]) {
      const first = await ingest(
        { type: 'youtube', url: LINK },
        { youtube: fetch, lastAttempt: false },
      );
      expect(first.error).not.toBeNull();
      expect(first.source.processingStatus).toBe('processing');
      const last = await ingest(
        { type: 'youtube', url: LINK },
        { youtube: fetch, lastAttempt: true },
      );
      expectFailed(last, /./);
    }
  });
});
