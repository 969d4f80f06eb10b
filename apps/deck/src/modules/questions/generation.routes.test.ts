import { Queue, Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { generateQuestionsJobSchema, jobIds, QUEUES } from '@mnemo/contracts/jobs';
import { asCaller } from '@mnemo/service-kit/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { anonCaller, insertDeck, REDIS_URL, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { insertCard, insertQuestion, insertSource } from './questions.test-support';

let t: DeckTestApp;
let queue: Queue;
beforeAll(async () => {
  t = await startDeckApp();
  queue = new Queue(QUEUES.generate, { connection: createRedis(REDIS_URL), prefix: t.prefix });
});
beforeEach(async () => {
  await queue.obliterate({ force: true });
});
afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  await t?.close();
});

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
const post = (caller: Caller, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: asCaller(caller), payload });
const generate = (caller: Caller, deckId: string, payload: object) => post(caller, `/questions/deck/${deckId}/generate`, payload);
const queued = async () => {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.map((j) => ({ id: j.id, name: j.name, data: generateQuestionsJobSchema.parse(j.data), attempts: j.opts.attempts }));
};
/** A deck of the caller's with one processed source and `n` questions already. */
async function deckWith(caller: Caller, n = 0) {
  const deck = await insertDeck(t, caller);
  const source = await insertSource(t, deck.id);
  for (let i = 0; i < n; i++) await insertQuestion(t, { deckId: deck.id, question: `Question ${i}?`, position: i });
  return { deck, source };
}

describe('POST /questions/deck/:deckId/generate', () => {
  it('enqueues one generation job and answers queued, as the contract says', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const before = Date.now();
    const res = await generate(caller, deck.id, {
      questionTypes: ['multiple_choice', 'case_free_response'],
      totalQuestions: 25,
      focusInstructions: '  the Krebs cycle ',
    });
    expect(res.statusCode).toBe(200);
    const body = route('POST /questions/deck/:deckId/generate').response.parse(res.json());
    expect(body).toMatchObject({ success: true, status: 'queued', questions: [] });

    const jobs = await queued();
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job!.name).toBe('generate-questions');
    expect(job!.id).toBe(body.jobId);
    expect(job!.id).toBe(jobIds.generate(deck.id, job!.data.requestId));
    expect(job!.attempts).toBe(3);
    expect(job!.data).toMatchObject({
      deckId: deck.id,
      owner: { userId: caller.userId },
      questionTypes: ['multiple_choice', 'case_free_response'],
      totalQuestions: 25,
      focusInstructions: 'the Krebs cycle',
      target: 'questions',
      cardLimit: 50,
    });
    expect(job!.data.sourceIds).toBeUndefined();
    expect(job!.data.requestedAt).toBeGreaterThanOrEqual(before);

    // A second request is a second job (regeneration asks again for the same deck).
    await generate(caller, deck.id, { questionTypes: ['free_response'], totalQuestions: 2 });
    expect(new Set((await queued()).map((j) => j.data.requestId)).size).toBe(2);
  });

  it('carries the request’s trace on to the job (the worker’s span joins the caller’s trace)', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const gatewaySpan = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await t.app.inject({
      method: 'POST',
      url: `/questions/deck/${deck.id}/generate`,
      headers: { ...asCaller(caller), traceparent: gatewaySpan },
      payload: { questionTypes: ['free_response'], totalQuestions: 2 },
    });
    expect(res.statusCode).toBe(200);
    // The deck service's span, a child in the gateway's trace, is the job's parent.
    expect(res.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    const [job] = (await queued()).filter((j) => j.data.deckId === deck.id);
    expect(job!.data.traceparent).toBe(res.headers.traceparent);
  });

  it('takes the count the client sends, 5 when none, clamped to 1-100; the types must be known', async () => {
    const caller = userCaller('scholar');
    const { deck } = await deckWith(caller);
    await generate(caller, deck.id, { questionTypes: ['free_response'] });
    await generate(caller, deck.id, { questionTypes: ['free_response'], totalQuestions: 500 });
    await generate(caller, deck.id, { questionTypes: ['free_response'], totalQuestions: '40' });
    expect((await queued()).map((j) => j.data.totalQuestions).sort((a, b) => a - b)).toEqual([5, 40, 100]);
    const bad = await generate(caller, deck.id, { questionTypes: ['essay'], totalQuestions: 5 });
    expect(errorBodySchema.parse(bad.json()).code).toBe('VALIDATION_FAILED');
    expect(await queued()).toHaveLength(3);
  });

  it('cuts the count to the room left under the card limit: a guest deck holds 20, questions and cards together', async () => {
    const caller = anonCaller();
    const { deck } = await deckWith(caller, 12);
    await insertCard(t, { deckId: deck.id });
    const res = await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 20 });
    expect(res.statusCode).toBe(200);
    const [job] = await queued();
    expect(job!.data).toMatchObject({ totalQuestions: 7, cardLimit: 20, owner: { anonId: caller.anonId } });
  });

  it('refuses with 402 limitReached when the deck is full, and enqueues nothing', async () => {
    const guest = anonCaller();
    const full = await deckWith(guest, 20);
    const res = await generate(guest, full.deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 5 });
    expect(res.statusCode).toBe(402);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({ code: 'LIMIT_REACHED', limitReached: true });
    expect(body.message).toContain('Sign up');

    const user = userCaller();
    const fullFree = await deckWith(user, 50);
    const refused = errorBodySchema.parse((await generate(user, fullFree.deck.id, { questionTypes: ['free_response'], totalQuestions: 1 })).json());
    expect(refused).toMatchObject({ code: 'LIMIT_REACHED', limitReached: true });
    expect(refused.message).toContain('Upgrade to Scholar');
    expect(await queued()).toHaveLength(0);
  });

  it('has no card limit on Scholar', async () => {
    const caller = userCaller('scholar');
    const { deck } = await deckWith(caller, 60);
    await generate(caller, deck.id, { questionTypes: ['free_response'], totalQuestions: 40 });
    const [job] = await queued();
    expect(job!.data).toMatchObject({ totalQuestions: 40, cardLimit: null });
  });

  it('refuses a deck with nothing processed or being processed (the client would wait for ever)', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    await insertSource(t, deck.id, 'pending');
    await insertSource(t, deck.id, 'failed');
    const res = await generate(caller, deck.id, { questionTypes: ['free_response'], totalQuestions: 5 });
    expect(res.statusCode).toBe(409);
    // A source still processing is fine: the job waits for it.
    await insertSource(t, deck.id, 'processing');
    expect((await generate(caller, deck.id, { questionTypes: ['free_response'], totalQuestions: 5 })).statusCode).toBe(200);
  });
});

describe('POST /cards/deck/:deckId/generate', () => {
  it('enqueues the same job writing cards, 10 of both basic types by default', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const res = await post(caller, `/cards/deck/${deck.id}/generate`, { focusInstructions: 'enzymes' });
    const body = route('POST /cards/deck/:deckId/generate').response.parse(res.json());
    expect(body).toMatchObject({ status: 'queued', cards: [] });
    const [job] = await queued();
    expect(job!.id).toBe(body.jobId);
    expect(job!.data).toMatchObject({
      target: 'cards',
      totalQuestions: 10,
      questionTypes: ['multiple_choice', 'free_response'],
      focusInstructions: 'enzymes',
    });
  });

  it('is held to the same card limit', async () => {
    const caller = anonCaller();
    const { deck } = await deckWith(caller, 20);
    const res = await post(caller, `/cards/deck/${deck.id}/generate`, { count: 3 });
    expect(res.statusCode).toBe(402);
    expect(res.json().limitReached).toBe(true);
  });
});

describe('POST /ai/generate-cards-from-source', () => {
  it('enqueues questions from that one source only', async () => {
    const caller = anonCaller();
    const { deck, source } = await deckWith(caller);
    const res = await post(caller, '/ai/generate-cards-from-source', { deckId: deck.id, sourceId: source.id, count: 4 });
    const body = route('POST /ai/generate-cards-from-source').response.parse(res.json());
    expect(body.status).toBe('queued');
    const [job] = await queued();
    expect(job!.data).toMatchObject({
      deckId: deck.id,
      sourceIds: [source.id],
      totalQuestions: 4,
      questionTypes: ['multiple_choice', 'free_response'],
      target: 'questions',
    });
  });

  it('refuses a source that was never processed (409) and a source of another deck (404)', async () => {
    const caller = anonCaller();
    const { deck } = await deckWith(caller);
    const pending = await insertSource(t, deck.id, 'pending');
    const other = await deckWith(caller);
    expect((await post(caller, '/ai/generate-cards-from-source', { deckId: deck.id, sourceId: pending.id })).statusCode).toBe(409);
    expect((await post(caller, '/ai/generate-cards-from-source', { deckId: deck.id, sourceId: other.source.id })).statusCode).toBe(404);
    expect(await queued()).toHaveLength(0);
  });
});

describe('GET /questions/deck/:deckId/generation/:jobId', () => {
  const status = (caller: Caller, deckId: string, jobId: string) =>
    t.app.inject({ url: `/questions/deck/${deckId}/generation/${jobId}`, headers: asCaller(caller) });
  const read = async (caller: Caller, deckId: string, jobId: string) => {
    const res = await status(caller, deckId, jobId);
    expect(res.statusCode).toBe(200);
    return route('GET /questions/deck/:deckId/generation/:jobId').response.parse(res.json());
  };
  /** Takes the next job as a worker would, then ends it with `end`. */
  async function runNext(end: (job: Job, token: string) => Promise<unknown>) {
    const worker = new Worker(QUEUES.generate, null, { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix: t.prefix, autorun: false });
    const token = 'test-token';
    const job = (await worker.getNextJob(token)) as Job;
    expect(job).toBeTruthy();
    await end(job, token);
    await worker.close();
    return job;
  }
  const failForGood = (message: string) => async (job: Job, token: string) => {
    job.discard();
    await job.moveToFailed(new Error(message), token, false);
  };

  it('follows a run from queued to running to completed with its count', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const { jobId } = (await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 4 })).json();
    expect(await read(caller, deck.id, jobId)).toEqual({ success: true, jobId, state: 'queued' });
    await runNext(async (job, token) => {
      expect(await read(caller, deck.id, jobId)).toMatchObject({ state: 'running' });
      await job.moveToCompleted({ status: 'done', requested: 4, created: 4 }, token, false);
    });
    expect(await read(caller, deck.id, jobId)).toEqual({ success: true, jobId, state: 'completed', created: 4 });
  });

  it("passes on a completed run's notes on how its questions were written (issue 21)", async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const { jobId } = (await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 4 })).json();
    const note = 'Questions are in English: the offline study AI cannot write questions in Japanese yet.';
    await runNext(async (job, token) => {
      await job.moveToCompleted({ status: 'done', requested: 4, created: 3, notes: [note] }, token, false);
    });
    expect(await read(caller, deck.id, jobId)).toEqual({ success: true, jobId, state: 'completed', created: 3, notes: [note] });
  });

  it('ends every other run as a failure with its reason, 0 questions included', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const outcomes: [(job: Job, token: string) => Promise<unknown>, string][] = [
      [failForGood('This source has no text to ask about'), 'This source has no text to ask about'],
      [failForGood('provider answered 503: overloaded'), 'The AI service is unavailable'],
      [async (job, token) => job.moveToCompleted({ status: 'skipped', reason: 'limit-reached', created: 0 }, token, false), 'This deck is full: no more questions fit in it'],
      [async (job, token) => job.moveToCompleted({ status: 'done', requested: 3, created: 0 }, token, false), 'The AI could not write any questions from this text'],
    ];
    for (const [end, reason] of outcomes) {
      const { jobId } = (await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 3 })).json();
      await runNext(end);
      expect(await read(caller, deck.id, jobId)).toEqual({ success: true, jobId, state: 'failed', reason });
    }
  });

  it("answers 404 for another's deck, another deck's job and a job that does not exist", async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    const { deck: other } = await deckWith(caller);
    const { jobId } = (await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 3 })).json();
    expect((await status(userCaller(), deck.id, jobId)).statusCode).toBe(404);
    expect((await status(caller, other.id, jobId)).statusCode).toBe(404);
    expect((await status(caller, deck.id, jobIds.generate(deck.id, 'nope'))).statusCode).toBe(404);
    expect(errorBodySchema.safeParse((await status(caller, deck.id, 'x')).json()).success).toBe(true);
  });
});

describe('GET /questions/deck/:deckId/generation (the latest run, for a reloaded screen)', () => {
  const latest = async (caller: Caller, deckId: string) => {
    const res = await t.app.inject({ url: `/questions/deck/${deckId}/generation`, headers: asCaller(caller) });
    expect(res.statusCode).toBe(200);
    return route('GET /questions/deck/:deckId/generation').response.parse(res.json());
  };

  it('answers no run for a deck never generated, then the latest run with what it asked for', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    expect(await latest(caller, deck.id)).toEqual({ success: true, generation: null });

    await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 3 });
    const second = (
      await generate(caller, deck.id, { questionTypes: ['free_response', 'case_multiple_choice'], totalQuestions: 5, focusInstructions: 'Only dates' })
    ).json() as { jobId: string };
    expect(await latest(caller, deck.id)).toEqual({
      success: true,
      generation: {
        jobId: second.jobId,
        state: 'queued',
        request: { questionTypes: ['free_response', 'case_multiple_choice'], totalQuestions: 5, focusInstructions: 'Only dates' },
      },
    });

    // Ended as a failure: the reason comes with it, for the screen's Retry.
    const worker = new Worker(QUEUES.generate, null, { connection: { url: REDIS_URL, maxRetriesPerRequest: null }, prefix: t.prefix, autorun: false });
    for (let i = 0; i < 2; i++) {
      const job = (await worker.getNextJob('token')) as Job;
      job.discard();
      await job.moveToFailed(new Error('This source has no text to ask about'), 'token', false);
    }
    await worker.close();
    expect((await latest(caller, deck.id)).generation).toMatchObject({
      jobId: second.jobId,
      state: 'failed',
      reason: 'This source has no text to ask about',
    });
  });

  it("answers 404 for another's deck, and no run once the queue has forgotten the job", async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller);
    await generate(caller, deck.id, { questionTypes: ['multiple_choice'], totalQuestions: 3 });
    const res = await t.app.inject({ url: `/questions/deck/${deck.id}/generation`, headers: asCaller(userCaller()) });
    expect(res.statusCode).toBe(404);
    await queue.obliterate({ force: true });
    expect(await latest(caller, deck.id)).toEqual({ success: true, generation: null });
  });
});
