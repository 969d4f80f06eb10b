import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { cards, decks, questions, studySpaces } from '@mnemo/db/schema';
import type { DeckAnonymousUsage } from '@mnemo/contracts/internal/anonymous-usage';

export function createGuestsRepository({ db }: { db: Db }) {
  return {
    /** A guest's spaces, decks and the cards in those decks, counted from the rows the limits count. */
    async usage(anonId: string): Promise<DeckAnonymousUsage> {
      const ownDecks = db.select({ id: decks.id }).from(decks).where(eq(decks.ownerAnonId, anonId));
      const [[spaces], [deckCount], [questionCount], [cardCount]] = await Promise.all([
        db.select({ n: count() }).from(studySpaces).where(eq(studySpaces.ownerAnonId, anonId)),
        db.select({ n: count() }).from(decks).where(eq(decks.ownerAnonId, anonId)),
        db.select({ n: count() }).from(questions).where(sql`${questions.deckId} in ${ownDecks}`),
        db.select({ n: count() }).from(cards).where(sql`${cards.deckId} in ${ownDecks}`),
      ]);
      return {
        studySpaces: spaces?.n ?? 0,
        decks: deckCount?.n ?? 0,
        cardsGenerated: (questionCount?.n ?? 0) + (cardCount?.n ?? 0),
      };
    },
  };
}
export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
