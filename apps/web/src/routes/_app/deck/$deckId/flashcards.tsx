import { createFileRoute } from '@tanstack/react-router';
import { DeckFlashcardsPage } from '../../../../features/deck/deck-layout';

export const Route = createFileRoute('/_app/deck/$deckId/flashcards')({
  component: DeckFlashcardsPage,
});
