import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { cards, decks, sources, type Card as CardRow } from '@mnemo/db/schema';
import type { Owner } from '@mnemo/db/owner';
import { canView } from '@mnemo/db/deck-access';

export type { CardRow };
/** A card with the source it came from (null once that source is removed). */
export type CardWithSource = {
  card: CardRow;
  source: { id: string; type: 'website' | 'youtube' | 'document'; title: string } | null;
};

export function createCardsRepository({ db }: { db: Db }) {
  const withSource = () =>
    db
      .select({ card: cards, source: { id: sources.id, type: sources.type, title: sources.title } })
      .from(cards)
      .leftJoin(sources, eq(sources.id, cards.sourceId));

  return {
    /** Every card of the deck in deck order. */
    async all(deckId: string): Promise<CardWithSource[]> {
      const rows = await withSource()
        .where(eq(cards.deckId, deckId))
        .orderBy(asc(cards.position), asc(cards.createdAt), asc(cards.id));
      return rows as CardWithSource[];
    },

    /**
     * A card of a deck the caller owns or of a published deck, or null: a card the caller may not
     * see looks exactly like a missing one.
     */
    async findViewable(owner: Owner, id: string): Promise<CardWithSource | null> {
      const [row] = await withSource()
        .innerJoin(decks, eq(decks.id, cards.deckId))
        .where(and(eq(cards.id, id), canView(owner)));
      return (row as CardWithSource | undefined) ?? null;
    },
  };
}
export type CardsRepository = ReturnType<typeof createCardsRepository>;
