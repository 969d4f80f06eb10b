import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';

/** A signed-in user (spec 01 §3). */
export const userSchema = z.object({ _id: idSchema, email: z.email(), firstName: z.string() });
export type User = z.infer<typeof userSchema>;

/**
 * What an anonymous session has used. The spec says the server returns "usage and limits (values not
 * shown)": these counters are our design, one per limit in `limits.ts`.
 */
export const anonymousUsageSchema = z.object({
  studySpaces: z.number().int().min(0),
  decks: z.number().int().min(0),
  cardsGenerated: z.number().int().min(0),
  chatMessages: z.number().int().min(0),
});
export type AnonymousUsage = z.infer<typeof anonymousUsageSchema>;

/** The limits of an anonymous session: the shape of `PLAN_LIMITS.anonymous` (limits.ts). */
export const anonymousLimitsSchema = z.object({
  studySpaces: z.number().int().min(0),
  decksPerSpace: z.number().int().min(0),
  cardsPerDeck: z.number().int().min(0),
  chatMessagesPerDay: z.number().int().min(0),
  monthlyProcessingMB: z.number().min(0),
});
export type AnonymousLimits = z.infer<typeof anonymousLimitsSchema>;

/** The anonymous session as the server knows it (spec 01 §3: sessionId, createdAt, lastAccess). */
export const anonymousSessionSchema = z.object({
  sessionId: idSchema,
  createdAt: isoDateSchema,
  lastAccess: isoDateSchema,
});
export type AnonymousSession = z.infer<typeof anonymousSessionSchema>;
