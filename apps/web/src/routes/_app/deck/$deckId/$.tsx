import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 02 §2: an unknown tab goes to the summary. */
export const Route = createFileRoute('/_app/deck/$deckId/$')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/deck/$deckId/summary',
      params: { deckId: params.deckId },
      replace: true,
    });
  },
});
