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
import epub from 'epub-gen-memory';
import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import {
  fixturePdf,
  imageOnlyPdf,
  pngHeaderOnly,
  scanPage,
  wordRecall,
} from '../../extract/ocr-test-support';
import { extractPdf, inlinePdfReader } from '../../extract/pdf';
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
  source: {
    type: 'website' | 'youtube' | 'document';
    url?: string;
    /** A fixture's path, or `data` under `filename`: a file made by the test. */
    file?: string;
    data?: Uint8Array;
    filename?: string;
  },
  options: { youtube?: Fetcher; lastAttempt?: boolean } = {},
) {
  const [deck] = await t.db
    .insert(decks)
    .values({ ...ownerValues({ anonId: randomUUID() }), title: 'Fixtures' })
    .returning();
  let storageRef: string | null = null;
  let originalFilename: string | null = null;
  if (source.file || source.data) {
    const data = source.data ? Buffer.from(source.data) : readFileSync(fixturePath(source.file!));
    storageRef = (await storage().put({ body: data, contentType: 'application/octet-stream' }))
      .storageRef;
    originalFilename = source.filename ?? source.file!.split('/').at(-1)!;
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
    // A summary, or a note saying why there is none (placeholder or blind text, issue 21).
    const refusal = (r.source.notes ?? []).find((n) => n.startsWith('No summary or key points:'));
    expect(r.source.summary ? 'summary' : refusal ? 'reason' : 'neither').not.toBe('neither');
    expect(Boolean(r.source.summary) && Boolean(refusal)).toBe(false);
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

describe('the formats of issue 22 through the whole job', () => {
  // Files their real writers make at test time (pptxgenjs, epub-gen-memory, pdf.js and pdf-lib for
  // the scan; see test/fixtures/README.md); hostile ones built with JSZip and by hand.
  const pptx = async () => {
    const pres = new PptxGenJS();
    const slide = pres.addSlide();
    slide.addText('Plate tectonics', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
    slide.addText('The lithosphere is broken into plates that move over the mantle.', {
      x: 0.5,
      y: 1.5,
      w: 9,
      h: 1,
    });
    slide.addNotes('Earthquakes cluster along the boundaries between plates.');
    return (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
  };
  const book = () =>
    epub({ title: 'Rivers', author: 'Mnemo Tests', ignoreFailedDownloads: true, verbose: false }, [
      {
        title: 'Deltas',
        content: '<p>A delta forms where a river drops its sediment into the sea.</p>',
      },
    ]);
  const zip = async (files: Record<string, string | Buffer>) => {
    const z = new JSZip();
    for (const [name, data] of Object.entries(files)) z.file(name, data, { createFolders: false });
    return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  };

  it('fails each hostile file with its own message, and the same handler then completes good ones', async () => {
    const bomb = (parts: Record<string, string>) =>
      zip({ ...parts, 'content.xml': Buffer.alloc(20 * 1024 * 1024, 0x20) });
    const traversal = await JSZip.loadAsync(await book());
    traversal.file('../../etc/evil.xhtml', '<p>x</p>', { createFolders: false });
    const png = await scanPage(fixturePdf('minimal-document.pdf'), 1, { fraction: 0.2 });
    const hostile: [string, Uint8Array, RegExp][] = [
      [
        'bomb.pptx',
        await bomb({ 'ppt/presentation.xml': '<p:presentation/>' }),
        /looks like a zip bomb/,
      ],
      [
        'bomb.epub',
        await bomb({ mimetype: 'application/epub+zip', 'META-INF/container.xml': '<container/>' }),
        /looks like a zip bomb/,
      ],
      [
        'evil.epub',
        await traversal.generateAsync({ type: 'nodebuffer' }),
        /path points outside the document/,
      ],
      ['huge.png', pngHeaderOnly(20_000, 20_000), /20000 × 20000 pixels, larger than Mnemo reads/],
      ['cut.png', png.subarray(0, Math.floor(png.length / 2)), /file ends before the picture does/],
    ];
    const messages = new Set<string>();
    for (const [filename, data, message] of hostile) {
      const r = await ingest({ type: 'document', data, filename });
      expectFailed(r, message);
      messages.add(r.source.processingError!);
    }
    expect(messages.size).toBe(hostile.length - 1); // the two zip bombs share theirs

    const deck = await ingest({ type: 'document', data: await pptx(), filename: 'plates.pptx' });
    expectCompleted(deck);
    expect(deck.source.content).toMatch(/Earthquakes cluster along the boundaries/);
    const ebook = await ingest({ type: 'document', data: await book(), filename: 'rivers.epub' });
    expectCompleted(ebook);
    expect(ebook.source.content).toMatch(/A delta forms where a river drops its sediment/);
  }, 240_000);

  it('completes an image-only PDF made from a fixture with >= 90% of its words, cited to its page', async () => {
    const original = fixturePdf('minimal-document.pdf');
    const scanned = await imageOnlyPdf([await scanPage(original, 1)]);
    const r = await ingest({ type: 'document', data: scanned, filename: 'scanned.pdf' });
    expectCompleted(r);
    const text = (await extractPdf(original, { reader: inlinePdfReader, ocr: false })).text;
    expect(wordRecall(text, r.source.content!)).toBeGreaterThanOrEqual(0.9);
    expect(r.chunks.every((c) => c.position?.page === 1)).toBe(true);
  }, 300_000);
});
