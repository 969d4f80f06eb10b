import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashingEmbedder, createLocalStudyAi } from '@mnemo/ai/providers/local';
import type { GenerateQuestionsJobInput, IngestSourceJob, SplitCurriculumJob } from '@mnemo/contracts/jobs';
import { ownerTag, progressLatestKey, progressOwnerKey } from '@mnemo/contracts/progress';
import { curriculumImports, decks, EMBEDDING_DIMENSIONS, sources, studySpaces, uploads, users } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { createStorage } from '@mnemo/storage';
import { fixturePath } from '@mnemo/testing/fixtures';
import { createProgressPublisher } from '../../progress/publisher';
import { judgeFailure } from '../ingest-source/failures';
import { createIngestSourceHandler } from '../ingest-source/handler';
import { createIngestRepository } from '../ingest-source/repository';
import { createSourceExtractor } from '../ingest-source/source-text';
import { createSplitCurriculumHandler, CURRICULUM_REQUEST_ID } from './handler';
import { createCurriculumRepository } from './repository';

/**
 * The split-curriculum job against a real database, real Redis and files on disk, with the ingest
 * job's own extractor: a chaptered document becomes a deck per chapter whose source holds only
 * that chapter, and the ingest job then processes such a source from its unit's text.
 */

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `test-curriculum-${randomUUID()}`;
let t: TestDatabase;
let filesDir: string;
const storage = () => createStorage({ driver: 'local', root: filesDir, publicBaseUrl: '/api/files' });
const extract = () => createSourceExtractor({ storage: storage(), fetch: () => Promise.reject(new Error('no links here')) });

beforeAll(async () => {
  t = await createTestDatabase();
  filesDir = mkdtempSync(join(tmpdir(), 'mnemo-curriculum-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Sentences about a topic, different in each (the text questions are written from), to about `chars`. */
const prose = (topic: string, chars = 1500) => {
  const lines: string[] = [];
  for (let i = 1; lines.join(' ').length < chars; i++) {
    lines.push(`${topic} fact ${i}: the ${topic.toLowerCase()} of a living system changes with its surroundings in step ${i}.`);
  }
  return lines.join(' ');
};

const CHAPTERS = ['Chapter 1: Cells', 'Chapter 2: Energy', 'Chapter 3: Genetics'];
const chaptered = (titles: string[]) =>
  ['# Biology 7B', 'Course notes for the spring term.', ...titles.flatMap((title) => [`## ${title}`, prose(title.split(': ')[1] ?? title)])].join('\n\n');

/** A teacher's space awaiting its split, as POST /classes/curriculum leaves it, with the file stored. */
async function curriculumOf(file: { body: Buffer; name: string; contentType: string }) {
  const userId = randomUUID();
  await t.db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: 'Teacher' });
  const owner = { userId };
  const [space] = await t.db.insert(studySpaces).values({ ...ownerValues(owner), title: 'Biology' }).returning();
  const { storageRef } = await storage().put({ body: file.body, contentType: file.contentType, prefix: 'documents' });
  await t.db.insert(uploads).values({ ...ownerValues(owner), storageRef, originalFilename: file.name, contentType: file.contentType, sizeInBytes: file.body.length });
  await t.db.insert(curriculumImports).values({ spaceId: space!.id, storageRef, originalFilename: file.name, contentType: file.contentType });
  const job: SplitCurriculumJob = {
    spaceId: space!.id,
    owner,
    maxUnits: 10,
    questionsPerDeck: 10,
    questionTypes: ['multiple_choice', 'free_response'],
    cardLimit: 50,
  };
  return { job, storageRef, owner };
}

function split() {
  const queued = { ingest: [] as IngestSourceJob[], generate: [] as GenerateQuestionsJobInput[] };
  const handle = createSplitCurriculumHandler({
    repository: createCurriculumRepository({ db: t.db }),
    publish: createProgressPublisher({ redis, prefix }),
    extract: extract(),
    judge: judgeFailure,
    enqueueIngest: async (jobs) => queued.ingest.push(...jobs),
    enqueueGenerate: async (jobs) => queued.generate.push(...jobs),
  });
  return { handle, queued };
}

const LAST_TRY = { attemptsMade: 2, maxAttempts: 3 };
const markdown = (text: string, name = 'biology.md') => ({ body: Buffer.from(text), name, contentType: 'text/markdown' });

async function unitsOf(spaceId: string) {
  return t.db
    .select({ deck: decks, source: sources })
    .from(decks)
    .innerJoin(sources, eq(sources.deckId, decks.id))
    .where(eq(decks.studySpaceId, spaceId))
    .orderBy(asc(sources.unitIndex));
}

describe('the split-curriculum job', () => {
  it('makes a deck per chapter, each titled after it with a source holding only that chapter, and queues their work', async () => {
    const { job, storageRef, owner } = await curriculumOf(markdown(chaptered(CHAPTERS)));
    const { handle, queued } = split();
    await expect(handle(job, LAST_TRY)).resolves.toEqual({ decks: 3 });

    const units = await unitsOf(job.spaceId);
    expect(units.map((u) => u.deck.title)).toEqual(CHAPTERS);
    units.forEach(({ deck, source }, i) => {
      expect(deck).toMatchObject({ ownerUserId: owner.userId, studySpaceId: job.spaceId });
      expect(source).toMatchObject({ type: 'document', storageRef, unitIndex: i, processingStatus: 'processing', processingAttempt: 1, originalFilename: 'biology.md' });
      // Its own chapter and no other.
      expect(source.content).toContain(CHAPTERS[i]);
      for (const other of CHAPTERS.filter((_, j) => j !== i)) expect(source.content).not.toContain(other);
      expect(source.sizeInBytes).toBe(Buffer.byteLength(source.content!, 'utf8'));
    });
    // The preamble (the document's title and its first line) goes with the first chapter.
    expect(units[0]!.source.content).toContain('Course notes for the spring term.');

    const [record] = await t.db.select().from(curriculumImports).where(eq(curriculumImports.spaceId, job.spaceId));
    expect(record).toMatchObject({ status: 'ready', units: 3, error: null });
    // The upload is in use: the sweep of unused uploads leaves the file alone.
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.storageRef, storageRef));
    expect(upload!.sourceId).toBe(units[0]!.source.id);

    expect(queued.ingest).toEqual(units.map(({ deck, source }) => ({ sourceId: source.id, deckId: deck.id, owner, attempt: 1 })));
    expect(queued.generate.map((g) => g.deckId)).toEqual(units.map((u) => u.deck.id));
    for (const g of queued.generate) {
      expect(g).toMatchObject({ owner, totalQuestions: 10, cardLimit: 50, requestId: CURRICULUM_REQUEST_ID, target: 'questions', questionTypes: job.questionTypes });
      expect(g.requestedAt).toBeGreaterThan(0);
    }

    // The teacher follows the split under the space's id, and each unit's processing under its source's.
    const latest = JSON.parse((await redis.get(progressLatestKey(prefix, job.spaceId)))!);
    expect(latest).toMatchObject({ step: 'completed', progress: 100, details: { decks: units.map((u) => u.deck.id) } });
    for (const { source } of units) expect(await redis.get(progressOwnerKey(prefix, source.id))).toBe(ownerTag(owner));
  });

  it('makes nothing twice when it runs again, and queues the same jobs again', async () => {
    const { job } = await curriculumOf(markdown(chaptered(CHAPTERS)));
    const first = split();
    await first.handle(job, LAST_TRY);
    const again = split();
    await expect(again.handle(job, LAST_TRY)).resolves.toEqual({ decks: 3, again: true });
    expect(await unitsOf(job.spaceId)).toHaveLength(3);
    expect(again.queued.ingest).toEqual(first.queued.ingest);
    expect(again.queued.generate.map((g) => g.deckId)).toEqual(first.queued.generate.map((g) => g.deckId));
  });

  it('makes one deck of a document with one chapter, titled after it', async () => {
    const { job } = await curriculumOf(markdown(`# Photosynthesis\n\n${prose('Photosynthesis', 2500)}`, 'notes.md'));
    const { handle, queued } = split();
    await handle(job, LAST_TRY);
    const units = await unitsOf(job.spaceId);
    expect(units.map((u) => u.deck.title)).toEqual(['Photosynthesis']);
    expect(units[0]!.source.content).toContain('Photosynthesis fact 1');
    expect(queued.generate).toHaveLength(1);
  });

  it('splits a real Word document: one deck titled after the document when it has no chapters', async () => {
    const body = readFileSync(fixturePath('docx', 'tables.docx'));
    const { job } = await curriculumOf({ body, name: 'tables.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const { handle } = split();
    await handle(job, LAST_TRY);
    const units = await unitsOf(job.spaceId);
    expect(units).toHaveLength(1);
    expect(units[0]!.source.content!.trim().length).toBeGreaterThan(0);
  });

  it('fails a document with no text with a clear reason, and makes no deck', async () => {
    const body = readFileSync(fixturePath('docx', 'empty.docx'));
    const { job } = await curriculumOf({ body, name: 'empty.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const { handle, queued } = split();
    const error = await handle(job, LAST_TRY).then(() => null, (e: unknown) => e as Error);
    expect(error?.name).toBe('UnrecoverableError');
    const [record] = await t.db.select().from(curriculumImports).where(eq(curriculumImports.spaceId, job.spaceId));
    expect(record!.status).toBe('failed');
    expect(record!.error).toMatch(/empty|no text/i);
    expect(await unitsOf(job.spaceId)).toEqual([]);
    expect(queued).toEqual({ ingest: [], generate: [] });
    const latest = JSON.parse((await redis.get(progressLatestKey(prefix, job.spaceId)))!);
    expect(latest).toMatchObject({ step: 'error', message: record!.error });
  });

  it('fails markdown of only headings (no text to question) with its message', async () => {
    const { job } = await curriculumOf(markdown('#\n\n##\n\n   \n'));
    const { handle } = split();
    await expect(handle(job, LAST_TRY)).rejects.toThrow();
    const [record] = await t.db.select().from(curriculumImports).where(eq(curriculumImports.spaceId, job.spaceId));
    expect(record).toMatchObject({ status: 'failed' });
    // The extractor's own words when it finds no text; the split's when the text makes no unit.
    expect(record!.error).toMatch(/no text/i);
  });

  it('does nothing for a space deleted before it ran', async () => {
    const { job } = await curriculumOf(markdown(chaptered(CHAPTERS)));
    await t.db.delete(studySpaces).where(eq(studySpaces.id, job.spaceId));
    const { handle, queued } = split();
    await expect(handle(job, LAST_TRY)).resolves.toEqual({ skipped: true });
    expect(queued.ingest).toEqual([]);
  });
});

describe('the ingest job on a unit source', () => {
  it('processes the unit from its own text, not the whole document', async () => {
    const { job, owner } = await curriculumOf(markdown(chaptered(CHAPTERS)));
    await split().handle(job, LAST_TRY);
    const second = (await unitsOf(job.spaceId))[1]!;
    const ingest = createIngestSourceHandler({
      repository: createIngestRepository({ db: t.db }),
      publish: createProgressPublisher({ redis, prefix }),
      extract: extract(),
      embedder: createHashingEmbedder({ dimensions: EMBEDDING_DIMENSIONS }),
      study: createLocalStudyAi(),
      judge: judgeFailure,
    });
    await ingest({ sourceId: second.source.id, deckId: second.deck.id, owner, attempt: 1 }, LAST_TRY);
    const [after] = await t.db.select().from(sources).where(eq(sources.id, second.source.id));
    expect(after).toMatchObject({ processingStatus: 'completed', title: 'Chapter 2: Energy' });
    expect(after!.content).toBe(second.source.content);
    expect(after!.content).not.toContain('Chapter 1: Cells');
    // The deck keeps its unit's title (the document's own title is not adopted).
    const [deck] = await t.db.select().from(decks).where(eq(decks.id, second.deck.id));
    expect(deck!.title).toBe('Chapter 2: Energy');
  });
});
