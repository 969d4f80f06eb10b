/** The study session's words (spec 02 §2, §3, §8, §9). */
export const STUDY_MESSAGES = {
  title: 'Flashcards',
  loading: 'Loading questions...',
  loadFailed: 'Failed to load data. Please try again later.',
  evaluateFailed: 'Failed to evaluate your response. Please try again.',
  noAnswer: 'No answer provided',
  unknownType: (type: string) => `Unknown question type: ${type}`,
  invalidType: (label: string) =>
    `Invalid question type: a ${label} question needs at least two options to choose from.`,
  // Ours: the spec names the session's states but not these words.
  emptyTitle: 'No questions to study yet',
  emptyText: 'This deck has no questions or cards yet. Generate some on the Edit tab.',
  emptyFilter: (label: string) => `This deck has no ${label} questions.`,
  cardsNote: 'This deck has no questions yet, so you are studying its cards.',
  answerRequired: 'Please write an answer first.',
  cloneRequired:
    'This deck belongs to someone else. Clone it to your library first to edit its questions.',
  // Spaced repetition (issue 20).
  overrideExpired: 'This rating can no longer be changed: overrides are taken within 10 minutes.',
  overrideFailed: 'Failed to change the rating. Please try again.',
  reviewLoading: 'Loading the cards due...',
  reviewLoadFailed: 'Failed to load the cards due. Please try again.',
  reviewDoneTitle: 'All caught up',
  reviewDone: (count: number) =>
    count === 0
      ? 'Nothing is due right now. Practice any time, or come back later.'
      : `You reviewed ${count} ${count === 1 ? 'card' : 'cards'}. Come back when more are due.`,
  practiceNote: 'Practice answers are graded but do not change when cards come back.',
  scheduleLabel: 'Count these answers toward my schedule',
} as const;
