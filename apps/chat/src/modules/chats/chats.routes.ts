import { contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { ChatsService } from './chats.service';
import type { FlashcardChatService } from './flashcard.service';
import { replyWithTutorStream, untilClientLeaves } from './sse';

/** The chat calls of spec 02 §7. Static segments (/chat/deck, /chat/stream/ephemeral) win over :id. */
export const chatsRoutes: RoutesPlugin<{ service: ChatsService; flashcards: FlashcardChatService }> = async (
  app,
  { service, flashcards },
) => {
  app.post('/chat/start', { schema: contractSchema('POST /chat/start') }, async (request, reply) => {
    const chat = await service.start(requireOwner(request), request.body);
    // 201 for a preview chat too (the contract has one status); its isPreview says it was not stored.
    return reply.status(201).send({ success: true as const, chat });
  });

  app.get('/chat/deck/:deckId', { schema: contractSchema('GET /chat/deck/:deckId') }, async (request) => ({
    success: true as const,
    chats: await service.listForDeck(requireOwner(request), request.params.deckId),
  }));

  app.put(
    '/chat/deck/:deckId/system-messages',
    { schema: contractSchema('PUT /chat/deck/:deckId/system-messages') },
    async (request) => ({
      success: true as const,
      updatedCount: await service.updateSystemMessages(requireOwner(request), request.params.deckId, request.body),
    }),
  );

  app.get('/chat/:id', { schema: contractSchema('GET /chat/:id') }, async (request) => ({
    success: true as const,
    chat: await service.get(requireOwner(request), request.params.id),
  }));

  app.delete('/chat/:id', { schema: contractSchema('DELETE /chat/:id') }, async (request) => ({
    success: true as const,
    chat: await service.remove(requireOwner(request), request.params.id),
  }));

  app.put(
    '/chat/:chatId/message',
    { schema: contractSchema('PUT /chat/:chatId/message') },
    async (request) => ({
      success: true as const,
      chat: await service.editMessage(requireOwner(request), request.params.chatId, request.body),
    }),
  );

  app.post('/chat/message', { schema: contractSchema('POST /chat/message') }, async (request, reply) => ({
    success: true as const,
    message: await service.sendMessage(request.identity, requireOwner(request), request.body, untilClientLeaves(reply)),
  }));

  app.post('/chat/message/ephemeral', { schema: contractSchema('POST /chat/message/ephemeral') }, async (request, reply) => ({
    success: true as const,
    message: await service.ephemeralMessage(request.identity, requireOwner(request), request.body, untilClientLeaves(reply)),
  }));

  app.post('/chat/stream/ephemeral', { schema: contractSchema('POST /chat/stream/ephemeral') }, async (request, reply) => {
    const owner = requireOwner(request);
    await replyWithTutorStream(request, reply, (signal) =>
      service.openEphemeralStream(request.identity, owner, request.body, signal),
    );
  });

  app.post(
    '/chat/stream/:chatId',
    { schema: contractSchema('POST /chat/stream/:chatId') },
    async (request, reply) => {
      const owner = requireOwner(request);
      await replyWithTutorStream(request, reply, (signal) =>
        service.openChatStream(request.identity, owner, request.params.chatId, request.body, signal),
      );
    },
  );

  app.post(
    '/chat/flashcard/:cardId',
    { schema: contractSchema('POST /chat/flashcard/:cardId') },
    async (request) => ({
      success: true as const,
      response: await flashcards.reply(request.identity, requireOwner(request), request.params.cardId, request.body),
    }),
  );
};
