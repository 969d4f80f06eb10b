import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  CHAT_MESSAGES,
  ChatStreamError,
  chatErrorMessage,
  isAmberMessage,
  requestErrorMessage,
  serviceUnavailable,
} from './chat-errors';

const apiError = (status: number, code: ApiError['code'], message: string, body: unknown = null) =>
  new ApiError({ status, code, message, body });

describe('requestErrorMessage', () => {
  it('maps 402, 429, 500 and 503 to the spec words', () => {
    expect(requestErrorMessage(402, {})).toBe(CHAT_MESSAGES.credit);
    expect(requestErrorMessage(429, {})).toBe(CHAT_MESSAGES.tooManyRequests);
    expect(requestErrorMessage(500, {})).toBe(CHAT_MESSAGES.unavailable);
    expect(requestErrorMessage(503, {})).toBe(CHAT_MESSAGES.unavailable);
  });

  it('prefixes a body error field, passes a body message as is, else a generic message', () => {
    expect(requestErrorMessage(400, { error: 'prompt too long' })).toBe(
      'Claude AI error: prompt too long',
    );
    expect(requestErrorMessage(404, { message: 'Chat not found' })).toBe('Chat not found');
    expect(requestErrorMessage(418, 'teapot')).toBe(CHAT_MESSAGES.unexpected);
  });
});

describe('chatErrorMessage', () => {
  it('says the session expired on a 401', () => {
    expect(chatErrorMessage(apiError(401, 'UNAUTHENTICATED', 'no', { error: 'no' }))).toBe(
      CHAT_MESSAGES.sessionExpired,
    );
  });

  it('tells an overload, our rate limit and a lost network apart', () => {
    expect(chatErrorMessage(new ChatStreamError('busy', 'AI_OVERLOADED'))).toBe(
      CHAT_MESSAGES.overloaded,
    );
    expect(chatErrorMessage(new Error('The model is overloaded'))).toBe(CHAT_MESSAGES.overloaded);
    expect(chatErrorMessage(apiError(429, 'RATE_LIMITED', 'slow down'))).toBe(
      CHAT_MESSAGES.tooQuickly,
    );
    expect(chatErrorMessage(apiError(0, 'NETWORK_ERROR', 'Could not reach the server'))).toBe(
      CHAT_MESSAGES.network,
    );
    expect(chatErrorMessage(new TypeError('Failed to fetch'))).toBe(CHAT_MESSAGES.network);
  });

  it("maps the AI provider's failures by status, also when they come as a coded stream event", () => {
    expect(chatErrorMessage(apiError(429, 'AI_RATE_LIMITED', 'x', { error: 'x' }))).toBe(
      CHAT_MESSAGES.tooManyRequests,
    );
    expect(chatErrorMessage(new ChatStreamError('no credit', 'AI_OUT_OF_CREDIT'))).toBe(
      CHAT_MESSAGES.credit,
    );
    expect(chatErrorMessage(new ChatStreamError('bad model', 'AI_BAD_REQUEST'))).toBe(
      'Claude AI error: bad model',
    );
  });

  it('keeps another message as it is, and is silent on a cancel', () => {
    expect(chatErrorMessage(new ChatStreamError('Something odd'))).toBe('Something odd');
    expect(chatErrorMessage(new Error(''))).toBe(CHAT_MESSAGES.sendFailed);
    expect(chatErrorMessage(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});

describe('serviceUnavailable', () => {
  const assistant = (content: string) => ({ role: 'assistant', content });
  const user = (content: string) => ({ role: 'user', content });

  it('shows the banner when one of the last three assistant messages is a service error', () => {
    expect(
      serviceUnavailable([
        assistant('We are encountering HIGH DEMAND right now.'),
        user('q'),
        assistant('fine'),
        assistant('fine'),
      ]),
    ).toBe(true);
    expect(serviceUnavailable([assistant('Claude AI error: overloaded'), user('again')])).toBe(
      true,
    );
  });

  it('ignores older assistant messages and user messages', () => {
    expect(
      serviceUnavailable([
        assistant('too many requests'),
        assistant('a'),
        assistant('b'),
        assistant('c'),
        user('too many requests'),
      ]),
    ).toBe(false);
  });

  it('colours only unavailability and credit messages amber', () => {
    expect(isAmberMessage('The service is currently unavailable.')).toBe(true);
    expect(isAmberMessage('Your credit balance is too low.')).toBe(true);
    expect(isAmberMessage('We are encountering high demand.')).toBe(false);
  });
});
