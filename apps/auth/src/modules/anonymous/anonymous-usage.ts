import type { InternalClient } from '@mnemo/service-kit/internal-client';
import type { AnonymousUsage } from '@mnemo/contracts/entities/user';
import {
  chatAnonymousUsageSchema,
  deckAnonymousUsageSchema,
  internalAnonymousUsagePath,
} from '@mnemo/contracts/internal/anonymous-usage';

/**
 * A guest's usage, asked of the services that own and enforce it: spaces, decks and cards from the
 * deck service, today's chat messages from the chat service. Auth reads neither's tables, and they
 * write none of auth's, so the numbers are the ones the limits are checked against. A service that
 * is not configured (DECK_URL/CHAT_URL unset: auth on its own, in tests) has made nothing; one that
 * is configured but does not answer fails the call (SERVICE_UNAVAILABLE) rather than report 0.
 */
export function createAnonymousUsage({ deck, chat }: { deck?: Pick<InternalClient, 'get'>; chat?: Pick<InternalClient, 'get'> }) {
  return async (anonId: string): Promise<AnonymousUsage> => {
    const [made, chatted] = await Promise.all([
      deck ? deck.get(internalAnonymousUsagePath(anonId)).then((b) => deckAnonymousUsageSchema.parse(b)) : null,
      chat ? chat.get(internalAnonymousUsagePath(anonId)).then((b) => chatAnonymousUsageSchema.parse(b)) : null,
    ]);
    return {
      studySpaces: made?.studySpaces ?? 0,
      decks: made?.decks ?? 0,
      cardsGenerated: made?.cardsGenerated ?? 0,
      chatMessages: chatted?.chatMessages ?? 0,
    };
  };
}
export type AnonymousUsageOf = ReturnType<typeof createAnonymousUsage>;
