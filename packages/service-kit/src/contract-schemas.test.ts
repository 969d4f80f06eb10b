import { describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { internalRoute } from '@mnemo/contracts/internal/routes';
import { contractResponse, contractSchema, internalContractSchema } from './contract-schemas';

describe('contract schemas', () => {
  it('takes params, query, body and the answer under its success status from the route table', () => {
    const register = contractSchema('POST /auth/register');
    expect(register.body).toBe(route('POST /auth/register').body);
    expect(register.response[201]).toBe(route('POST /auth/register').response);
    expect(Object.keys(register).sort()).toEqual(['body', 'response']);

    const limits = contractSchema('GET /auth/anonymous-limits/:sessionId');
    expect(limits.params).toBe(route('GET /auth/anonymous-limits/:sessionId').params);
    expect(limits.response[200]).toBe(route('GET /auth/anonymous-limits/:sessionId').response);
  });

  it('leaves out a multipart body (the route reads the form) and the answer of a stream', () => {
    expect('body' in contractSchema('POST /upload/document')).toBe(false);
    const stream = contractSchema('POST /chat/stream/:chatId') as Record<string, unknown>;
    expect(stream.params).toBeDefined();
    expect(stream.body).toBeDefined();
    expect('response' in stream).toBe(false);
  });

  it('contractResponse refuses a call without an answer schema', () => {
    expect(() => contractResponse('POST /chat/stream/:chatId')).toThrow();
  });

  it('names an internal call by its service: deck and chat answer the same path with their own schemas', () => {
    const deck = internalContractSchema('deck POST /internal/claim-anonymous');
    const chat = internalContractSchema('chat POST /internal/claim-anonymous');
    expect(deck.body).toBe(chat.body);
    expect(deck.response[200]).toBe(internalRoute('deck POST /internal/claim-anonymous').response);
    expect(chat.response[200]).toBe(internalRoute('chat POST /internal/claim-anonymous').response);
    expect(deck.response[200]).not.toBe(chat.response[200]);
    expect(() => internalContractSchema('auth POST /internal/nowhere' as never)).toThrow();
  });
});
