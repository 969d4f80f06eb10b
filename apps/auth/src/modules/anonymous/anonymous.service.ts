import { AppError } from '@mnemo/service-kit';
import type { Identity } from '@mnemo/contracts/identity';
import type { AnonymousRepository } from './anonymous.repository';
import type { AnonymousUsageOf } from './anonymous-usage';

export type AnonymousLimits = { studySpaces: number; decksPerSpace: number; cardsPerDeck: number; chatMessagesPerDay: number; monthlyProcessingMB: number };

export function createAnonymousService({
  sessions,
  limits,
  usageOf,
}: {
  sessions: Pick<AnonymousRepository, 'touch'>;
  limits: AnonymousLimits;
  usageOf: AnonymousUsageOf;
}) {
  return {
    /**
     * Usage and limits of the caller's own anonymous session. The id in the path must be the one
     * the caller presents: one visitor cannot read (or create) another's session. This is where a
     * guest's row is made (lazily: the gateway issues ids without writing anything), besides sign-up.
     */
    async limits(identity: Identity, sessionId: string) {
      if (identity.kind !== 'anonymous' || identity.anonId !== sessionId.toLowerCase()) {
        throw new AppError('NOT_FOUND', 'Anonymous session not found');
      }
      const row = await sessions.touch(identity.anonId);
      if (row.claimedByUserId) throw new AppError('NOT_FOUND', 'Anonymous session not found');
      const usage = await usageOf(row.id);
      return {
        success: true as const,
        sessionId: row.id,
        createdAt: row.createdAt.toISOString(),
        lastAccess: row.lastAccess.toISOString(),
        usage,
        limits,
      };
    },
  };
}
export type AnonymousService = ReturnType<typeof createAnonymousService>;
