import { createFileRoute } from '@tanstack/react-router';
import { DeckManagePage } from '../../../../features/deck/deck-layout';

export const Route = createFileRoute('/_app/deck/$deckId/manage')({ component: DeckManagePage });
