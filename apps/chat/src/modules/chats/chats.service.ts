import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  ChatMode,
  chatQuestionSchema,
  editMessageBodySchema,
  ephemeralMessageBodySchema,
  sendMessageBodySchema,
  startChatBodySchema,
  streamMessageBodySchema,
  updateSystemMessagesBodySchema,
} from '@mnemo/contracts/api/chat';
import type { Chat, ChatMessage } from '@mnemo/contracts/entities/chat';
import type { Identity } from '@mnemo/contracts/identity';
import type { StudyAi, TutorEvent, TutorInput } from '@mnemo/ai/types';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { DeckAccess, DeckAccessChecker } from '../access/deck-access';
import type { MessageQuota } from '../access/message-quota';
import type { ChatsRepository, ChatWithMessages, MessageRow, NewMessage } from './chats.repository';
import type { StreamLock } from './stream-lock';
import type { StudyQuestions } from './study-question';
import { defaultTitle, modeOfTitle, runTutor, toRetrievedChunks, toTurns, type TutorAnswer } from './tutor-input';

type StartBody = z.output<typeof startChatBodySchema>;
type SendBody = z.output<typeof sendMessageBodySchema>;
type EphemeralBody = z.output<typeof ephemeralMessageBodySchema>;
type StreamBody = z.output<typeof streamMessageBodySchema>;
type EditBody = z.output<typeof editMessageBodySchema>;
type SystemMessagesBody = z.output<typeof updateSystemMessagesBodySchema>;
type ChatQuestion = z.output<typeof chatQuestionSchema>;

const presentMessage = (m: MessageRow): ChatMessage => ({
  role: m.role,
  content: m.content,
  timestamp: m.createdAt.toISOString(),
  ...(m.attribution && m.attribution.length > 0 ? { attribution: m.attribution } : {}),
});

export const presentChat = (c: ChatWithMessages): Chat => ({
  _id: c.id,
  title: c.title,
  deckId: c.deckId,
  isPreview: c.isPreview,
  messages: c.messages.map(presentMessage),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const chatNotFound = () => new AppError('NOT_FOUND', 'Chat not found');
const ownerOnly = (what: string) =>
  new AppError('FORBIDDEN', `Only the deck's owner can ${what}. Clone this deck to keep your own chats.`);

/** The assistant's answer as a message that was not stored (ephemeral and preview answers). */
const unsavedAnswer = (answer: TutorAnswer): ChatMessage => ({
  role: 'assistant',
  content: answer.fullResponse,
  timestamp: new Date().toISOString(),
  ...(answer.attribution.length > 0 ? { attribution: answer.attribution } : {}),
});

/**
 * A tutor answer being streamed: its events, and what to do when it ends. Whoever drives it must
 * call exactly one of complete/abandon (or neither on failure), then close.
 */
export type TutorStream = {
  events: AsyncIterable<TutorEvent>;
  /** Stores the answer of a persistent chat; answers the stored message. */
  complete: (answer: TutorAnswer) => Promise<ChatMessage | undefined>;
  /** The client went away: a persistent chat keeps what the learner already saw. */
  abandon: (partial: TutorAnswer) => Promise<void>;
  close: () => Promise<void>;
};

export type ChatsServiceDeps = {
  chats: ChatsRepository;
  access: Pick<DeckAccessChecker, 'forDeck'>;
  study: Pick<StudyAi, 'tutor'>;
  quota: MessageQuota;
  lock: StreamLock;
  /** Models a client may ask for by name; any other is ignored (the configured one answers). */
  streamModels: readonly string[];
  /** The question a question-mode message is about, read from the deck. */
  questions: Pick<StudyQuestions, 'forChat'>;
};

export function createChatsService({ chats, access, study, quota, lock, streamModels, questions }: ChatsServiceDeps) {
  /** The caller's chat and their access to its deck; 404 for anyone else's chat. */
  async function ownedChat(owner: Owner, id: string): Promise<{ chat: ChatWithMessages; deck: DeckAccess }> {
    const chat = await chats.findOwned(owner, id);
    if (!chat) throw chatNotFound();
    return { chat, deck: await access.forDeck(owner, chat.deckId) };
  }

  async function tutorInput(
    deck: DeckAccess,
    mode: ChatMode,
    parts: Pick<TutorInput, 'message' | 'history' | 'context'> & Partial<Pick<TutorInput, 'systemMessage' | 'model' | 'signal'>>,
    ref: ChatQuestion | undefined,
  ): Promise<TutorInput> {
    const input: TutorInput = { mode, deckTitle: deck.title, customInstructions: deck.systemPrompt, ...parts };
    if (mode !== 'question' || !ref) return input;
    const studied = await questions.forChat(deck.deckId, ref);
    if (!studied) return input;
    // The question's own passage goes last when retrieval did not bring it, so the tutor can quote
    // the passage the question was written from (and the retrieved passages keep their numbers).
    const { passage } = studied;
    const has = passage && parts.context.some((c) => c.sourceId === passage.sourceId && c.chunkIndex === passage.chunkIndex);
    const context = passage && !has ? [...parts.context, passage] : parts.context;
    return { ...input, context, question: studied.question };
  }

  function storedChatInput(
    chat: ChatWithMessages,
    deck: DeckAccess,
    body: { message: string; vectorContext?: SendBody['vectorContext']; question?: ChatQuestion | undefined },
  ) {
    return tutorInput(
      deck,
      modeOfTitle(chat.title),
      { message: body.message, history: toTurns(chat.messages), context: toRetrievedChunks(body.vectorContext) },
      body.question,
    );
  }

  function ephemeralInput(deck: DeckAccess, body: EphemeralBody) {
    return tutorInput(
      deck,
      body.mode ?? 'question',
      {
        message: body.message,
        history: toTurns(body.chatHistory ?? []),
        context: toRetrievedChunks(body.vectorContext),
        systemMessage: body.systemMessage ?? null,
      },
      body.question,
    );
  }

  return {
    /**
     * Saved chats of a deck. Server-stored history is for editors only (spec 02 §6): viewers of a
     * published deck keep preview chats in their browser, so for them the list is empty.
     */
    async listForDeck(owner: Owner, deckId: string): Promise<Chat[]> {
      const deck = await access.forDeck(owner, deckId);
      if (!deck.canEdit) return [];
      return (await chats.listForDeck(owner, deckId)).map(presentChat);
    },

    /**
     * POST /chat/start. The deck's custom instructions are the chat's first (system) message. A
     * preview chat (asked for, spec 02 §6) is answered in full but stored nowhere: the browser
     * keeps it. Saving is for the deck's owner.
     */
    async start(owner: Owner, body: StartBody): Promise<Chat> {
      const deck = await access.forDeck(owner, body.deckId);
      const mode = body.mode ?? 'question';
      const conversation = body.messages ?? (body.initialMessage?.trim() ? [{ role: 'user' as const, content: body.initialMessage }] : []);
      const firstUser = conversation.find((m) => m.role === 'user')?.content;
      const title = body.title?.trim() || defaultTitle(mode, firstUser);
      const messages: NewMessage[] = [
        { role: 'system' as const, content: deck.systemPrompt ?? '' },
        // A user message cites nothing; an answer keeps the sources it drew on.
        ...conversation.map((m) => ({
          role: m.role,
          content: m.content,
          attribution: m.role === 'assistant' && 'attribution' in m && m.attribution?.length ? m.attribution : null,
        })),
      ];
      if (body.preview) {
        const now = new Date();
        return presentChat({
          id: randomUUID(),
          deckId: deck.deckId,
          ownerUserId: owner.userId ?? null,
          ownerAnonId: owner.anonId ?? null,
          title,
          isPreview: true,
          createdAt: now,
          updatedAt: now,
          messages: messages.map((m, position) => ({
            ...m,
            id: randomUUID(),
            chatId: '',
            position,
            attribution: m.attribution ?? null,
            createdAt: now,
          })),
        });
      }
      if (!deck.canEdit) throw ownerOnly('save chats');
      return presentChat(await chats.create({ deckId: deck.deckId, owner, title, messages }));
    },

    async get(owner: Owner, id: string): Promise<Chat> {
      return presentChat((await ownedChat(owner, id)).chat);
    },

    /** DELETE /chat/:id: answers the chat as it was. */
    async remove(owner: Owner, id: string): Promise<Chat> {
      const chat = await chats.findOwned(owner, id);
      if (!chat) throw chatNotFound();
      await chats.remove(chat.id);
      return presentChat(chat);
    },

    /** PUT /chat/:chatId/message: `messageIndex` counts every message, the system one included. */
    async editMessage(owner: Owner, chatId: string, body: EditBody): Promise<Chat> {
      const chat = await chats.findOwned(owner, chatId);
      if (!chat) throw chatNotFound();
      const target = chat.messages[body.messageIndex];
      if (!target) throw new AppError('VALIDATION_FAILED', 'messageIndex: there is no message at this index');
      if (target.role === 'system') {
        throw new AppError('VALIDATION_FAILED', "messageIndex: the system message follows the deck's custom instructions");
      }
      if (body.content.trim() === '') throw new AppError('VALIDATION_FAILED', 'content: Please enter a message');
      await chats.updateMessage(chat.id, target.position, body.content);
      return presentChat((await chats.findOwned(owner, chatId))!);
    },

    /** PUT /chat/deck/:deckId/system-messages: the given instructions (null clears) or the saved ones. */
    async updateSystemMessages(owner: Owner, deckId: string, body: SystemMessagesBody): Promise<number> {
      const deck = await access.forDeck(owner, deckId);
      if (!deck.canEdit) throw ownerOnly("change its chats' instructions");
      const content = body.systemPrompt === undefined ? (deck.systemPrompt ?? '') : (body.systemPrompt ?? '');
      return chats.updateSystemMessages(owner, deckId, content);
    },

    /**
     * POST /chat/message. The user's message is stored before the tutor is asked, so it stays when
     * the AI fails; the answer is stored with its attribution. With `preview`, nothing is written.
     */
    async sendMessage(identity: Identity, owner: Owner, body: SendBody, signal?: AbortSignal): Promise<ChatMessage> {
      const { chat, deck } = await ownedChat(owner, body.chatId);
      await quota.consume(identity);
      const input = { ...(await storedChatInput(chat, deck, body)), ...(signal ? { signal } : {}) };
      if (body.preview) return unsavedAnswer(await runTutor(study, input));
      await chats.append(chat.id, [{ role: 'user', content: body.message }]);
      const answer = await runTutor(study, input);
      // The client left before the answer was ready and saw none of it: like an AI failure, the
      // question stays and no partial answer is stored.
      if (signal?.aborted) return unsavedAnswer(answer);
      const [stored] = await chats.append(chat.id, [
        { role: 'assistant', content: answer.fullResponse, attribution: answer.attribution },
      ]);
      return presentMessage(stored!);
    },

    /** POST /chat/message/ephemeral: any viewer of the deck; nothing is stored. */
    async ephemeralMessage(identity: Identity, owner: Owner, body: EphemeralBody, signal?: AbortSignal): Promise<ChatMessage> {
      const deck = await access.forDeck(owner, body.deckId);
      await quota.consume(identity);
      return unsavedAnswer(await runTutor(study, { ...(await ephemeralInput(deck, body)), ...(signal ? { signal } : {}) }));
    },

    /**
     * POST /chat/stream/:chatId, up to the first byte: the chat's lock (one stream per chat), the
     * user's message stored. Everything that can refuse the call happens here, before any header.
     */
    async openChatStream(identity: Identity, owner: Owner, chatId: string, body: StreamBody, signal: AbortSignal): Promise<TutorStream> {
      const { chat, deck } = await ownedChat(owner, chatId);
      const lease = await lock.acquire(chat.id);
      try {
        // After the lock: a stream refused with 409 does not count against the day's messages.
        await quota.consume(identity);
        const model = body.model && streamModels.includes(body.model) ? { model: body.model } : {};
        const input = { ...(await storedChatInput(chat, deck, body)), ...model, signal };
        await chats.append(chat.id, [{ role: 'user', content: body.message }]);
        const store = async (answer: TutorAnswer) => {
          const [row] = await chats.append(chat.id, [
            { role: 'assistant', content: answer.fullResponse, attribution: answer.attribution },
          ]);
          return presentMessage(row!);
        };
        return {
          events: study.tutor(input),
          complete: store,
          abandon: async (partial) => {
            if (partial.fullResponse.trim() !== '') await store(partial);
          },
          close: () => lease.release(),
        };
      } catch (e) {
        await lease.release();
        throw e;
      }
    },

    /** POST /chat/stream/ephemeral: any viewer of the deck; nothing is stored, no lock is needed. */
    async openEphemeralStream(identity: Identity, owner: Owner, body: EphemeralBody, signal: AbortSignal): Promise<TutorStream> {
      const deck = await access.forDeck(owner, body.deckId);
      await quota.consume(identity);
      const input = await ephemeralInput(deck, body);
      return {
        events: study.tutor({ ...input, signal }),
        complete: async () => undefined,
        abandon: async () => {},
        close: async () => {},
      };
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
