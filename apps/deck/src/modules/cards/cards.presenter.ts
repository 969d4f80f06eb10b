import type { Card } from '@mnemo/contracts/entities/card';
import type { CardWithSource } from './cards.repository';

/** What the API shows of a fallback card: never the raw row. */
export function presentCard({ card, source }: CardWithSource): Card {
  return {
    _id: card.id,
    front: card.front,
    back: card.back,
    deckId: card.deckId,
    source: source ? { sourceId: source.id, type: source.type, title: source.title } : null,
    createdAt: card.createdAt.toISOString(),
    options: card.options,
    correctAnswerIndex: card.correctAnswerIndex,
  };
}
