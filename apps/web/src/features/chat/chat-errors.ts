import { ERROR_STATUS, errorCodeSchema } from '@mnemo/contracts/errors';
import { isApiError } from '../../lib/api';

/** The chat words of spec 02 §8. */
export const CHAT_MESSAGES = {
  overloaded: 'The AI service is currently overloaded. Please try again in a moment.',
  tooQuickly: "You're sending messages too quickly. Please wait a moment before trying again.",
  network: 'Network error. Please check your connection and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  sendFailed: 'Failed to send message',
  credit: 'Your credit balance is too low to access the Claude AI service.',
  tooManyRequests: 'Too many requests to Claude AI. Please try again later.',
  unavailable: 'Claude AI service is temporarily unavailable. Your messages are still being saved.',
  unexpected: 'An unexpected error occurred',
  apology: 'I apologize, but I encountered an error processing your message. Please try again.',
  saveFailed: 'Failed to save chat. Please try again.',
  historyFailed: 'Failed to load chat history',
  loadFailed: 'Failed to load chat',
  deleteFailed: 'Failed to delete chat',
  previewNotFound: 'Preview chat not found',
  notEventStream: 'Server did not respond with an event stream',
  noBody: 'No response body',
  streamError: 'Stream error occurred',
  noResponse: 'Failed to get response',
  bannerTitle: 'Claude AI service is temporarily unavailable',
  bannerText:
    "Your messages are still being saved, but AI responses won't be generated until the service is available again.",
} as const;

/** An `error` event of a chat stream (spec 02 §7), with the server's code when it sent one. */
export class ChatStreamError extends Error {
  readonly code: string | null;
  constructor(message: string, code?: string | null) {
    super(message);
    this.name = 'ChatStreamError';
    this.code = code ?? null;
  }
}

/** Whether a failure is the user's own cancel (an aborted fetch or read). */
export function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

/**
 * Spec 02 §8 "chat request status": the message for an HTTP failure of a chat call, from its
 * status and body.
 */
export function requestErrorMessage(status: number, body: unknown): string {
  if (status === 402) return CHAT_MESSAGES.credit;
  if (status === 429) return CHAT_MESSAGES.tooManyRequests;
  if (status === 500 || status === 503) return CHAT_MESSAGES.unavailable;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof fields.error === 'string' && fields.error.trim() !== '') {
    return `Claude AI error: ${fields.error}`;
  }
  if (typeof fields.message === 'string' && fields.message.trim() !== '') return fields.message;
  return CHAT_MESSAGES.unexpected;
}

type Failure = { status: number | null; code: string | null; message: string; body: unknown };

function describe(error: unknown): Failure {
  if (isApiError(error)) {
    return { status: error.status, code: error.code, message: error.message, body: error.body };
  }
  if (error instanceof ChatStreamError) {
    // A coded stream error is mapped like the HTTP answer the same code would have had.
    const known = errorCodeSchema.safeParse(error.code);
    return {
      status: known.success ? ERROR_STATUS[known.data] : null,
      code: error.code,
      message: error.message,
      body: { error: error.message },
    };
  }
  if (error instanceof Error)
    return { status: null, code: null, message: error.message, body: null };
  return { status: null, code: null, message: typeof error === 'string' ? error : '', body: null };
}

/**
 * Spec 02 §8 "chat send errors": the red chatError under the input for a failed send, or null for
 * a cancel. The provider's overload and our own rate limit are told apart by code as well as by
 * words, so the AI's 503 overload does not read as a plain outage.
 */
export function chatErrorMessage(error: unknown): string | null {
  if (isAbort(error)) return null;
  const failure = describe(error);
  const text = failure.message;
  if (failure.status === 401) return CHAT_MESSAGES.sessionExpired;
  if (failure.code === 'AI_OVERLOADED' || /overloaded/i.test(text)) return CHAT_MESSAGES.overloaded;
  if (failure.code === 'RATE_LIMITED' || /rate limit/i.test(text)) return CHAT_MESSAGES.tooQuickly;
  if (
    failure.status === 0 ||
    failure.code === 'NETWORK_ERROR' ||
    /network|failed to fetch/i.test(text)
  ) {
    return CHAT_MESSAGES.network;
  }
  if (failure.status !== null && failure.status >= 400) {
    return requestErrorMessage(failure.status, failure.body);
  }
  return text.trim() !== '' ? text : CHAT_MESSAGES.sendFailed;
}

/** Spec 02 §8: phrases that mark an assistant message as a service error. */
const SERVICE_ERROR_PHRASES = [
  'service temporarily unavailable',
  'credit balance too low',
  'too many requests',
  'high demand',
  'failed to send message to claude',
  'claude ai error',
  // The banner's extra triggers.
  'service is currently unavailable',
  'credit balance',
  'encountering high demand',
];
/** Of the banner's extra triggers, these also colour the message itself amber. */
const AMBER_PHRASES = ['service is currently unavailable', 'credit balance'];

/** Spec 02 §9: how many of the latest assistant messages are checked. */
export const SERVICE_CHECK_MESSAGES = 3;

export function isServiceErrorText(content: string): boolean {
  const lower = content.toLowerCase();
  return SERVICE_ERROR_PHRASES.some((phrase) => lower.includes(phrase));
}

export function isAmberMessage(content: string): boolean {
  const lower = content.toLowerCase();
  return AMBER_PHRASES.some((phrase) => lower.includes(phrase));
}

/** Whether the unavailable banner shows: any of the last 3 assistant messages is a service error. */
export function serviceUnavailable(
  messages: readonly { role: string; content: string }[],
): boolean {
  return messages
    .filter((m) => m.role === 'assistant')
    .slice(-SERVICE_CHECK_MESSAGES)
    .some((m) => isServiceErrorText(m.content));
}
