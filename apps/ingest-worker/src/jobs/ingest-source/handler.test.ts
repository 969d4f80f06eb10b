import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder, StudyAi } from '@mnemo/ai/types';
import { createLocalStudyAi } from '@mnemo/ai/providers/local';
import { progressChannel, type ProgressEvent } from '@mnemo/contracts/progress';
import { EMBEDDING_DIMENSIONS, decks, sourceChunks, sources } from '@mnemo/db/schema';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { insertProcessingSource } from './test-support';
import { createProgressPublisher } from '../../progress/publisher';
import { createIngestRepository } from './repository';
import { createIngestSourceHandler, type ExtractedText, type IngestDeps } from './handler';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(url);
const sub = new Redis(url);
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
  await redis.quit();
  await sub.quit();
});

const PARAGRAPHS = Array.from(
  { length: 30 },
  (_, i) =>
    `Paragraph ${i} is about topic ${i}. Mitochondria produce ATP through cellular respiration in step ${i}. ` +
    `Ribosomes translate messenger RNA into proteins, and this paragraph adds detail number ${i} to fill the section.`,
);
const TEXT = PARAGRAPHS.join('\n\n');

/** A deterministic stand-in embedder: vectors of the column's size that depend on the text's length. */
const testEmbedder = (fail?: () => Error): Embedder => ({
  provider: 'local',
  model: 'test-embedder',
  dimensions: EMBEDDING_DIMENSIONS,
  async embed(texts) {
    if (fail) throw fail();
    return texts.map((s) => {
      const v = Array.from(
        { length: EMBEDDING_DIMENSIONS },
        (_, i) => ((s.length + i * 7) % 13) + 1,
      );
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    });
  },
});

const testStudy = (summaryError?: () => Error): Partial<StudyAi> => ({
  async summarize({ text }) {
    if (summaryError) throw summaryError();
    return text.split('. ')[0]! + '.';
  },
  async keyPoints() {
    return ['Mitochondria: Mitochondria produce ATP through cellular respiration.'];
  },
});

class PermanentError extends Error {}
const judge: IngestDeps['judge'] = (e) => ({
  permanent: e instanceof PermanentError,
  message: e instanceof Error ? e.message : 'Failed to process this source',
});

async function setup(overrides: { title?: string; attempt?: number; deckTitle?: string } = {}) {
  const { deck, source } = await insertProcessingSource(t.db, {
    url: 'https://example.org/cells',
    deckTitle: 'Cells',
    ...overrides,
  });
  const prefix = `test-${randomUUID()}`;
  const events: ProgressEvent[] = [];
  const listener = new Redis(url);
  await listener.subscribe(progressChannel(prefix, source.id));
  listener.on('message', (_c, m) => events.push(JSON.parse(m) as ProgressEvent));
  return {
    deck,
    source,
    events,
    prefix,
    job: {
      sourceId: source.id,
      deckId: deck.id,
      owner: { anonId: randomUUID() },
      attempt: overrides.attempt ?? 1,
    },
    close: () => listener.quit(),
  };
}

function handlerFor(
  prefix: string,
  deps: Partial<Omit<IngestDeps, 'study'>> & { study?: Partial<StudyAi> } = {},
) {
  const extracted: ExtractedText = {
    title: 'Cells and their parts',
    text: TEXT,
    sections: [{ text: TEXT, heading: 'Cells' }],
  };
  return createIngestSourceHandler({
    repository: createIngestRepository({ db: t.db }),
    publish: createProgressPublisher({ redis, prefix }),
    extract: async () => extracted,
    embedder: testEmbedder(),
    judge,
    ...deps,
    study: (deps.study ?? testStudy()) as StudyAi,
  });
}

const row = async (id: string) => (await t.db.select().from(sources).where(eq(sources.id, id)))[0]!;
const chunksOf = (id: string) =>
  t.db
    .select()
    .from(sourceChunks)
    .where(eq(sourceChunks.sourceId, id))
    .orderBy(sourceChunks.chunkIndex);
const once = { attemptsMade: 0, maxAttempts: 3 };
const last = { attemptsMade: 2, maxAttempts: 3 };

describe('ingest-source handler', () => {
  it('walks every step in order and leaves a completed source with content, chunks, vectors, summary and key points', async () => {
    const s = await setup();
    const result = await handlerFor(s.prefix)(s.job, once);
    await expect.poll(() => s.events.at(-1)?.step).toBe('completed');
    const steps = s.events.map((e) => e.step).filter((step, i, all) => all[i - 1] !== step);
    expect(steps).toEqual([
      'starting',
      'extracting',
      'content-extracted',
      'chunking',
      'chunks-created',
      'embeddings',
      'storing-vectors',
      'vectors-ready',
      'generating-summary',
      'generating-keypoints',
      'completed',
    ]);
    const progress = s.events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);

    const source = await row(s.source.id);
    expect(source).toMatchObject({
      processingStatus: 'completed',
      processingError: null,
      content: TEXT,
      title: 'Cells and their parts',
      summary: 'Paragraph 0 is about topic 0.',
      keyPoints: ['Mitochondria: Mitochondria produce ATP through cellular respiration.'],
    });
    const chunks = await chunksOf(s.source.id);
    expect(result).toEqual({ chunks: chunks.length, embedded: true });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(c.embeddingModel).toBe('test-embedder');
      expect(c.position).toEqual({ heading: 'Cells' });
      expect(c.tokenCount).toBeGreaterThan(0);
    }
    await s.close();
  });

  it('reports scanned pages read by OCR as an ocr step (pages done / total), and names unreadable pages in the details', async () => {
    const s = await setup();
    await handlerFor(s.prefix, {
      extract: async (_source, progress) => {
        for (const done of [0, 1, 2]) progress?.onOcrProgress?.({ done, total: 2 });
        return {
          title: 'Scanned handout',
          text: TEXT,
          sections: [{ text: TEXT, page: 1 }],
          warnings: ['Pages that could not be read: 3 (could not be drawn).'],
          unreadablePages: [3],
        };
      },
    })(s.job, once);
    await expect.poll(() => s.events.at(-1)?.step).toBe('completed');
    const ocr = s.events.filter((e) => e.step === 'ocr');
    expect(ocr.map((e) => [e.message, e.details])).toEqual([
      ['Reading scanned pages (0 of 2)', { pagesDone: 0, pagesTotal: 2 }],
      ['Reading scanned pages (1 of 2)', { pagesDone: 1, pagesTotal: 2 }],
      ['Reading scanned pages (2 of 2)', { pagesDone: 2, pagesTotal: 2 }],
    ]);
    const steps = s.events.map((e) => e.step).filter((step, i, all) => all[i - 1] !== step);
    expect(steps.slice(0, 4)).toEqual(['starting', 'extracting', 'ocr', 'content-extracted']);
    const progress = s.events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(s.events.find((e) => e.step === 'content-extracted')?.details).toMatchObject({
      warnings: ['Pages that could not be read: 3 (could not be drawn).'],
      unreadablePages: [3],
    });
    await s.close();
  });

  it('replaces the placeholder title (the link cut to 50 characters) with the page title', async () => {
    const s = await setup({ title: 'https://example.org/cells' });
    await handlerFor(s.prefix)(s.job, once);
    expect((await row(s.source.id)).title).toBe('Cells and their parts');
    await s.close();
  });

  it("gives a one-source deck still titled with the create page's placeholder the page's title", async () => {
    const s = await setup({ deckTitle: 'example.org/cells' });
    await handlerFor(s.prefix)(s.job, once);
    const [deck] = await t.db.select().from(decks).where(eq(decks.id, s.deck.id));
    expect(deck!.title).toBe('Cells and their parts');
    await s.close();
  });

  it('keeps a deck title the learner typed, and the placeholder of a deck with two sources', async () => {
    const typed = await setup({ deckTitle: 'Biology, week 3' });
    await handlerFor(typed.prefix)(typed.job, once);
    const [kept] = await t.db.select().from(decks).where(eq(decks.id, typed.deck.id));
    expect(kept!.title).toBe('Biology, week 3');
    await typed.close();

    const two = await setup({ deckTitle: 'example.org/cells' });
    await t.db.insert(sources).values({ deckId: two.deck.id, type: 'website', url: 'https://example.org/b', title: '' });
    await handlerFor(two.prefix)(two.job, once);
    const [both] = await t.db.select().from(decks).where(eq(decks.id, two.deck.id));
    expect(both!.title).toBe('example.org/cells');
    await two.close();
  });

  it('stores which captions a video was read from and the pages missed as the source’s notes, replaced on each run', async () => {
    const s = await setup();
    await handlerFor(s.prefix, {
      extract: async () => ({
        title: null,
        text: TEXT,
        sections: [{ text: TEXT }],
        captions: 'Captions in German (auto-generated)',
        warnings: ['Page 3 could not be read.'],
      }),
    })(s.job, once);
    expect((await row(s.source.id)).notes).toEqual([
      'Captions in German (auto-generated)',
      'Page 3 could not be read.',
    ]);
    await handlerFor(s.prefix)(s.job, once);
    expect((await row(s.source.id)).notes).toEqual([]);
    await s.close();
  });

  it('completes placeholder text without a summary or key points, and says why among the notes', async () => {
    const s = await setup();
    const lorem = Array.from(
      { length: 12 },
      () =>
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.',
    ).join('\n\n');
    await handlerFor(s.prefix, {
      // The offline provider itself: it refuses filler by the rule question writing uses.
      study: createLocalStudyAi(),
      extract: async () => ({
        title: 'Lorem ipsum',
        text: lorem,
        sections: [{ text: lorem }],
        warnings: ['Page 3 could not be read.'],
      }),
    })(s.job, once);
    const done = await row(s.source.id);
    expect(done).toMatchObject({ processingStatus: 'completed', summary: null, keyPoints: [] });
    // The extraction's note stays; the refusal is added once, though both summary and key points refused.
    expect(done.notes).toHaveLength(2);
    expect(done.notes[0]).toBe('Page 3 could not be read.');
    expect(done.notes[1]).toMatch(/^No summary or key points: .*placeholder text/);
    await s.close();
  });

  it('stores the language of the extracted text', async () => {
    const s = await setup();
    await handlerFor(s.prefix)(s.job, once);
    expect((await row(s.source.id)).language).toBe('en');
    await s.close();
  });

  it('keeps a title the learner gave', async () => {
    const s = await setup({ title: 'My biology notes' });
    await handlerFor(s.prefix)(s.job, once);
    expect((await row(s.source.id)).title).toBe('My biology notes');
    await s.close();
  });

  it('run twice (a duplicate or a rerun after a crash) leaves one set of chunks', async () => {
    const s = await setup();
    const handle = handlerFor(s.prefix);
    await handle(s.job, once);
    const first = await chunksOf(s.source.id);
    await handle(s.job, once);
    const second = await chunksOf(s.source.id);
    expect(second.map((c) => [c.chunkIndex, c.content])).toEqual(
      first.map((c) => [c.chunkIndex, c.content]),
    );
    await s.close();
  });

  it('does nothing for a job older than the source’s current attempt, or a deleted source', async () => {
    const s = await setup({ attempt: 2 });
    expect(await handlerFor(s.prefix)({ ...s.job, attempt: 1 }, once)).toEqual({ skipped: true });
    expect(await chunksOf(s.source.id)).toEqual([]);
    expect(await handlerFor(s.prefix)({ ...s.job, sourceId: randomUUID() }, once)).toEqual({
      skipped: true,
    });
    await s.close();
  });

  it('fails the source at once, with the reason, for a permanent error', async () => {
    const s = await setup();
    const handle = handlerFor(s.prefix, {
      extract: async () => {
        throw new PermanentError(
          'This PDF is password-protected. Remove the password and upload it again.',
        );
      },
    });
    await expect(handle(s.job, once)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await row(s.source.id)).toMatchObject({
      processingStatus: 'failed',
      processingError: 'This PDF is password-protected. Remove the password and upload it again.',
    });
    await expect.poll(() => s.events.at(-1)?.step).toBe('error');
    expect(s.events.at(-1)!.message).toMatch(/password-protected/);
    await s.close();
  });

  it('leaves a transient failure to BullMQ’s retry, and fails the source only on the last attempt', async () => {
    const s = await setup();
    const handle = handlerFor(s.prefix, {
      extract: async () => {
        throw new Error('The site took too long to answer');
      },
    });
    await expect(handle(s.job, once)).rejects.not.toBeInstanceOf(UnrecoverableError);
    expect((await row(s.source.id)).processingStatus).toBe('processing');
    await expect(handle(s.job, last)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await row(s.source.id)).toMatchObject({
      processingStatus: 'failed',
      processingError: 'The site took too long to answer',
    });
    await s.close();
  });

  it('stores chunks without vectors and warns when embeddings keep failing, then completes', async () => {
    const s = await setup();
    const handle = handlerFor(s.prefix, {
      embedder: testEmbedder(() => new PermanentError('model refused')),
    });
    expect(await handle(s.job, once)).toMatchObject({ embedded: false });
    await expect.poll(() => s.events.at(-1)?.step).toBe('completed');
    expect(s.events.map((e) => e.step)).toContain('vectors-warning');
    const chunks = await chunksOf(s.source.id);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.embedding === null && c.embeddingModel === null)).toBe(true);
    expect((await row(s.source.id)).processingStatus).toBe('completed');
    await s.close();
  });

  it('completes without a summary when the AI keeps failing on the last attempt, but retries before that', async () => {
    const s = await setup();
    const handle = handlerFor(s.prefix, { study: testStudy(() => new Error('AI overloaded')) });
    await expect(handle(s.job, once)).rejects.toThrow('AI overloaded');
    await handle(s.job, last);
    expect(await row(s.source.id)).toMatchObject({ processingStatus: 'completed', summary: null });
    await s.close();
  });
});

describe('ingest-source usage report', () => {
  it('reports a processed source to billing with its owner, attempt and counted size, and only then', async () => {
    const s = await setup();
    const reports: unknown[] = [];
    await handlerFor(s.prefix, { recordUsage: async (u) => void reports.push(u) })(s.job, once);
    // A link counts 0.5 MB, as the deck service checked it.
    expect(reports).toEqual([{ owner: s.job.owner, sourceId: s.source.id, attempt: 1, bytes: 0.5 * 1024 * 1024 }]);

    const failing = await setup();
    const none: unknown[] = [];
    const handle = handlerFor(failing.prefix, {
      recordUsage: async (u) => void none.push(u),
      extract: async () => {
        throw new PermanentError('This page has no text.');
      },
    });
    await expect(handle(failing.job, once)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(none).toEqual([]);
    await s.close();
    await failing.close();
  });

  it('completes the source even when billing cannot be told', async () => {
    const s = await setup();
    const warnings: string[] = [];
    await handlerFor(s.prefix, {
      recordUsage: async () => {
        throw new Error('billing is down');
      },
      log: { warn: (_o, msg) => void warnings.push(msg) },
    })(s.job, once);
    expect((await row(s.source.id)).processingStatus).toBe('completed');
    expect(warnings).toContain('could not report the processed source to billing');
    await s.close();
  });
});
