import type { NewCard, NewQuestion } from '@mnemo/db/schema';
import { cards, questions, sources } from '@mnemo/db/schema';
import type { ProcessingStatus } from '@mnemo/contracts/progress';
import { insertDeck, type DeckTestApp } from '../../test-support';

type Caller = Parameters<typeof insertDeck>[1];

export const EXPECTED_ANSWER =
  "Mitochondria produce most of the cell's ATP through cellular respiration, which releases energy from glucose and oxygen.";

export async function insertSource(t: DeckTestApp, deckId: string, status: ProcessingStatus = 'completed', title = 'Cells') {
  const [source] = await t.db
    .insert(sources)
    .values({ deckId, type: 'website', url: 'https://example.org/cells', title, processingStatus: status })
    .returning();
  return source!;
}

export async function insertQuestion(t: DeckTestApp, values: Partial<NewQuestion> & { deckId: string }) {
  const [row] = await t.db
    .insert(questions)
    .values({
      question: 'What does the mitochondrion make?',
      questionType: 'multiple_choice',
      options: ['ATP', 'DNA', 'Starch', 'Light'],
      correctAnswerIndex: 0,
      correctAnswerText: 'ATP',
      answer: 'ATP',
      ...values,
    })
    .returning();
  return row!;
}

export async function insertCard(t: DeckTestApp, values: Partial<NewCard> & { deckId: string }) {
  const [row] = await t.db
    .insert(cards)
    .values({ front: 'What does the mitochondrion make?', back: 'ATP', options: ['DNA', 'ATP', 'Starch', 'Light'], correctAnswerIndex: 1, ...values })
    .returning();
  return row!;
}

/**
 * A deck of the caller's with one processed source, a multiple-choice and a free-response question
 * from it, and a multiple-choice and a front/back card.
 */
export async function seedDeck(t: DeckTestApp, caller: Caller) {
  const deck = await insertDeck(t, caller);
  const source = await insertSource(t, deck.id);
  const mc = await insertQuestion(t, { deckId: deck.id, sourceId: source.id, position: 0 });
  const fr = await insertQuestion(t, {
    deckId: deck.id,
    sourceId: source.id,
    position: 1,
    question: 'Explain what mitochondria do in a cell.',
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: EXPECTED_ANSWER,
    answer: EXPECTED_ANSWER,
  });
  const mcCard = await insertCard(t, { deckId: deck.id, sourceId: source.id, position: 0 });
  const frCard = await insertCard(t, {
    deckId: deck.id,
    sourceId: source.id,
    position: 1,
    front: 'Explain what mitochondria do in a cell.',
    back: EXPECTED_ANSWER,
    options: [],
    correctAnswerIndex: null,
  });
  return { deck, source, mc, fr, mcCard, frCard };
}
