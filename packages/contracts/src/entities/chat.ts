import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { errorCodeSchema } from '../errors';

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
export const chatRoleSchema = z.enum(CHAT_ROLES);
export type ChatRole = z.infer<typeof chatRoleSchema>;

/** Where a chunk stands in its source: a document's page (1-based), a video's second. */
export const passagePositionSchema = z.object({
  page: z.number().int().min(1).optional(),
  startSeconds: z.number().min(0).optional(),
});
export type PassagePosition = z.infer<typeof passagePositionSchema>;

/** One cited passage of an answer: `n` is the answer's [n] marker. */
export const citedPassageSchema = passagePositionSchema.extend({
  n: z.number().int().min(1),
  chunkIndex: z.number().int().min(0),
});
export type CitedPassage = z.infer<typeof citedPassageSchema>;

/** Attribution of an answer to the source chunks it used (spec 02 §3). */
export const attributionSchema = z.object({
  sourceId: idSchema,
  title: z.string(),
  chunkIndexes: z.array(z.number().int().min(0)),
  /**
   * Addition (issue 21): the passages the answer cites with [n] markers, each with its marker
   * number and where it stands in the source (a document's page, a video's second), so a citation
   * links to the passage in the source view.
   */
  passages: z.array(citedPassageSchema).max(50).optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** A chat message (spec 02 §3). System messages are stored but the client hides them. */
export const chatMessageSchema = z.object({
  role: chatRoleSchema,
  content: z.string(),
  timestamp: isoDateSchema,
  /** Addition: the sources an assistant answer drew on. */
  attribution: z.array(attributionSchema).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat (spec 02 §3). `deckId` is "in some responses" in the spec; ours always carry it. */
export const chatSchema = z.object({
  _id: idSchema,
  title: z.string(),
  deckId: idSchema,
  messages: z.array(chatMessageSchema),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  isPreview: z.boolean(),
});
export type Chat = z.infer<typeof chatSchema>;

/** Chat history as the client sends it: role and content only. */
export const CHAT_MESSAGE_MAX = 20_000;
export const CHAT_HISTORY_MAX = 100;
export const chatHistorySchema = z
  .array(z.object({ role: chatRoleSchema, content: z.string().max(CHAT_MESSAGE_MAX) }))
  .max(CHAT_HISTORY_MAX);
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** One chunk of vector context (spec 02 §3). */
export const vectorContextChunkSchema = z.object({
  content: z.string(),
  score: z.number(),
  sourceId: idSchema,
  sourceTitle: z.string(),
  /** Addition: the chunk's position in its source, as attribution refers to it. */
  chunkIndex: z.number().int().min(0).optional(),
  /** Addition (issue 21): the document page or video second the chunk starts at. */
  page: passagePositionSchema.shape.page,
  startSeconds: passagePositionSchema.shape.startSeconds,
});
export type VectorContextChunk = z.infer<typeof vectorContextChunkSchema>;

/**
 * Stream events of the chat streams (spec 02 §7): chunk {content}, done {fullResponse}, error
 * {message}. The server writes each as `event: <type>` plus `data: <JSON>` whose JSON also carries
 * `type`, so a client reading either the event name or the data can tell them apart.
 */
export const CHAT_STREAM_EVENTS = ['chunk', 'done', 'error'] as const;
export type ChatStreamEventType = (typeof CHAT_STREAM_EVENTS)[number];
export const chatStreamEventSchemas = {
  chunk: z.object({ type: z.literal('chunk').optional(), content: z.string() }),
  done: z.object({
    type: z.literal('done').optional(),
    fullResponse: z.string(),
    // Additions: the stored assistant message (persistent chats) and what it drew on.
    message: chatMessageSchema.optional(),
    attribution: z.array(attributionSchema).optional(),
  }),
  error: z.object({
    type: z.literal('error').optional(),
    message: z.string(),
    /** Addition: the stable code (AI_OVERLOADED, AI_RATE_LIMITED, ...) behind the message. */
    code: errorCodeSchema.optional(),
  }),
} as const;

/** The data of any chat stream event, told apart by `type`. */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  chatStreamEventSchemas.chunk.extend({ type: z.literal('chunk') }),
  chatStreamEventSchemas.done.extend({ type: z.literal('done') }),
  chatStreamEventSchemas.error.extend({ type: z.literal('error') }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/**
 * Selected-text chips (spec 02 §3) are sent as one user message: this prefix, then the selected
 * texts separated by blank lines (text typed beside them comes last). The web app writes it and
 * the tutor reads it, so the tutor can explain a selection instead of searching for its words.
 */
export const EXPLAIN_PREFIX = 'Explain this:';

/** The texts of a message sent from chips, or null for an ordinary message. */
export function chipTextsOf(content: string): string[] | null {
  if (!content.startsWith(EXPLAIN_PREFIX)) return null;
  const texts = content
    .slice(EXPLAIN_PREFIX.length)
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return texts.length > 0 ? texts : null;
}
