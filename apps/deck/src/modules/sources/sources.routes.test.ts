import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '@mnemo/testing/fixtures';
import { route } from '@mnemo/contracts/routes';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { jobIds, JOB_OPTIONS, QUEUES, ingestSourceJobSchema } from '@mnemo/contracts/jobs';
import { progressAccessPath, progressEventSchema, progressLatestKey, progressOwnerKey, PROGRESS_TTL_SECONDS } from '@mnemo/contracts/progress';
import { cards, decks, questions, sources } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import {
  anonCaller,
  insertDeck,
  REDIS_URL,
  registerCaller,
  serviceCaller,
  startDeckApp,
  userCaller,
  type DeckTestApp,
} from '../../test-support';

let t: DeckTestApp;
let queue: Queue;
beforeAll(async () => {
  t = await startDeckApp();
  queue = new Queue(QUEUES.ingest, { connection: createRedis(REDIS_URL), prefix: t.prefix });
});
afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  await t?.close();
});

const MB = 1024 * 1024;
type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;

const addSource = (caller: Caller, deckId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/decks/${deckId}/sources`, headers: asCaller(caller), payload });

async function uploadFixture(caller: Caller, bytes = readFileSync(fixturePath('pdf', 'minimal-document.pdf')), name = 'minimal-document.pdf') {
  await registerCaller(t, caller);
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await t.app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(caller), payload: form });
  expect(res.statusCode).toBe(200);
  return res.json().file as { storageRef: string; downloadUrl: string; contentType: string; size: number; originalFilename: string };
}

/** Document rows of the given size, as if uploaded and added earlier. */
async function fillDeck(deckId: string, bytes: number) {
  await t.db.insert(sources).values({ deckId, type: 'document', title: 'Big', sizeInBytes: bytes, processingStatus: 'completed' });
}

const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
};

describe('POST /decks/:id/sources', () => {
  it('adds a website link, pending, in either payload form, answering the contract', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const wrapped = await addSource(caller, deck.id, { source: { type: 'website', url: 'https://example.org/cells', title: 'Cells', processingStatus: 'pending' } });
    expect(wrapped.statusCode).toBe(201);
    const source = route('POST /decks/:id/sources').response.parse(wrapped.json());
    expect(source).toMatchObject({ type: 'website', url: 'https://example.org/cells', title: 'Cells', processingStatus: 'pending', sizeInBytes: 0, deckId: deck.id, keyPoints: [], summary: null });

    const bare = await addSource(caller, deck.id, { type: 'website', url: '  https://example.org/a/very/long/path/that/goes/on/and/on/and/on  ' });
    expect(bare.statusCode).toBe(201);
    // No title given: the address stands in until the worker finds the page's own.
    expect(bare.json().title).toBe('https://example.org/a/very/long/path/that/goes/on/');
  });

  it('types a link from its address: youtube only for one YouTube video, website otherwise', async () => {
    const caller = userCaller();
    const deck = await insertDeck(t, caller);
    const video = await addSource(caller, deck.id, { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(video.json()).toMatchObject({ type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' });
    const sentAsWebsite = await addSource(caller, deck.id, { type: 'website', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(sentAsWebsite.json().type).toBe('youtube');
    const channel = await addSource(caller, deck.id, { type: 'youtube', url: 'https://www.youtube.com/@somechannel' });
    expect(channel.json().type).toBe('website');
  });

  it('refuses links to private or local addresses, and anything but http(s)', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    for (const url of ['http://127.0.0.1:6379/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://localhost:3000/', 'http://intranet/wiki', 'http://10.0.0.8/']) {
      expectError(await addSource(caller, deck.id, { type: 'website', url }), 400, 'SSRF_BLOCKED');
    }
    const ftp = expectError(await addSource(caller, deck.id, { type: 'website', url: 'ftp://example.org/x' }), 400, 'VALIDATION_FAILED');
    expect(ftp.error).toContain('Please enter a valid URL');
  });

  it("adds the caller's uploaded document with the size and type measured by the server", async () => {
    const caller = userCaller();
    const deck = await insertDeck(t, caller);
    const file = await uploadFixture(caller);
    const res = await addSource(caller, deck.id, { source: { type: 'document', ...file, contentType: 'text/plain', sizeInBytes: 1, processingStatus: 'pending' } });
    expect(res.statusCode).toBe(201);
    const source = route('POST /decks/:id/sources').response.parse(res.json());
    expect(source).toMatchObject({
      type: 'document',
      storageRef: file.storageRef,
      downloadUrl: file.downloadUrl,
      originalFilename: 'minimal-document.pdf',
      title: 'minimal-document.pdf',
      contentType: 'application/pdf',
      sizeInBytes: readFileSync(fixturePath('pdf', 'minimal-document.pdf')).length,
      processingStatus: 'pending',
      url: null,
    });
    // One upload makes one source.
    expectError(await addSource(caller, deck.id, { type: 'document', storageRef: file.storageRef }), 409, 'CONFLICT');
  });

  it("refuses a document the caller did not upload, or one that is gone, as not found", async () => {
    const owner = anonCaller();
    const other = anonCaller();
    const file = await uploadFixture(owner);
    const deck = await insertDeck(t, other);
    const body = expectError(await addSource(other, deck.id, { type: 'document', storageRef: file.storageRef }), 404, 'NOT_FOUND');
    expect(body.error).toBe('Uploaded file not found. Please upload it again.');
    expectError(await addSource(other, deck.id, { type: 'document', storageRef: 'documents/2026/01/00000000-0000-0000-0000-000000000000.pdf' }), 404, 'NOT_FOUND');
  });

  it("answers 404 for another user's deck and for an anonymous session's deck", async () => {
    const user = userCaller();
    const anon = anonCaller();
    const userDeck = await insertDeck(t, user);
    const anonDeck = await insertDeck(t, anon);
    const link = { type: 'website', url: 'https://example.org' };
    expect(expectError(await addSource(userCaller(), userDeck.id, link), 404, 'NOT_FOUND').error).toBe('Deck not found');
    expectError(await addSource(anonCaller(), userDeck.id, link), 404, 'NOT_FOUND');
    expectError(await addSource(anonCaller(), anonDeck.id, link), 404, 'NOT_FOUND');
    expectError(await addSource(user, anonDeck.id, link), 404, 'NOT_FOUND');
    expectError(await addSource(user, randomUUID(), link), 404, 'NOT_FOUND');
    expect((await addSource(anon, anonDeck.id, link)).statusCode).toBe(201);
  });

  it('refuses 61 MB in a 60 MB deck with limitReached, and takes exactly 60', async () => {
    const caller = userCaller();
    const deck = await insertDeck(t, caller);
    await fillDeck(deck.id, 59 * MB);
    const twoMB = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * MB - 9, 0x20)]);
    const file = await uploadFixture(caller, twoMB, 'chapter.pdf');
    const refused = expectError(await addSource(caller, deck.id, { type: 'document', storageRef: file.storageRef }), 402, 'LIMIT_REACHED');
    expect(refused.limitReached).toBe(true);
    expect(refused.error).toBe('This source would bring the deck to 61.0 MB; a deck holds at most 60 MB (1.0 MB left)');

    // Two links count 0.5 MB each: the deck is then exactly full, and a third is refused.
    expect((await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/1' })).statusCode).toBe(201);
    expect((await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/2' })).statusCode).toBe(201);
    expectError(await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/3' }), 402, 'LIMIT_REACHED');
    const size = await t.app.inject({ url: `/decks/${deck.id}/size`, headers: asCaller(caller) });
    expect(route('GET /decks/:id/size').response.parse(size.json())).toEqual({
      success: true,
      currentSizeMB: 60,
      maxSizeMB: 60,
      usagePercentage: 100,
      remainingMB: 0,
    });
    // The refused upload is still the caller's to use in another deck.
    const roomy = await insertDeck(t, caller);
    expect((await addSource(caller, roomy.id, { type: 'document', storageRef: file.storageRef })).statusCode).toBe(201);
  });

  it('refuses a new source while another of the deck is being processed', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const first = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/1' })).json();
    // Pending sources do not block: one Add Source action posts its sources one by one.
    expect((await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/2' })).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/ai/process-source', headers: asCaller(caller), payload: { deckId: deck.id, sourceId: first._id } });
    const res = expectError(await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/3' }), 409, 'SOURCES_PENDING');
    expect(res.error).toBe('Please wait for existing sources to finish processing before adding new ones');
  });
});

describe('GET /decks/:id/size', () => {
  it('counts files by their size and links as 0.5 MB, for the owner only', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    await fillDeck(deck.id, 15 * MB);
    await addSource(caller, deck.id, { type: 'website', url: 'https://example.org' });
    const res = await t.app.inject({ url: `/decks/${deck.id}/size`, headers: asCaller(caller) });
    expect(route('GET /decks/:id/size').response.parse(res.json())).toEqual({
      success: true,
      currentSizeMB: 15.5,
      maxSizeMB: 60,
      usagePercentage: 25.8,
      remainingMB: 44.5,
    });
    expectError(await t.app.inject({ url: `/decks/${deck.id}/size`, headers: asCaller(anonCaller()) }), 404, 'NOT_FOUND');
  });

  it('refuses a viewer of a published deck with 403, which hides the size bar (spec 02 §6)', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    await t.db.update(decks).set({ isPublished: true }).where(eq(decks.id, deck.id));
    expectError(await t.app.inject({ url: `/decks/${deck.id}/size`, headers: asCaller(anonCaller()) }), 403, 'FORBIDDEN');
    const own = await t.app.inject({ url: `/decks/${deck.id}/size`, headers: asCaller(caller) });
    expect(own.statusCode).toBe(200);
  });
});

describe('POST /ai/process-source', () => {
  const processSource = (caller: Caller, deckId: string, sourceId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/ai/process-source', headers: { ...asCaller(caller), ...headers }, payload: { deckId, sourceId } });

  it('moves a pending source to processing and enqueues exactly one job, even when called twice', async () => {
    const caller = userCaller();
    const deck = await insertDeck(t, caller);
    const source = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/cells' })).json();

    // The gateway's trace: the job carries this request's span on to the worker.
    const gatewaySpan = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const first = await processSource(caller, deck.id, source._id, { traceparent: gatewaySpan });
    expect(first.statusCode).toBe(200);
    expect(first.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(route('POST /ai/process-source').response.parse(first.json()).source).toMatchObject({ _id: source._id, processingStatus: 'processing' });
    const second = await processSource(caller, deck.id, source._id);
    expect(second.json().source.processingStatus).toBe('processing');

    const jobs = (await queue.getJobs(['waiting', 'delayed', 'active', 'prioritized'])).filter((j) => j.data.sourceId === source._id);
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    expect(job.id).toBe(jobIds.ingest(source._id, 1));
    expect(job.name).toBe('ingest-source');
    expect(ingestSourceJobSchema.parse(job.data)).toEqual({
      sourceId: source._id,
      deckId: deck.id,
      owner: { userId: caller.userId },
      attempt: 1,
      traceparent: first.headers.traceparent,
    });
    expect(job.opts.attempts).toBe(JOB_OPTIONS['ingest-source'].attempts);

    // The gateway lets the owner watch; a first state is there for a client that connects early.
    expect(await t.redis.get(progressOwnerKey(t.prefix, source._id))).toBe(`user:${caller.userId}`);
    const ttl = await t.redis.ttl(progressOwnerKey(t.prefix, source._id));
    expect(ttl).toBeGreaterThan(PROGRESS_TTL_SECONDS - 60);
    const latest = progressEventSchema.parse(JSON.parse((await t.redis.get(progressLatestKey(t.prefix, source._id)))!));
    expect(latest).toMatchObject({ sourceId: source._id, step: 'starting', progress: 0 });
  });

  it('retries a failed source with a new attempt and job, and answers a completed one as it is', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const source = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org/cells' })).json();
    await processSource(caller, deck.id, source._id);
    // What the worker does when the last try fails.
    await t.db.update(sources).set({ processingStatus: 'failed', processingError: 'The page could not be read' }).where(eq(sources.id, source._id));
    const failedStatus = await t.app.inject({ url: `/ai/source-status/${deck.id}/${source._id}`, headers: asCaller(caller) });
    expect(failedStatus.json().source).toMatchObject({ processingStatus: 'failed', processingError: 'The page could not be read' });

    const retry = await processSource(caller, deck.id, source._id);
    expect(retry.json().source).toMatchObject({ processingStatus: 'processing', processingError: null });
    expect(await queue.getJob(jobIds.ingest(source._id, 2))).toBeDefined();
    expect((await queue.getJob(jobIds.ingest(source._id, 2)))!.data).toMatchObject({ attempt: 2, owner: { anonId: caller.anonId } });

    await t.db.update(sources).set({ processingStatus: 'completed', summary: 'Cells are small.' }).where(eq(sources.id, source._id));
    const done = await processSource(caller, deck.id, source._id);
    expect(done.json().source).toMatchObject({ processingStatus: 'completed', summary: 'Cells are small.' });
    const jobs = (await queue.getJobs(['waiting', 'delayed', 'active', 'prioritized'])).filter((j) => j.data.sourceId === source._id);
    expect(jobs.map((j) => j.id).sort()).toEqual([jobIds.ingest(source._id, 1), jobIds.ingest(source._id, 2)]);
  });

  it("answers 404 for another caller's source, and for a source of another deck", async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const otherDeck = await insertDeck(t, caller);
    const source = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org' })).json();
    expectError(await processSource(anonCaller(), deck.id, source._id), 404, 'NOT_FOUND');
    expectError(await processSource(caller, otherDeck.id, source._id), 404, 'NOT_FOUND');
    expect((await t.app.inject({ url: `/ai/source-status/${deck.id}/${source._id}`, headers: asCaller(userCaller()) })).statusCode).toBe(404);
    expect(await t.redis.get(progressOwnerKey(t.prefix, source._id))).toBeNull();
  });
});

describe('GET /ai/source-status/:deckId/:sourceId', () => {
  it('answers the source with its extracted text', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const source = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org' })).json();
    await t.db.update(sources).set({ content: 'Mitochondria make ATP.', keyPoints: ['ATP'] }).where(eq(sources.id, source._id));
    const res = await t.app.inject({ url: `/ai/source-status/${deck.id}/${source._id}`, headers: asCaller(caller) });
    expect(route('GET /ai/source-status/:deckId/:sourceId').response.parse(res.json())).toMatchObject({
      success: true,
      source: { _id: source._id, content: 'Mitochondria make ATP.', keyPoints: ['ATP'], processingStatus: 'pending' },
    });
  });
});

describe('DELETE /decks/:id/sources/:sourceId', () => {
  async function sourceWithCards(caller: Caller) {
    const deck = await insertDeck(t, caller);
    const file = await uploadFixture(caller);
    const source = (await addSource(caller, deck.id, { type: 'document', storageRef: file.storageRef })).json();
    await t.db.insert(questions).values([
      { deckId: deck.id, sourceId: source._id, question: 'What makes ATP?', questionType: 'free_response' },
      { deckId: deck.id, sourceId: source._id, question: 'Which organelle?', questionType: 'free_response' },
    ]);
    await t.db.insert(cards).values({ deckId: deck.id, sourceId: source._id, front: 'ATP', back: 'Energy' });
    return { deck, source, file };
  }

  it('removes the source with its cards and its stored file', async () => {
    const caller = userCaller();
    const { deck, source, file } = await sourceWithCards(caller);
    expect(existsSync(`${t.filesDir}/${file.storageRef}`)).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/decks/${deck.id}/sources/${source._id}`, headers: asCaller(caller), payload: { deleteCards: true } });
    expect(res.statusCode).toBe(200);
    expect(route('DELETE /decks/:id/sources/:sourceId').response.parse(res.json())).toEqual({ success: true, cardsDeleted: 3 });
    expect(await t.db.select().from(questions).where(eq(questions.deckId, deck.id))).toEqual([]);
    expect(await t.db.select().from(cards).where(eq(cards.deckId, deck.id))).toEqual([]);
    expect(existsSync(`${t.filesDir}/${file.storageRef}`)).toBe(false);
    expectError(await t.app.inject({ url: `/ai/source-status/${deck.id}/${source._id}`, headers: asCaller(caller) }), 404, 'NOT_FOUND');
  });

  it('keeps the cards, no longer tied to a source, when deleteCards is false or absent', async () => {
    const caller = anonCaller();
    const { deck, source } = await sourceWithCards(caller);
    const res = await t.app.inject({ method: 'DELETE', url: `/decks/${deck.id}/sources/${source._id}`, headers: asCaller(caller) });
    expect(res.json()).toEqual({ success: true, cardsDeleted: 0 });
    const left = await t.db.select().from(questions).where(eq(questions.deckId, deck.id));
    expect(left).toHaveLength(2);
    expect(left.every((q) => q.sourceId === null)).toBe(true);
  });

  it("drops a removed source's waiting job, and answers 404 to anyone but the owner", async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const source = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org' })).json();
    await t.app.inject({ method: 'POST', url: '/ai/process-source', headers: asCaller(caller), payload: { deckId: deck.id, sourceId: source._id } });
    expect(await queue.getJob(jobIds.ingest(source._id, 1))).toBeDefined();
    expectError(await t.app.inject({ method: 'DELETE', url: `/decks/${deck.id}/sources/${source._id}`, headers: asCaller(anonCaller()), payload: { deleteCards: true } }), 404, 'NOT_FOUND');
    await t.app.inject({ method: 'DELETE', url: `/decks/${deck.id}/sources/${source._id}`, headers: asCaller(caller), payload: {} });
    expect(await queue.getJob(jobIds.ingest(source._id, 1))).toBeUndefined();
  });
});

describe('a guest who signs up while a source processes', () => {
  it('can follow it from the account: the progress owner key and the status answer the new owner, not the guest', async () => {
    const guest = anonCaller();
    const deck = await insertDeck(t, guest);
    const source = (await addSource(guest, deck.id, { type: 'website', url: 'https://example.org/mitosis' })).json();
    const other = (await addSource(guest, deck.id, { type: 'website', url: 'https://example.org/meiosis' })).json();
    const started = await t.app.inject({ method: 'POST', url: '/ai/process-source', headers: asCaller(guest), payload: { deckId: deck.id, sourceId: source._id } });
    expect(started.statusCode).toBe(200);
    const key = progressOwnerKey(t.prefix, source._id);
    expect(await t.redis.get(key)).toBe(`anon:${guest.anonId}`);
    // Another attempt's owner, written after the guest's: a hand-over never overwrites it.
    await t.redis.set(progressOwnerKey(t.prefix, other._id), `user:${randomUUID()}`, 'EX', 60);

    const user = userCaller();
    await registerCaller(t, user);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/internal/claim-anonymous',
      headers: asCaller(serviceCaller()),
      payload: { anonId: guest.anonId, userId: user.userId },
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toEqual({ success: true, moved: { spaces: expect.any(Number), decks: 1 } });

    // What the gateway's SSE relay reads: the account now, for the rest of the key's life.
    expect(await t.redis.get(key)).toBe(`user:${user.userId}`);
    expect(await t.redis.ttl(key)).toBeGreaterThan(PROGRESS_TTL_SECONDS - 60);
    expect(await t.redis.get(progressOwnerKey(t.prefix, other._id))).not.toBe(`user:${user.userId}`);
    // And the deck service's own answers, once that key has expired.
    const mayWatch = (owner: string) =>
      t.app.inject({ method: 'POST', url: progressAccessPath(source._id), headers: asCaller(serviceCaller()), payload: { owner } });
    expect((await mayWatch(`user:${user.userId}`)).json()).toEqual({ allowed: true });
    expect((await mayWatch(`anon:${guest.anonId}`)).json()).toEqual({ allowed: false });

    const status = await t.app.inject({ url: `/ai/source-status/${deck.id}/${source._id}`, headers: asCaller(user) });
    expect(status.statusCode).toBe(200);
    expect(status.json().source).toMatchObject({ _id: source._id, processingStatus: 'processing' });
    expectError(await t.app.inject({ url: `/ai/source-status/${deck.id}/${source._id}`, headers: asCaller(guest) }), 404, 'NOT_FOUND');
  });
});

describe('internal: may an owner watch a source?', () => {
  const ask = (sourceId: string, owner: string, caller = serviceCaller()) =>
    t.app.inject({ method: 'POST', url: progressAccessPath(sourceId), headers: asCaller(caller), payload: { owner } });

  it("says yes to the deck's owner and no to anyone else, for services only", async () => {
    const caller = userCaller();
    const deck = await insertDeck(t, caller);
    const source = (await addSource(caller, deck.id, { type: 'website', url: 'https://example.org' })).json();
    expect((await ask(source._id, `user:${caller.userId}`)).json()).toEqual({ allowed: true });
    expect((await ask(source._id, `user:${randomUUID()}`)).json()).toEqual({ allowed: false });
    expect((await ask(source._id, `anon:${caller.userId}`)).json()).toEqual({ allowed: false });
    expect((await ask(randomUUID(), `user:${caller.userId}`)).json()).toEqual({ allowed: false });
    expect((await ask(source._id, 'root')).statusCode).toBe(400);
    expect((await ask(source._id, `user:${caller.userId}`, caller)).statusCode).toBe(404);
  });
});

describe('readiness', () => {
  it('checks the file storage along with the database and Redis', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' }, storage: { status: 'ok' } } });
  });
});
