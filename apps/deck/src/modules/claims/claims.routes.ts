import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@mnemo/db/client';
import { decks, studySpaces, uploads } from '@mnemo/db/schema';
import type { RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';

/**
 * Internal: when an anonymous visitor signs up or in, the auth service asks for their spaces and
 * decks to move to the account. One transaction, so a visitor never ends up with half of them.
 */
export const claimsRoutes: RoutesPlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/internal/claim-anonymous',
    { schema: { body: z.object({ anonId: z.uuid(), userId: z.uuid() }) } },
    async (request) => {
      requireService(request.identity);
      const { anonId, userId } = request.body;
      const moved = await db.transaction(async (tx) => {
        const spaces = await tx
          .update(studySpaces)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(studySpaces.ownerAnonId, anonId), isNull(studySpaces.ownerUserId)))
          .returning({ id: studySpaces.id });
        const movedDecks = await tx
          .update(decks)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(decks.ownerAnonId, anonId), isNull(decks.ownerUserId)))
          .returning({ id: decks.id });
        // Files uploaded but not yet added to a deck go along, so they can still be added.
        await tx
          .update(uploads)
          .set({ ownerUserId: userId, ownerAnonId: null })
          .where(and(eq(uploads.ownerAnonId, anonId), isNull(uploads.ownerUserId)));
        return { spaces: spaces.length, decks: movedDecks.length };
      });
      return { success: true, moved };
    },
  );
};
