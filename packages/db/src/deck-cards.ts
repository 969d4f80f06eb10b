import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { cards, questions } from './schema/decks';

/**
 * What a deck holds against its plan's card limit (spec 01 §6 "50 cards per deck"): its questions
 * and its fallback cards together, both being cards to the learner. The deck service checks it
 * before it enqueues a generation and the worker again when it writes, so both count the same way.
 */
export async function deckCardCount(tx: DbOrTx, deckId: string): Promise<number> {
  const result = await tx.execute<{ n: number | string }>(
    sql`select (select count(*) from ${questions} where ${questions.deckId} = ${deckId})
             + (select count(*) from ${cards} where ${cards.deckId} = ${deckId}) as n`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
