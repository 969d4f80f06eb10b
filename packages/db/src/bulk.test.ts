import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from './bulk';
import { decks, questions, reviewCards } from './schema/index';
import { createTestDatabase, type TestDatabase } from './testing';

describe('insertRows', () => {
  let t: TestDatabase;
  let deckId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const [deck] = await t.db.insert(decks).values({ ownerAnonId: crypto.randomUUID(), title: 'bulk' }).returning({ id: decks.id });
    deckId = deck!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes every row with its jsonb, array, enum, timestamp and null values as drizzle would', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    await insertRows(t.db, questions, [
      {
        id: ids[0],
        deckId,
        question: 'Which one? "quoted" \\ back\nslash',
        questionType: 'multiple_choice',
        options: ['ATP', 'DNA ["x"]'],
        correctAnswerIndex: 1,
        correctAnswerText: 'DNA ["x"]',
        answer: null,
        concepts: ['energy', 'cells, plural'],
        position: 0,
        studied: true,
      },
      {
        id: ids[1],
        deckId,
        question: 'Explain.',
        questionType: 'free_response',
        options: [],
        correctAnswerIndex: null,
        correctAnswerText: null,
        answer: 'Because.',
        concepts: [],
        position: 1,
        studied: false,
      },
    ]);
    const rows = await t.db.select().from(questions).where(eq(questions.deckId, deckId)).orderBy(questions.position);
    expect(rows.map((r) => [r.id, r.question, r.questionType, r.options, r.correctAnswerIndex, r.answer, r.concepts, r.studied])).toEqual([
      [ids[0], 'Which one? "quoted" \\ back\nslash', 'multiple_choice', ['ATP', 'DNA ["x"]'], 1, null, ['energy', 'cells, plural'], true],
      [ids[1], 'Explain.', 'free_response', [], null, 'Because.', [], false],
    ]);
    // Columns no row gives keep their defaults.
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);

    const due = new Date('2026-03-12T08:30:00.123Z');
    await insertRows(t.db, reviewCards, [
      { ownerAnonId: crypto.randomUUID(), questionId: ids[0]!, deckId, state: 'review', due, stability: 4.25, difficulty: 5.5, lastRating: 'good', lastReview: null },
    ]);
    const [card] = await t.db.select().from(reviewCards).where(eq(reviewCards.questionId, ids[0]!));
    expect(card).toMatchObject({ state: 'review', due, stability: 4.25, difficulty: 5.5, lastRating: 'good', lastReview: null, reps: 0 });
  });

  it('does nothing for no rows, and fails whole on a row the table refuses', async () => {
    await insertRows(t.db, questions, []);
    const good = { deckId, question: 'ok', questionType: 'free_response' as const, position: 5 };
    await expect(
      t.db.transaction(async (tx) => {
        await insertRows(tx, questions, [good, { ...good, deckId: crypto.randomUUID() }]);
      }),
    ).rejects.toThrow();
    expect((await t.db.select().from(questions).where(eq(questions.position, 5))).length).toBe(0);
  });
});
