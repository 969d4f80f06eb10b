import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mnemo/contracts/jobs';
import { route } from '@mnemo/contracts/routes';
import { cards, chatMessages, chats, decks, EMBEDDING_DIMENSIONS, questions, sourceChunks, sources, uploads } from '@mnemo/db/schema';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { createStorage, type Storage } from '@mnemo/storage';
import { buildApp } from '../../app';
import { envSchema } from '../../env';
import { fixturePath } from '@mnemo/testing/fixtures';
import { anonCaller, REDIS_URL, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { insertCard, insertQuestion, insertSource } from '../questions/questions.test-support';
import { client, expectError, nobody, type Caller } from './test-helpers';

/**
 * POST /decks/:id/clone: what a copy holds (everything a deck studies and chats from, already
 * processed), what it does not (chats, the publication), and that the two decks live apart after.
 */

let t: DeckTestApp;
let api: ReturnType<typeof client>;
const queues: Queue[] = [];
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
  for (const name of [QUEUES.ingest, QUEUES.generate]) queues.push(new Queue(name, { connection: createRedis(REDIS_URL), prefix: t.prefix }));
});
afterAll(async () => {
  for (const queue of queues) {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
  await t?.close();
});

/** A unit vector along one axis: chunks that are easy to tell apart by cosine distance. */
const axis = (i: number) => Array.from({ length: EMBEDDING_DIMENSIONS }, (_, j) => (j === i ? 1 : 0));
const PDF = readFileSync(fixturePath('pdf', 'minimal-document.pdf'));

/**
 * A published deck of a signed-in user, as processing and generation leave it: a document source
 * (with its stored file) and a web page, both completed with text, summary and key points; three
 * chunks with vectors; questions and fallback cards pointing at the sources and chunks; a saved chat.
 */
async function publishedDeck(owner: Caller = userCaller()) {
  const file = await api.upload(owner, PDF);
  const created = await api.deck(owner, {
    title: 'Cell Biology',
    description: 'Organelles and what they do',
    focusInstructions: 'Focus on organelles',
    length: 'medium',
    questionTypes: ['multiple_choice', 'free_response'],
    sources: [{ type: 'document', ...file }],
  });
  await api.call(owner, 'PUT', `/decks/${created._id}`, { systemPrompt: 'Answer like a tutor.' });
  const [doc] = await t.db
    .update(sources)
    .set({ processingStatus: 'completed', content: 'Mitochondria make ATP. Ribosomes make proteins.', summary: 'Organelles.', keyPoints: ['ATP', 'Proteins'], title: 'Organelles handout' })
    .where(eq(sources.deckId, created._id))
    .returning();
  const web = await insertSource(t, created._id, 'completed', 'Cells on the web');
  await t.db.update(sources).set({ content: 'The nucleus holds DNA.', summary: 'The nucleus.', keyPoints: ['DNA'] }).where(eq(sources.id, web.id));
  const chunkRows = await t.db
    .insert(sourceChunks)
    .values([
      { sourceId: doc!.id, deckId: created._id, chunkIndex: 0, content: 'Mitochondria make ATP through respiration.', tokenCount: 6, embedding: axis(0), embeddingModel: 'test-embed', position: { page: 1 } },
      { sourceId: doc!.id, deckId: created._id, chunkIndex: 1, content: 'Ribosomes make proteins from RNA.', tokenCount: 5, embedding: axis(1), embeddingModel: 'test-embed', position: { page: 2 } },
      { sourceId: web.id, deckId: created._id, chunkIndex: 0, content: 'The nucleus holds the DNA of the cell.', tokenCount: 8, embedding: axis(2), embeddingModel: 'test-embed', position: { heading: 'Nucleus' } },
    ])
    .returning();
  const mc = await insertQuestion(t, { deckId: created._id, sourceId: doc!.id, chunkId: chunkRows[0]!.id, position: 0, generationRequestId: 'gen-1' });
  await insertQuestion(t, {
    deckId: created._id,
    sourceId: web.id,
    chunkId: chunkRows[2]!.id,
    position: 1,
    question: 'What does the nucleus hold?',
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: 'The DNA of the cell.',
    answer: 'The DNA of the cell.',
    generationRequestId: 'gen-1',
  });
  await insertCard(t, { deckId: created._id, sourceId: doc!.id, position: 0 });
  await insertCard(t, { deckId: created._id, sourceId: null, position: 1, front: 'Free card', back: 'Back', options: [], correctAnswerIndex: null });
  const [chat] = await t.db.insert(chats).values({ deckId: created._id, ownerUserId: owner.kind === 'user' ? owner.userId : null, ownerAnonId: owner.kind === 'anonymous' ? owner.anonId : null, title: 'Study Session: cells' }).returning();
  await t.db.insert(chatMessages).values({ chatId: chat!.id, position: 0, role: 'user', content: 'What makes ATP?' });
  if (owner.kind === 'user') {
    const published = await api.call(owner, 'PUT', `/decks/${created._id}/publish`, { isPublished: true });
    expect(published.statusCode, published.body).toBe(200);
  }
  return { owner, deckId: created._id, docId: doc!.id, docRef: doc!.storageRef!, webId: web.id, mcId: mc.id };
}

/** Everything a deck holds, ordered, for comparisons. */
async function contents(deckId: string) {
  return {
    deck: (await t.db.select().from(decks).where(eq(decks.id, deckId)))[0]!,
    sources: await t.db.select().from(sources).where(eq(sources.deckId, deckId)).orderBy(asc(sources.createdAt), asc(sources.title)),
    chunks: await t.db.select().from(sourceChunks).where(eq(sourceChunks.deckId, deckId)).orderBy(asc(sourceChunks.content)),
    questions: await t.db.select().from(questions).where(eq(questions.deckId, deckId)).orderBy(asc(questions.position)),
    cards: await t.db.select().from(cards).where(eq(cards.deckId, deckId)).orderBy(asc(cards.position)),
    chats: await t.db.select().from(chats).where(eq(chats.deckId, deckId)),
  };
}

async function queuedJobs(): Promise<number> {
  let n = 0;
  for (const queue of queues) {
    const counts = await queue.getJobCounts();
    n += Object.values(counts).reduce((a, b) => a + b, 0);
  }
  return n;
}

const cloneCall = (who: Parameters<typeof api.call>[0], deckId: string, body: object = {}) => api.call(who, 'POST', `/decks/${deckId}/clone`, body);

describe('POST /decks/:id/clone', () => {
  it('copies the deck, its processed sources with their files, chunks with vectors, questions and cards, and nothing more', async () => {
    const original = await publishedDeck();
    const before = await contents(original.deckId);
    const jobsBefore = await queuedJobs();
    const cloner = userCaller();
    const space = await api.space(cloner, 'My biology');

    const res = await cloneCall(cloner, original.deckId, { studySpace: space._id });
    expect(res.statusCode, res.body).toBe(201);
    const answer = route('POST /decks/:id/clone').response.parse(res.json());
    expect(answer).toMatchObject({
      success: true,
      title: 'Cell Biology',
      description: 'Organelles and what they do',
      studySpace: space._id,
      owner: cloner.userId,
      isOwner: true,
      canEdit: true,
      canView: true,
      isPublished: false,
      publishedAt: null,
      focusInstructions: 'Focus on organelles',
      systemPrompt: 'Answer like a tutor.',
      length: 'medium',
      questionTypes: ['multiple_choice', 'free_response'],
      cardCount: 4,
    });
    expect(answer._id).not.toBe(original.deckId);

    const copy = await contents(answer._id);
    expect(copy.deck).toMatchObject({ clonedFromId: original.deckId, ownerUserId: cloner.userId, ownerAnonId: null, isPublished: false, publishedAnonymously: false, publishedAt: null });
    expect(copy.deck.sourceTitles).toBe(before.deck.sourceTitles);

    // Sources: the same processed fields, new ids, the document on its own copied file.
    expect(copy.sources).toHaveLength(2);
    const sourceMap = new Map<string, string>();
    for (const [i, s] of copy.sources.entries()) {
      const o = before.sources[i]!;
      sourceMap.set(o.id, s.id);
      expect(s.id).not.toBe(o.id);
      expect(s).toMatchObject({
        deckId: answer._id,
        type: o.type,
        url: o.url,
        title: o.title,
        summary: o.summary,
        keyPoints: o.keyPoints,
        content: o.content,
        processingStatus: 'completed',
        sizeInBytes: o.sizeInBytes,
        contentType: o.contentType,
        originalFilename: o.originalFilename,
      });
    }
    const docCopy = copy.sources.find((s) => s.type === 'document')!;
    expect(docCopy.storageRef).toBeTruthy();
    expect(docCopy.storageRef).not.toBe(original.docRef);
    expect(docCopy.filename).toBe(docCopy.storageRef!.split('/').pop());
    expect(readFileSync(join(t.filesDir, docCopy.storageRef!))).toEqual(PDF);
    expect(answer.sources.find((s) => s.type === 'document')!.downloadUrl).toContain(docCopy.storageRef!);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.storageRef, docCopy.storageRef!));
    expect(upload).toMatchObject({ ownerUserId: cloner.userId, sourceId: docCopy.id, sizeInBytes: PDF.length, contentType: 'application/pdf' });

    // Chunks: the same text, positions and vectors, on the copied sources.
    expect(copy.chunks).toHaveLength(3);
    for (const [i, c] of copy.chunks.entries()) {
      const o = before.chunks[i]!;
      expect(c.id).not.toBe(o.id);
      expect(c).toMatchObject({ deckId: answer._id, sourceId: sourceMap.get(o.sourceId), chunkIndex: o.chunkIndex, content: o.content, tokenCount: o.tokenCount, position: o.position, embedding: o.embedding, embeddingModel: 'test-embed' });
    }
    const chunkMap = new Map(before.chunks.map((o, i) => [o.id, copy.chunks[i]!.id]));

    // Questions and cards: the same, pointing at the copies, not tied to a generation.
    expect(copy.questions).toHaveLength(2);
    for (const [i, q] of copy.questions.entries()) {
      const o = before.questions[i]!;
      const { id: _a, deckId: _b, sourceId, chunkId, generationRequestId, createdAt: _c, updatedAt: _d, ...rest } = q;
      const { id: _e, deckId: _f, sourceId: oSource, chunkId: oChunk, generationRequestId: _g, createdAt: _h, updatedAt: _i, ...oRest } = o;
      expect(rest).toEqual(oRest);
      expect(sourceId).toBe(sourceMap.get(oSource!));
      expect(chunkId).toBe(chunkMap.get(oChunk!));
      expect(generationRequestId).toBeNull();
    }
    expect(copy.cards.map((c) => [c.front, c.back, c.options, c.correctAnswerIndex, c.position])).toEqual(
      before.cards.map((c) => [c.front, c.back, c.options, c.correctAnswerIndex, c.position]),
    );
    expect(copy.cards.map((c) => c.sourceId)).toEqual(before.cards.map((c) => (c.sourceId ? sourceMap.get(c.sourceId) : null)));

    // Not copied: chats. Not touched: the original. Not queued: any processing or generation.
    expect(copy.chats).toEqual([]);
    expect(await contents(original.deckId)).toEqual(before);
    expect(await queuedJobs()).toBe(jobsBefore);
    expect(t.storedFiles().filter((f) => f.endsWith('.pdf'))).toEqual(expect.arrayContaining([original.docRef, docCopy.storageRef]));
  });

  it('gives a copy that studies and searches at once, and lives apart from the original', async () => {
    const original = await publishedDeck();
    const cloner = userCaller();
    await registerCaller(t, cloner);
    const res = await cloneCall(cloner, original.deckId);
    expect(res.statusCode, res.body).toBe(201);
    const cloneId = res.json()._id as string;
    expect(res.json().studySpace).toBeNull();
    const copy = await contents(cloneId);
    const mcCopy = copy.questions.find((q) => q.questionType === 'multiple_choice')!;

    // It answers questions ...
    const graded = await api.call(cloner, 'POST', `/questions/${mcCopy.id}/evaluate`, { response: 0 });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().evaluation.multipleChoice).toMatchObject({ isCorrect: true });
    // ... and its chunks are found by full text and by vector, without processing.
    const { rows: textHits } = await t.db.execute<{ content: string }>(
      sql`select content from source_chunks where deck_id = ${cloneId} and tsv @@ plainto_tsquery('english', 'ribosome proteins')`,
    );
    expect(textHits.map((r) => r.content)).toEqual(['Ribosomes make proteins from RNA.']);
    const { rows: nearest } = await t.db.execute<{ content: string }>(
      sql`select content from source_chunks where deck_id = ${cloneId} order by embedding <=> ${JSON.stringify(axis(2))}::vector limit 1`,
    );
    expect(nearest[0]!.content).toContain('nucleus');
    expect(copy.sources.every((s) => s.processingStatus === 'completed')).toBe(true);

    // Editing the copy leaves the original alone.
    const edited = await api.call(cloner, 'PUT', `/questions/${mcCopy.id}`, { question: 'Which molecule do mitochondria make?' });
    expect(edited.statusCode, edited.body).toBe(200);
    const [originalQuestion] = await t.db.select().from(questions).where(eq(questions.id, original.mcId));
    expect(originalQuestion!.question).toBe('What does the mitochondrion make?');

    // Deleting the original leaves the copy whole, its file included.
    const removed = await api.call(original.owner, 'DELETE', `/decks/${original.deckId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(t.storedFiles()).not.toContain(original.docRef);
    const after = await contents(cloneId);
    expect({ ...after, deck: { ...after.deck, updatedAt: null } }).toEqual({
      ...copy,
      deck: { ...copy.deck, updatedAt: null },
      // The question answered above is studied now (it has a review card).
      questions: copy.questions.map((q) => (q.id === mcCopy.id ? { ...q, question: 'Which molecule do mitochondria make?', studied: true, updatedAt: after.questions.find((a) => a.id === q.id)!.updatedAt } : q)),
    });
    const docCopy = after.sources.find((s) => s.type === 'document')!;
    expect(readFileSync(join(t.filesDir, docCopy.storageRef!))).toEqual(PDF);
    const seen = await api.call(cloner, 'GET', `/decks/${cloneId}`);
    expect(seen.statusCode).toBe(200);
  });

  it('copies a document whose stored file is gone without the file, keeping its text and chunks', async () => {
    const original = await publishedDeck();
    await t.app.storage.delete(original.docRef);
    const cloner = userCaller();
    await registerCaller(t, cloner);
    const res = await cloneCall(cloner, original.deckId);
    expect(res.statusCode, res.body).toBe(201);
    const copy = await contents(res.json()._id as string);
    const doc = copy.sources.find((s) => s.type === 'document')!;
    expect(doc).toMatchObject({ storageRef: null, downloadUrl: null, filename: null, content: 'Mitochondria make ATP. Ribosomes make proteins.' });
    expect(copy.chunks.filter((c) => c.sourceId === doc.id)).toHaveLength(2);
    expect(await t.db.select().from(uploads).where(eq(uploads.sourceId, doc.id))).toEqual([]);
  });

  it('lets the owner copy their own private deck', async () => {
    const owner = userCaller();
    await registerCaller(t, owner);
    const deck = await api.deck(owner, { title: 'Mine' });
    await insertSource(t, deck._id);
    const res = await cloneCall(owner, deck._id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Mine', isOwner: true, isPublished: false });
  });
});

describe('POST /decks/:id/clone refused', () => {
  it('to an anonymous session and to a caller without a session (401), copying nothing', async () => {
    const original = await publishedDeck();
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(decks).where(eq(decks.clonedFromId, original.deckId)))[0]!.n;
    expectError(await cloneCall(anonCaller(), original.deckId), 401, 'UNAUTHENTICATED');
    expectError(await cloneCall(nobody, original.deckId), 401, 'UNAUTHENTICATED');
    expect(await count()).toBe(0);
  });

  it('for a deck the caller may not see (private, or missing): 404 like everywhere else', async () => {
    const owner = userCaller();
    const deck = await api.deck(owner);
    const other = userCaller();
    await registerCaller(t, other);
    expectError(await cloneCall(other, deck._id), 404, 'NOT_FOUND');
    expectError(await cloneCall(other, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  });

  it('into someone else’s space: 404 Study space not found, and no file left behind', async () => {
    const original = await publishedDeck();
    const files = t.storedFiles().length;
    const stranger = userCaller();
    const theirs = await api.space(stranger, 'Theirs');
    const cloner = userCaller();
    await registerCaller(t, cloner);
    const err = expectError(await cloneCall(cloner, original.deckId, { studySpace: theirs._id }), 404, 'NOT_FOUND');
    expect(err.error).toBe('Study space not found');
    expect(await t.db.select().from(decks).where(eq(decks.clonedFromId, original.deckId))).toEqual([]);
    expect(t.storedFiles()).toHaveLength(files);
  });

  it('past the decks-per-space limit (402), and for more cards than the plan allows per deck (402, not cut)', async () => {
    const original = await publishedDeck();
    const cloner = userCaller('free');
    const space = await api.space(cloner, 'Full');
    await t.db.insert(decks).values(Array.from({ length: 10 }, (_, i) => ({ ownerUserId: cloner.userId, studySpaceId: space._id, title: `Deck ${i}` })));
    const full = expectError(await cloneCall(cloner, original.deckId, { studySpace: space._id }), 402, 'LIMIT_REACHED');
    expect(full.limitReached).toBe(true);

    // 51 cards in all: over the free plan's 50.
    await t.db.insert(cards).values(Array.from({ length: 47 }, (_, i) => ({ deckId: original.deckId, front: `F${i}`, back: 'B', position: 10 + i })));
    const big = expectError(await cloneCall(cloner, original.deckId), 402, 'LIMIT_REACHED');
    expect(big.error).toBe('This deck has 51 cards; the free plan allows 50 cards per deck. Upgrade to Scholar to clone it.');
    expect(big.limitReached).toBe(true);
    expect(await t.db.select().from(decks).where(inArray(decks.clonedFromId, [original.deckId]))).toEqual([]);

    const scholar = userCaller('scholar');
    await registerCaller(t, scholar);
    const res = await cloneCall(scholar, original.deckId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cardCount).toBe(51);
  });

  it('when the copy fails after the files were copied: nothing is kept, the copied files are deleted', async () => {
    const original = await publishedDeck();
    // The same database and files, with a storage that copies, then cannot link the copy.
    const local = createStorage({ driver: 'local', root: t.filesDir, publicBaseUrl: '/api/files' });
    const copiedRefs = new Set<string>();
    const storage: Storage = {
      ...local,
      copy: async (ref) => {
        const stored = await local.copy(ref);
        copiedRefs.add(stored.storageRef);
        return stored;
      },
      downloadUrl: async (ref) => {
        if (copiedRefs.has(ref)) throw new Error('link service down');
        return local.downloadUrl(ref);
      },
    };
    const env = envSchema.parse({ DATABASE_URL: 'postgres://unused.invalid/unused', INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', REDIS_URL, REDIS_PREFIX: t.prefix, FILES_DIR: t.filesDir });
    const failing = await buildApp(env, { db: t.db, redis: t.redis, storage });
    try {
      const files = t.storedFiles().sort();
      const cloner = userCaller();
      await registerCaller(t, cloner);
      const res = await failing.inject({ method: 'POST', url: `/decks/${original.deckId}/clone`, headers: asCaller(cloner), payload: {} });
      expectError(res, 500, 'INTERNAL');
      expect(copiedRefs.size).toBe(1);
      expect(t.storedFiles().sort()).toEqual(files);
      expect(await t.db.select().from(decks).where(eq(decks.clonedFromId, original.deckId))).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it('while a source of the deck is still being processed (409)', async () => {
    const original = await publishedDeck();
    await insertSource(t, original.deckId, 'processing', 'Still reading');
    const cloner = userCaller();
    await registerCaller(t, cloner);
    const err = expectError(await cloneCall(cloner, original.deckId), 409, 'CONFLICT');
    expect(err.error).toMatch(/still being processed/);
  });
});
