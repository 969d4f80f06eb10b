/**
 * Plan limits enforced on the server. Free and deck-size figures are the spec's (spec 01 §6, §9);
 * anonymous limits are "values not shown" in the spec: ours, chosen so a visitor can try one full
 * creation flow before being asked to sign up (docs/decisions.md).
 */
export const PLAN_LIMITS = {
  anonymous: { studySpaces: 1, decksPerSpace: 3, cardsPerDeck: 20, chatMessagesPerDay: 30, monthlyProcessingMB: 60 },
  free: { studySpaces: 5, decksPerSpace: 10, cardsPerDeck: 50, chatMessagesPerDay: null, monthlyProcessingMB: 60 },
  scholar: { studySpaces: null, decksPerSpace: null, cardsPerDeck: null, chatMessagesPerDay: null, monthlyProcessingMB: null },
} as const;
// null means unlimited (JSON has no Infinity); the web app shows 'Unlimited'.

export const DECK_MAX_SIZE_MB = 60;
export const LINK_SIZE_MB = 0.5;
export const SCHOLAR_MAX_FILE_MB = 25;
/**
 * One uploaded file's size on the free plan and for anonymous visitors. The spec gives only
 * Scholar's "PDFs up to 25 MB" (spec 01 §1, §9), which it sells as an upgrade: ours
 * (docs/decisions.md).
 */
export const FREE_MAX_FILE_MB = 10;
/** The largest file a caller on this plan may upload, in MB. */
export const maxFileMB = (plan: 'anonymous' | 'free' | 'scholar'): number =>
  plan === 'scholar' ? SCHOLAR_MAX_FILE_MB : FREE_MAX_FILE_MB;
export const DECK_LENGTH_CARDS = { short: 10, medium: 25, long: 40 } as const;
export const ANONYMOUS_DECK_CARDS = 20;
