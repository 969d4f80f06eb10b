import { z } from 'zod';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { ChatsService } from './chats.service';

export const chatsRoutes: RoutesPlugin<{ service: ChatsService }> = async (app, { service }) => {
  app.get('/chat/deck/:deckId', { schema: { params: z.object({ deckId: z.uuid() }) } }, async (request) => {
    const chats = await service.listForDeck(requireOwner(request), request.params.deckId);
    return { success: true, chats };
  });
};
