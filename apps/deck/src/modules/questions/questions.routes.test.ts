import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { questions, sourceChunks, sources } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { anonCaller, insertDeck, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { EXPECTED_ANSWER, insertQuestion, insertSource, seedDeck } from './questions.test-support';

let t: DeckTestApp;
beforeAll(async () => {
  t = await startDeckApp();
});
afterAll(async () => {
  await t?.close();
});

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: asCaller(caller) });
const put = (caller: Caller, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/questions/${id}`, headers: asCaller(caller), payload });
const evaluate = (caller: Caller, id: string, response: unknown) =>
  t.app.inject({ method: 'POST', url: `/questions/${id}/evaluate`, headers: asCaller(caller), payload: { response } });
const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(errorBodySchema.parse(res.json()).code).toBe(code);
};
const row = async (id: string) => (await t.db.select().from(questions).where(eq(questions.id, id)))[0]!;

describe('GET /questions/deck/:deckId', () => {
  it('pages by 20 in deck order, with the total and the page count', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    // Inserted out of order: the position decides.
    for (const i of [...Array(45).keys()].reverse()) await insertQuestion(t, { deckId: deck.id, question: `Question ${i}?`, position: i });

    const first = route('GET /questions/deck/:deckId').response.parse((await get(caller, `/questions/deck/${deck.id}`)).json());
    expect(first.questions).toHaveLength(20);
    expect(first.questions.map((q) => q.question).slice(0, 3)).toEqual(['Question 0?', 'Question 1?', 'Question 2?']);
    expect(first.pagination).toEqual({ total: 45, pages: 3, page: 1, limit: 20 });

    const third = (await get(caller, `/questions/deck/${deck.id}?page=3`)).json();
    expect(third.questions.map((q: { question: string }) => q.question)).toEqual([40, 41, 42, 43, 44].map((i) => `Question ${i}?`));
    expect((await get(caller, `/questions/deck/${deck.id}?page=4`)).json()).toMatchObject({ questions: [], pagination: { total: 45, pages: 3 } });
    expect((await get(caller, `/questions/deck/${deck.id}?limit=50`)).json().questions).toHaveLength(45);
    expectError(await get(caller, `/questions/deck/${deck.id}?page=0`), 400, 'VALIDATION_FAILED');
  });

  it('shows each question with its source {sourceId, type, title}, and none once the source is gone', async () => {
    const caller = userCaller();
    const { deck, source, mc } = await seedDeck(t, caller);
    const list = (await get(caller, `/questions/deck/${deck.id}`)).json();
    expect(list.questions[0]).toEqual({
      _id: mc.id,
      deck: deck.id,
      question: 'What does the mitochondrion make?',
      questionType: 'multiple_choice',
      options: ['ATP', 'DNA', 'Starch', 'Light'],
      correctAnswerIndex: 0,
      correctAnswerText: 'ATP',
      expectedAnswer: null,
      caseContext: null,
      source: { sourceId: source.id, type: 'website', title: 'Cells' },
      answer: 'ATP',
      createdAt: mc.createdAt.toISOString(),
      updatedAt: mc.updatedAt.toISOString(),
      concepts: [],
    });
    await t.db.delete(sources).where(eq(sources.id, source.id));
    expect((await get(caller, `/questions/deck/${deck.id}`)).json().questions[0].source).toBeNull();
  });
});

describe('GET /questions/deck/:deckId/all', () => {
  it('answers every question, or those of one type; all is no filter; an unknown type is refused', async () => {
    const caller = anonCaller();
    const { deck, mc, fr } = await seedDeck(t, caller);
    const ids = async (query: string) =>
      route('GET /questions/deck/:deckId/all')
        .response.parse((await get(caller, `/questions/deck/${deck.id}/all${query}`)).json())
        .questions.map((q) => q._id);
    expect(await ids('')).toEqual([mc.id, fr.id]);
    expect(await ids('?questionType=all')).toEqual([mc.id, fr.id]);
    expect(await ids('?questionType=free_response')).toEqual([fr.id]);
    expect(await ids('?questionType=case_multiple_choice')).toEqual([]);
    expectError(await get(caller, `/questions/deck/${deck.id}/all?questionType=essay`), 400, 'VALIDATION_FAILED');
  });
});

describe('PUT /questions/:id', () => {
  it('writes only the fields that change: a field changed meanwhile by someone else stays as they left it', async () => {
    const caller = anonCaller();
    const { fr } = await seedDeck(t, caller);
    // Another tab saved a new expected answer after this client loaded the question.
    await t.db.update(questions).set({ expectedAnswer: 'Changed elsewhere.', answer: 'Changed elsewhere.' }).where(eq(questions.id, fr.id));
    const res = await put(caller, fr.id, { question: 'What do mitochondria do?', deck: fr.deckId });
    expect(res.statusCode).toBe(200);
    const saved = route('PUT /questions/:id').response.parse(res.json()).question;
    expect(saved).toMatchObject({ question: 'What do mitochondria do?', expectedAnswer: 'Changed elsewhere.', answer: 'Changed elsewhere.' });
  });

  it('a save that changes nothing writes nothing', async () => {
    const caller = anonCaller();
    const { mc, source } = await seedDeck(t, caller);
    const before = await row(mc.id);
    const res = await put(caller, mc.id, {
      question: mc.question,
      deck: mc.deckId,
      source: { sourceId: source.id, type: 'website', title: 'Cells' },
      correctAnswerText: 'ATP',
    });
    expect(res.statusCode).toBe(200);
    expect((await row(mc.id)).updatedAt).toEqual(before.updatedAt);
  });

  it('multiple choice: a new correct-answer text edits the correct option; the text of another option makes that one correct', async () => {
    const caller = userCaller();
    const { mc } = await seedDeck(t, caller);
    const edited = (await put(caller, mc.id, { correctAnswerText: 'ATP (adenosine triphosphate)' })).json().question;
    expect(edited).toMatchObject({
      options: ['ATP (adenosine triphosphate)', 'DNA', 'Starch', 'Light'],
      correctAnswerIndex: 0,
      correctAnswerText: 'ATP (adenosine triphosphate)',
      answer: 'ATP (adenosine triphosphate)',
    });
    const moved = (await put(caller, mc.id, { correctAnswerText: 'starch' })).json().question;
    expect(moved).toMatchObject({ correctAnswerIndex: 2, correctAnswerText: 'Starch', answer: 'Starch' });
    const replaced = (await put(caller, mc.id, { options: ['Glucose', 'ATP', 'Oxygen'], correctAnswerIndex: 1, correctAnswerText: 'ATP' })).json().question;
    expect(replaced).toMatchObject({ options: ['Glucose', 'ATP', 'Oxygen'], correctAnswerIndex: 1, correctAnswerText: 'ATP' });
  });

  it('refuses options and a correct answer that do not agree', async () => {
    const caller = anonCaller();
    const { mc } = await seedDeck(t, caller);
    for (const body of [
      { options: ['ATP', 'DNA'], correctAnswerIndex: 2 },
      { options: ['ATP', 'DNA', 'Starch'], correctAnswerIndex: 0, correctAnswerText: 'DNA' },
      { options: ['ATP', 'atp', 'DNA'] },
      { options: ['ATP'], correctAnswerIndex: 0 },
      { options: ['ATP', ' '], correctAnswerIndex: 0 },
      { correctAnswerText: '' },
      { correctAnswerText: 'DNA', correctAnswerIndex: 0 },
    ]) {
      expectError(await put(caller, mc.id, body), 400, 'VALIDATION_FAILED');
    }
    expect(await row(mc.id)).toMatchObject({ options: ['ATP', 'DNA', 'Starch', 'Light'], correctAnswerIndex: 0, correctAnswerText: 'ATP' });
  });

  it('free response: the expected answer and the shown answer change together; options are refused', async () => {
    const caller = anonCaller();
    const { fr } = await seedDeck(t, caller);
    const saved = (await put(caller, fr.id, { expectedAnswer: '  They make ATP.  ' })).json().question;
    expect(saved).toMatchObject({ expectedAnswer: 'They make ATP.', answer: 'They make ATP.' });
    expectError(await put(caller, fr.id, { options: ['a', 'b'] }), 400, 'VALIDATION_FAILED');
    expectError(await put(caller, fr.id, { correctAnswerText: 'ATP' }), 400, 'VALIDATION_FAILED');
    expectError(await put(caller, fr.id, { expectedAnswer: '' }), 400, 'VALIDATION_FAILED');
    expectError(await put(caller, fr.id, { caseContext: 'A patient…' }), 400, 'VALIDATION_FAILED');
  });

  it('moves a question to another source of its deck (its chunk goes), never to another deck or another deck’s source', async () => {
    const caller = anonCaller();
    const { deck, mc, source } = await seedDeck(t, caller);
    const [chunk] = await t.db
      .insert(sourceChunks)
      .values({ sourceId: source.id, deckId: deck.id, chunkIndex: 0, content: 'Mitochondria make ATP.', tokenCount: 5 })
      .returning();
    await t.db.update(questions).set({ chunkId: chunk!.id }).where(eq(questions.id, mc.id));
    const other = await insertSource(t, deck.id, 'completed', 'Notes');
    const elsewhere = await seedDeck(t, caller);

    const moved = (await put(caller, mc.id, { source: other.id })).json().question;
    expect(moved.source).toEqual({ sourceId: other.id, type: 'website', title: 'Notes' });
    expect((await row(mc.id)).chunkId).toBeNull();
    expect((await put(caller, mc.id, { source: null })).json().question.source).toBeNull();

    expectError(await put(caller, mc.id, { source: elsewhere.source.id }), 400, 'BAD_REQUEST');
    expectError(await put(caller, mc.id, { deck: elsewhere.deck.id }), 400, 'BAD_REQUEST');
    expect((await row(mc.id)).deckId).toBe(deck.id);
  });
});

describe('DELETE /questions/:id', () => {
  it('answers the question as it was, and it is gone', async () => {
    const caller = userCaller();
    const { deck, mc, fr } = await seedDeck(t, caller);
    const res = await t.app.inject({ method: 'DELETE', url: `/questions/${mc.id}`, headers: asCaller(caller) });
    expect(route('DELETE /questions/:id').response.parse(res.json()).question).toMatchObject({ _id: mc.id, question: mc.question });
    expect((await get(caller, `/questions/deck/${deck.id}/all`)).json().questions.map((q: { _id: string }) => q._id)).toEqual([fr.id]);
    const again = await t.app.inject({ method: 'DELETE', url: `/questions/${mc.id}`, headers: asCaller(caller) });
    expectError(again, 404, 'NOT_FOUND');
  });
});

describe('POST /questions/:id/evaluate', () => {
  it('grades multiple choice by index, letter, "Option X" or text, and names the right answer after a wrong one', async () => {
    const caller = anonCaller();
    const { mc } = await seedDeck(t, caller);
    for (const response of [0, '0', 'A', 'Option A', 'option a', 'atp']) {
      const res = await evaluate(caller, mc.id, response);
      const body = route('POST /questions/:id/evaluate').response.parse(res.json());
      expect(body.evaluation.multipleChoice?.isCorrect, String(response)).toBe(true);
      expect(body.evaluation.freeResponse).toBeUndefined();
      expect(body.question._id).toBe(mc.id);
    }
    const wrong = (await evaluate(caller, mc.id, 'Option C')).json();
    expect(wrong.evaluation.multipleChoice).toMatchObject({ isCorrect: false, correctAnswerIndex: 0, correctAnswerText: 'ATP' });
    expectError(await evaluate(caller, mc.id, 'Option F'), 400, 'VALIDATION_FAILED');
    expectError(await evaluate(caller, mc.id, 7), 400, 'VALIDATION_FAILED');
    expectError(await evaluate(caller, mc.id, '   '), 400, 'VALIDATION_FAILED');
  });

  it('grades free response with scores out of 10 and a stoplight: green for a paraphrase, red for something unrelated', async () => {
    const caller = userCaller();
    const { fr } = await seedDeck(t, caller);
    const good = route('POST /questions/:id/evaluate').response.parse(
      (await evaluate(caller, fr.id, 'Mitochondria make most of the ATP of the cell by cellular respiration, releasing energy from glucose with oxygen.')).json(),
    ).evaluation.freeResponse!;
    expect(good.stoplight).toBe('green');
    expect(good.accuracy).toBeGreaterThanOrEqual(7);
    expect(good.isCorrect).toBe(true);

    const bad = (await evaluate(caller, fr.id, 'The French revolution began in 1789 with the storming of the Bastille.')).json().evaluation.freeResponse;
    expect(bad).toMatchObject({ stoplight: 'red', isCorrect: false });
    expect(bad.accuracy).toBeLessThan(4);
    expect(bad.feedback).toContain('ATP');
    // Nothing about the attempt is stored on the question.
    expect((await row(fr.id)).answer).toBe(EXPECTED_ANSWER);
  });
});
