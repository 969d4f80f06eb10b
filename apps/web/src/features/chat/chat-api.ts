import {
  VECTOR_SEARCH_DEFAULTS,
  checkVectorAvailabilityResponseSchema,
  chatResponseSchema,
  deleteChatResponseSchema,
  enhanceQueryResponseSchema,
  flashcardChatResponseSchema,
  getChatResponseSchema,
  messageResponseSchema,
  retrieveContextResponseSchema,
  type ChatQuestion,
  type EphemeralMessageBody,
  type RetrieveContextResponse,
  type StartChatBody,
  type StreamMessageBody,
} from '@mnemo/contracts/api/chat';
import {
  promptsResponseSchema,
  type QuestionPromptsBody,
  type SourcePromptsBody,
} from '@mnemo/contracts/api/prompts';
import { z } from 'zod';
import {
  chatRoleSchema,
  chatSchema,
  type Attribution,
  type ChatHistory,
} from '@mnemo/contracts/entities/chat';
import { ApiError, api, identityHeaders, type ApiClient } from '../../lib/api';
import { sessionStore, type SessionStore } from '../../lib/session/session-store';
import { CHAT_MESSAGES, ChatStreamError, requestErrorMessage } from './chat-errors';
import { chatEventFromFrame, createSseParser } from './chat-sse';

const at = (id: string) => encodeURIComponent(id);
/** An empty source list is left out: the server then uses all of the deck's sources. */
const onlySome = (sourceIds: string[]) => (sourceIds.length > 0 ? { sourceIds } : {});

/**
 * The history list reads a chat's dates and messages loosely: one bad date shows 'Unknown date'
 * (spec 02 §8) instead of failing the whole list.
 */
const historyListSchema = z.object({
  chats: z.array(
    chatSchema.extend({
      createdAt: z.string().nullish(),
      updatedAt: z.string().nullish(),
      messages: z.array(z.object({ role: chatRoleSchema, content: z.string() })),
    }),
  ),
});

/** The chat calls of spec 02 §7, answers checked against @mnemo/contracts. */
export function chatCalls(client: ApiClient = api) {
  return {
    checkVectorAvailability(deckId: string, sourceIds: string[], signal?: AbortSignal) {
      return client.post(
        '/chat/check-vector-availability',
        { deckId, ...onlySome(sourceIds) },
        { schema: checkVectorAvailabilityResponseSchema, signal },
      );
    },
    /** The query rewritten for retrieval from the last 4 messages. */
    enhanceQuery(deckId: string, query: string, chatHistory: ChatHistory, signal?: AbortSignal) {
      return client.post(
        '/chat/enhance-query',
        { query, chatHistory, deckId },
        { schema: enhanceQueryResponseSchema, signal },
      );
    },
    /** Retrieval with the spec's defaults: topK 5, threshold 0.7, hybrid, 3000 tokens. */
    retrieveContext(
      deckId: string,
      sourceIds: string[],
      query: string,
      signal?: AbortSignal,
    ): Promise<RetrieveContextResponse> {
      return client.post(
        '/chat/retrieve-context',
        { deckId, ...onlySome(sourceIds), query, ...VECTOR_SEARCH_DEFAULTS },
        { schema: retrieveContextResponseSchema, signal },
      );
    },
    start(body: StartChatBody) {
      return client.post('/chat/start', body, { schema: chatResponseSchema });
    },
    get(chatId: string, signal?: AbortSignal) {
      return client.get(`/chat/${at(chatId)}`, { schema: getChatResponseSchema, signal });
    },
    listForDeck(deckId: string, signal?: AbortSignal) {
      return client.get(`/chat/deck/${at(deckId)}`, {
        schema: historyListSchema,
        signal,
      });
    },
    delete(chatId: string) {
      return client.delete(`/chat/${at(chatId)}`, undefined, { schema: deleteChatResponseSchema });
    },
    /** The non-streaming answer in a saved chat. */
    message(
      chatId: string,
      message: string,
      vectorContext: unknown,
      signal?: AbortSignal,
      question?: ChatQuestion,
    ) {
      return client.post(
        '/chat/message',
        { chatId, message, vectorContext, ...(question ? { question } : {}) },
        { schema: messageResponseSchema, signal },
      );
    },
    /** The non-streaming answer of a temporary chat. */
    ephemeral(body: EphemeralMessageBody, signal?: AbortSignal) {
      return client.post('/chat/message/ephemeral', body, {
        schema: messageResponseSchema,
        signal,
      });
    },
    /** Hints and flashcard questions: a one-off answer about one card (spec 02 §7). */
    flashcard(
      cardId: string,
      message: string,
      chatHistory: ChatHistory,
      signal?: AbortSignal,
      mode?: 'hint',
    ) {
      return client.post(
        `/chat/flashcard/${at(cardId)}`,
        // The hint prompt says so by its mode: in another language it names no English "hint".
        mode ? { message, chatHistory, mode } : { message, chatHistory },
        { schema: flashcardChatResponseSchema, signal },
      );
    },
    questionPrompts(body: QuestionPromptsBody, signal?: AbortSignal) {
      return client.post('/questions/conversation-prompts', body, {
        schema: promptsResponseSchema,
        signal,
      });
    },
    sourcePrompts(body: SourcePromptsBody, signal?: AbortSignal) {
      return client.post('/sources/conversation-prompts', body, {
        schema: promptsResponseSchema,
        signal,
      });
    },
  };
}

export const chats = chatCalls();

export type StreamTarget =
  | { kind: 'persistent'; chatId: string; body: StreamMessageBody }
  | { kind: 'ephemeral'; body: EphemeralMessageBody };

export type StreamResult = { fullResponse: string; attribution: Attribution[] | undefined };

export interface StreamDeps {
  fetch?: typeof fetch;
  store?: Pick<SessionStore, 'getToken' | 'getAnonymousSession'>;
  baseUrl?: string;
}

async function errorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

/**
 * POST /chat/stream/:chatId or /chat/stream/ephemeral, read as server-sent events from the response
 * body (EventSource cannot POST). `onRead` receives the text of each network read's chunk events,
 * so the caller can batch renders by read. Resolves with the done event; rejects with an ApiError
 * for an HTTP failure, a ChatStreamError for an error event, and an AbortError when cancelled.
 */
export async function streamChat(
  target: StreamTarget,
  onRead: (text: string) => void,
  signal: AbortSignal,
  deps: StreamDeps = {},
): Promise<StreamResult> {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const path =
    target.kind === 'persistent' ? `/chat/stream/${at(target.chatId)}` : '/chat/stream/ephemeral';
  let response: Response;
  try {
    response = await doFetch(`${deps.baseUrl ?? '/api'}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        ...identityHeaders(deps.store ?? sessionStore),
      },
      body: JSON.stringify(target.body),
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError({ status: 0, message: 'Network error', code: 'NETWORK_ERROR', body: cause });
  }
  if (!response.ok) {
    const body = await errorBody(response);
    throw new ApiError({
      status: response.status,
      message: requestErrorMessage(response.status, body),
      code: 'UNKNOWN',
      body,
    });
  }
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    throw new Error(CHAT_MESSAGES.notEventStream);
  }
  if (!response.body) throw new Error(CHAT_MESSAGES.noBody);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let text = '';

  /** Applies one read's frames; the done event when it came. */
  const handle = (frames: ReturnType<typeof parser.push>): StreamResult | null => {
    let readText = '';
    let done: StreamResult | null = null;
    for (const frame of frames) {
      const event = chatEventFromFrame(frame);
      if (!event) continue;
      if (event.type === 'chunk') readText += event.content;
      else if (event.type === 'error') throw new ChatStreamError(event.message, event.code);
      else done = { fullResponse: event.fullResponse, attribution: event.attribution };
    }
    text += readText;
    onRead(readText);
    return done;
  };

  let result: StreamResult | null = null;
  try {
    while (!result) {
      const { value, done: finished } = await reader.read();
      if (finished) {
        result = handle(parser.end());
        break;
      }
      result = handle(parser.push(decoder.decode(value, { stream: true })));
    }
  } finally {
    // Stop the download when we leave early (done seen, an error event, or a cancel).
    reader.cancel().catch(() => undefined);
  }
  if (signal.aborted) throw new DOMException('The stream was cancelled', 'AbortError');
  if (result) return result;
  // A stream that ended without a done event still said what it said.
  if (text !== '') return { fullResponse: text, attribution: undefined };
  throw new Error(CHAT_MESSAGES.streamError);
}
