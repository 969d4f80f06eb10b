import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { chats } from '@mnemo/db/schema';
import { internalContractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';

/** Internal: an anonymous visitor's saved chats move to the account they signed up or in with. */
export const claimsRoutes: RoutesPlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/internal/claim-anonymous',
    { schema: internalContractSchema('chat POST /internal/claim-anonymous') },
    async (request) => {
      requireService(request.identity);
      const moved = await db
        .update(chats)
        .set({ ownerUserId: request.body.userId, ownerAnonId: null })
        .where(and(eq(chats.ownerAnonId, request.body.anonId), isNull(chats.ownerUserId)))
        .returning({ id: chats.id });
      return { success: true as const, moved: { chats: moved.length } };
    },
  );
};
