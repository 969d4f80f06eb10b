import { z } from 'zod';

/**
 * What a guest has used, asked by the auth service for `GET /auth/anonymous-limits/{sessionId}`
 * (service identity only). Each service answers for what it owns and enforces, so the banner shows
 * the same numbers the limits are checked against; auth reads neither service's tables.
 */
export const internalAnonymousUsagePath = (anonId: string) => `/internal/anonymous-usage/${anonId}`;
export const internalAnonymousUsageParamsSchema = z.object({ anonId: z.uuid() });

/** The deck service: the guest's study spaces and decks, and the cards (questions and plain cards) in them. */
export const deckAnonymousUsageSchema = z.object({
  studySpaces: z.number().int().min(0),
  decks: z.number().int().min(0),
  cardsGenerated: z.number().int().min(0),
});
export type DeckAnonymousUsage = z.infer<typeof deckAnonymousUsageSchema>;

/** The chat service: the messages the guest has sent today (UTC), the count its daily quota checks. */
export const chatAnonymousUsageSchema = z.object({ chatMessages: z.number().int().min(0) });
export type ChatAnonymousUsage = z.infer<typeof chatAnonymousUsageSchema>;
