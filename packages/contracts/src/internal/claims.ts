import { z } from 'zod';

/**
 * POST /internal/claim-anonymous (service identity only): when a guest signs up or in, the auth
 * service asks the deck and chat services to move what the guest made to the account. Each
 * service answers with what it moved; a second call moves nothing and still succeeds.
 */
export const INTERNAL_CLAIM_ANONYMOUS_PATH = '/internal/claim-anonymous';
export const claimAnonymousBodySchema = z.object({ anonId: z.uuid(), userId: z.uuid() });
export type ClaimAnonymousBody = z.infer<typeof claimAnonymousBodySchema>;

/** The deck service moves spaces and decks (and with them sources, review history, class memberships). */
export const deckClaimAnonymousResponseSchema = z.object({
  success: z.literal(true),
  moved: z.object({ spaces: z.number().int().min(0), decks: z.number().int().min(0) }),
});
/** The chat service moves saved chats. */
export const chatClaimAnonymousResponseSchema = z.object({
  success: z.literal(true),
  moved: z.object({ chats: z.number().int().min(0) }),
});
