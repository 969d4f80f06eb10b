import {
  chatIdParamsSchema,
  chatParamsSchema,
  deckChatsParamsSchema,
  editMessageBodySchema,
  ephemeralMessageBodySchema,
  flashcardChatBodySchema,
  flashcardChatParamsSchema,
  sendMessageBodySchema,
  startChatBodySchema,
  streamEphemeralBodySchema,
  streamMessageBodySchema,
  updateSystemMessagesBodySchema,
} from '@mnemo/contracts/api/chat';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { ChatsService } from './chats.service';
import type { FlashcardChatService } from './flashcard.service';
import { replyWithTutorStream, untilClientLeaves } from './sse';

/** The chat calls of spec 02 §7. Static segments (/chat/deck, /chat/stream/ephemeral) win over :id. */
export const chatsRoutes: RoutesPlugin<{ service: ChatsService; flashcards: FlashcardChatService }> = async (
  app,
  { service, flashcards },
) => {
  app.post('/chat/start', { schema: { body: startChatBodySchema } }, async (request, reply) => {
    const chat = await service.start(requireOwner(request), request.body);
    // 201 for a preview chat too (the contract has one status); its isPreview says it was not stored.
    return reply.status(201).send({ success: true, chat });
  });

  app.get('/chat/deck/:deckId', { schema: { params: deckChatsParamsSchema } }, async (request) => ({
    success: true,
    chats: await service.listForDeck(requireOwner(request), request.params.deckId),
  }));

  app.put(
    '/chat/deck/:deckId/system-messages',
    { schema: { params: deckChatsParamsSchema, body: updateSystemMessagesBodySchema } },
    async (request) => ({
      success: true,
      updatedCount: await service.updateSystemMessages(requireOwner(request), request.params.deckId, request.body),
    }),
  );

  app.get('/chat/:id', { schema: { params: chatParamsSchema } }, async (request) => ({
    success: true,
    chat: await service.get(requireOwner(request), request.params.id),
  }));

  app.delete('/chat/:id', { schema: { params: chatParamsSchema } }, async (request) => ({
    success: true,
    chat: await service.remove(requireOwner(request), request.params.id),
  }));

  app.put(
    '/chat/:chatId/message',
    { schema: { params: chatIdParamsSchema, body: editMessageBodySchema } },
    async (request) => ({
      success: true,
      chat: await service.editMessage(requireOwner(request), request.params.chatId, request.body),
    }),
  );

  app.post('/chat/message', { schema: { body: sendMessageBodySchema } }, async (request, reply) => ({
    success: true,
    message: await service.sendMessage(request.identity, requireOwner(request), request.body, untilClientLeaves(reply)),
  }));

  app.post('/chat/message/ephemeral', { schema: { body: ephemeralMessageBodySchema } }, async (request, reply) => ({
    success: true,
    message: await service.ephemeralMessage(request.identity, requireOwner(request), request.body, untilClientLeaves(reply)),
  }));

  app.post('/chat/stream/ephemeral', { schema: { body: streamEphemeralBodySchema } }, async (request, reply) => {
    const owner = requireOwner(request);
    await replyWithTutorStream(request, reply, (signal) =>
      service.openEphemeralStream(request.identity, owner, request.body, signal),
    );
  });

  app.post(
    '/chat/stream/:chatId',
    { schema: { params: chatIdParamsSchema, body: streamMessageBodySchema } },
    async (request, reply) => {
      const owner = requireOwner(request);
      await replyWithTutorStream(request, reply, (signal) =>
        service.openChatStream(request.identity, owner, request.params.chatId, request.body, signal),
      );
    },
  );

  app.post(
    '/chat/flashcard/:cardId',
    { schema: { params: flashcardChatParamsSchema, body: flashcardChatBodySchema } },
    async (request) => ({
      success: true,
      response: await flashcards.reply(request.identity, requireOwner(request), request.params.cardId, request.body),
    }),
  );
};
