import { z } from 'zod';
import { idSchema, successFlag, successSchema } from '../common';
import {
  CHAT_HISTORY_MAX,
  CHAT_MESSAGE_MAX,
  attributionSchema,
  chatHistorySchema,
  chatMessageSchema,
  chatSchema,
  chatStreamEventSchemas,
  passagePositionSchema,
  vectorContextChunkSchema,
} from '../entities/chat';
import { customInstructionsSchema } from '../entities/deck';

/** Chat calls of spec 02 §7. "returns X" in the spec is an answer with the field X. */

/** A message the user sends: non-empty after trimming (spec 02 §5). */
export const userMessageSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a message')
  .max(CHAT_MESSAGE_MAX);
const sourceIds = z.array(idSchema).max(100);

/** Vector search defaults (spec 02 §9). */
export const VECTOR_SEARCH_DEFAULTS = {
  topK: 5,
  threshold: 0.7,
  useHybridSearch: true,
  maxContextTokens: 3000,
} as const;

export const retrieveContextBodySchema = z.object({
  deckId: idSchema,
  sourceIds: sourceIds.optional(),
  query: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
  topK: z.number().int().min(1).max(50).default(VECTOR_SEARCH_DEFAULTS.topK),
  threshold: z.number().min(0).max(1).default(VECTOR_SEARCH_DEFAULTS.threshold),
  useHybridSearch: z.boolean().default(VECTOR_SEARCH_DEFAULTS.useHybridSearch),
  maxContextTokens: z
    .number()
    .int()
    .min(100)
    .max(32_000)
    .default(VECTOR_SEARCH_DEFAULTS.maxContextTokens),
});
export type RetrieveContextBody = z.input<typeof retrieveContextBodySchema>;
/**
 * The chunks over the threshold, best first, grouped by source and cut to the token budget, with
 * their attribution. Pass the whole answer (or its `chunks`) back as `vectorContext`.
 */
// not shown in the spec: our design.
export const retrieveContextResponseSchema = successSchema.extend({
  chunks: z.array(vectorContextChunkSchema),
  attribution: z.array(attributionSchema),
  tokenCount: z.number().int().min(0),
});
export type RetrieveContextResponse = z.output<typeof retrieveContextResponseSchema>;

/**
 * `vectorContext` of the message calls. The spec does not show its shape: the chunks, the whole
 * retrieve-context answer, or already formatted text are all accepted; null or missing means none.
 */
export const vectorContextInputSchema = z
  .union([
    z.array(vectorContextChunkSchema).max(200),
    z.object({
      chunks: z.array(vectorContextChunkSchema).max(200),
      attribution: z.array(attributionSchema).optional(),
    }),
    z.string().max(200_000),
  ])
  .nullish();
export type VectorContextInput = z.input<typeof vectorContextInputSchema>;

export const enhanceQueryBodySchema = z.object({
  query: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
  /** The client sends the last 4 messages; the server uses at most the last 4. */
  chatHistory: chatHistorySchema.optional(),
  deckId: idSchema,
});
export type EnhanceQueryBody = z.input<typeof enhanceQueryBodySchema>;
export const enhanceQueryResponseSchema = z.object({
  success: successFlag,
  enhancedQuery: z.string(),
});
export type EnhanceQueryResponse = z.output<typeof enhanceQueryResponseSchema>;

export const checkVectorAvailabilityBodySchema = z.object({
  deckId: idSchema,
  sourceIds: sourceIds.optional(),
});
export type CheckVectorAvailabilityBody = z.input<typeof checkVectorAvailabilityBodySchema>;
export const checkVectorAvailabilityResponseSchema = z.object({
  success: successFlag,
  available: z.boolean(),
  /** Addition: how many embedded chunks the sources have. */
  chunkCount: z.number().int().min(0).optional(),
});
export type CheckVectorAvailabilityResponse = z.output<
  typeof checkVectorAvailabilityResponseSchema
>;

/**
 * Addition (issue 21): one passage of a source, as an answer's citation [n] links to it. Anyone who
 * may view the source's deck may read it; others get 404 as for the deck.
 */
export const sourcePassageParamsSchema = z.object({
  sourceId: idSchema,
  chunkIndex: z.coerce.number().int().min(0).max(1_000_000),
});
export type SourcePassageParams = z.input<typeof sourcePassageParamsSchema>;
export const sourcePassageResponseSchema = z.object({
  success: successFlag,
  passage: passagePositionSchema.extend({
    deckId: idSchema,
    sourceId: idSchema,
    sourceTitle: z.string(),
    chunkIndex: z.number().int().min(0),
    /** The section heading the passage stands under, when the source has one. */
    heading: z.string().optional(),
    content: z.string(),
  }),
});
export type SourcePassageResponse = z.output<typeof sourcePassageResponseSchema>;

/**
 * Addition: what a chat is about (spec 02 §3 chat context type). It picks the tutor's rules and the
 * default title's prefix; a stored chat keeps it in that prefix ('Source Discussion: ' is source).
 */
export const chatModeSchema = z.enum(['question', 'source']);
export type ChatMode = z.infer<typeof chatModeSchema>;

export const startChatBodySchema = z.object({
  deckId: idSchema,
  /** Addition: the chat's mode; question (a 'Study Session: ' title) when absent. */
  mode: chatModeSchema.optional(),
  title: z.string().trim().max(200).optional(),
  initialMessage: z.string().max(CHAT_MESSAGE_MAX).optional(),
  /** A preview chat of someone else's published deck (spec 02 §6). */
  preview: z.boolean().default(false),
  /**
   * Addition: the conversation so far, when a temporary chat is saved (Save Chat, spec 02 §4). Stored
   * after the deck's system message, in order; `initialMessage` is then not used.
   */
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(CHAT_MESSAGE_MAX),
        /** The sources an assistant answer drew on, kept with the saved answer. */
        attribution: z.array(attributionSchema).max(50).optional(),
      }),
    )
    .max(CHAT_HISTORY_MAX)
    .optional(),
});
export type StartChatBody = z.input<typeof startChatBodySchema>;
export const chatResponseSchema = z.object({ success: successFlag, chat: chatSchema });
export type ChatResponse = z.output<typeof chatResponseSchema>;
export const startChatResponseSchema = chatResponseSchema;

export const chatParamsSchema = z.object({ id: idSchema });
export const chatIdParamsSchema = z.object({ chatId: idSchema });
export const deckChatsParamsSchema = z.object({ deckId: idSchema });
export const flashcardChatParamsSchema = z.object({ cardId: idSchema });

// not shown in the spec: our design.
export const getChatResponseSchema = successSchema.extend({ chat: chatSchema });
export type GetChatResponse = z.output<typeof getChatResponseSchema>;
/** Saved chats of a deck, newest first; empty for a viewer who is not an editor (spec 02 §6). */
// not shown in the spec: our design.
export const listDeckChatsResponseSchema = successSchema.extend({ chats: z.array(chatSchema) });
export type ListDeckChatsResponse = z.output<typeof listDeckChatsResponseSchema>;
// not shown in the spec: our design: the chat as it was.
export const deleteChatResponseSchema = getChatResponseSchema;

export const editMessageBodySchema = z.object({
  messageIndex: z.number().int().min(0),
  content: z.string().max(CHAT_MESSAGE_MAX),
});
export type EditMessageBody = z.input<typeof editMessageBodySchema>;
// not shown in the spec: our design: the chat as it is now.
export const editMessageResponseSchema = getChatResponseSchema;

/**
 * Rewrites the system message of every chat of the deck from its custom AI instructions: the ones
 * given here, or the deck's saved systemPrompt when absent.
 */
// not shown in the spec: our design (the body).
export const updateSystemMessagesBodySchema = z.object({
  systemPrompt: customInstructionsSchema.nullish(),
});
export type UpdateSystemMessagesBody = z.input<typeof updateSystemMessagesBodySchema>;
export const updateSystemMessagesResponseSchema = z.object({
  success: successFlag,
  updatedCount: z.number().int().min(0),
});
export type UpdateSystemMessagesResponse = z.output<typeof updateSystemMessagesResponseSchema>;

/**
 * Addition (issue 21): the question the learner is studying, for a question-mode message. The
 * service reads the question itself from the deck (never the client's copy of it, nor its answer)
 * and tells the tutor the correct answer only once `answerSubmitted`; `isCorrect` and `feedback`
 * are the evaluation the learner was shown (a free response's is the grader's, which the client
 * holds). A question of another deck is ignored.
 */
export const chatQuestionSchema = z.object({
  questionId: idSchema,
  answerSubmitted: z.boolean().optional(),
  /** The learner's answer: an option's text or index, or a free response. */
  userAnswer: z.union([z.string().max(CHAT_MESSAGE_MAX), z.number().int().min(0)]).nullish(),
  isCorrect: z.boolean().nullish(),
  feedback: z.string().max(CHAT_MESSAGE_MAX).nullish(),
});
export type ChatQuestion = z.input<typeof chatQuestionSchema>;

export const sendMessageBodySchema = z.object({
  chatId: idSchema,
  message: userMessageSchema,
  vectorContext: vectorContextInputSchema,
  preview: z.boolean().optional(),
  question: chatQuestionSchema.optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;
/** The assistant's answer; the user's message and the answer are both stored in the chat. */
export const messageResponseSchema = z.object({ success: successFlag, message: chatMessageSchema });
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** A system message the client composes (the tutor prompt of spec 02 §9). */
const systemMessage = z.string().max(CHAT_MESSAGE_MAX).optional();
export const ephemeralMessageBodySchema = z.object({
  deckId: idSchema,
  message: userMessageSchema,
  systemMessage,
  sourceIds: sourceIds.optional(),
  vectorContext: vectorContextInputSchema,
  /** Addition: the chat's mode; question when absent. */
  mode: chatModeSchema.optional(),
  /** Addition: the conversation so far (ephemeral chats keep it in the browser), oldest first. */
  chatHistory: chatHistorySchema.optional(),
  question: chatQuestionSchema.optional(),
});
export type EphemeralMessageBody = z.input<typeof ephemeralMessageBodySchema>;

export const streamMessageBodySchema = z.object({
  message: userMessageSchema,
  vectorContext: vectorContextInputSchema,
  /** A model name the client may ask for; the server uses its own when it does not offer that one. */
  model: z.string().max(100).optional(),
  question: chatQuestionSchema.optional(),
});
export type StreamMessageBody = z.input<typeof streamMessageBodySchema>;
export const streamEphemeralBodySchema = ephemeralMessageBodySchema;
export type StreamEphemeralBody = EphemeralMessageBody;
/** The SSE events of both stream calls: event name to the schema of its data. */
export const chatStreamEvents = chatStreamEventSchemas;

export const flashcardChatBodySchema = z.object({
  message: userMessageSchema,
  chatHistory: chatHistorySchema.optional(),
  /**
   * Addition: 'hint' asks for a hint that does not give the answer away (spec 02 §7 "hints reuse
   * it"); without it, a message asking for a hint is answered as one too.
   */
  mode: z.enum(['flashcard', 'hint']).optional(),
  /** Addition: once the learner has submitted an answer the tutor may discuss the correct one. */
  answerSubmitted: z.boolean().optional(),
  userAnswer: z.union([z.string().max(CHAT_MESSAGE_MAX), z.number().int().min(0)]).optional(),
});
export type FlashcardChatBody = z.input<typeof flashcardChatBodySchema>;
export const flashcardChatResponseSchema = z.object({ success: successFlag, response: z.string() });
export type FlashcardChatResponse = z.output<typeof flashcardChatResponseSchema>;
