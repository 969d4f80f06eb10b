/** The edit screen's words (spec 02 §2, §3, §8). */
export const EDIT_CARDS_MESSAGES = {
  title: 'Edit your cards',
  errorTitle: 'Edit your questions',
  loading: 'Loading questions...',
  emptyTitle: 'No questions available',
  emptyText:
    'No questions were found for this deck. There may have been an issue processing your content.',
  noAnswer: 'No answer provided',
  loadFailed: 'Failed to load questions. Please try again later.',
  generateFailed: 'Failed to generate questions. Please try again.',
  updateFailed: 'Failed to update question. Please try again.',
  regenerateFailed: 'Failed to regenerate questions. Please try again.',
  deleteFailed: 'Failed to delete question. Please try again.',
  // Ours: the spec shows an overlay while generating but not its words.
  generating: 'Generating your questions...',
  generatingHint: 'This can take a minute. The questions appear here as soon as they are ready.',
  // Ours: where a queued generation stands (GET /questions/deck/:deckId/generation/:jobId).
  generationQueued: 'Waiting for the AI to start...',
  generationRunning: 'The AI is writing your questions...',
  generationFailedTitle: 'No questions were generated',
  retry: 'Retry',
} as const;
