import { describe, expect, it } from 'vitest';
import { chatStreamEventSchemas, findRoute, ROUTES } from './routes';

/** Every call of spec 01 §7 and spec 02 §7, written out from the spec, with its service. */
const SPEC_CALLS: [string, string, string][] = [
  ['POST', '/auth/register', 'auth'], ['POST', '/auth/login', 'auth'], ['POST', '/auth/google', 'auth'],
  ['GET', '/auth/me', 'auth'], ['POST', '/auth/verify-email', 'auth'], ['POST', '/auth/resend-verification', 'auth'],
  ['GET', '/auth/anonymous-limits/:sessionId', 'auth'], ['POST', '/auth/request-password-reset', 'auth'],
  ['GET', '/auth/validate-reset-token/:token', 'auth'], ['POST', '/auth/reset-password', 'auth'],
  ['POST', '/mobile/send-link', 'auth'],
  ['GET', '/spaces', 'deck'], ['GET', '/spaces/:id', 'deck'], ['POST', '/spaces', 'deck'], ['PUT', '/spaces/:id', 'deck'],
  ['DELETE', '/spaces/:id', 'deck'], ['POST', '/decks', 'deck'], ['GET', '/decks', 'deck'], ['GET', '/decks/:id', 'deck'],
  ['PUT', '/decks/:id', 'deck'], ['DELETE', '/decks/:id', 'deck'], ['POST', '/decks/:id/sources', 'deck'],
  ['DELETE', '/decks/:id/sources/:sourceId', 'deck'], ['PUT', '/decks/:id/publish', 'deck'], ['GET', '/decks/explore', 'deck'],
  ['GET', '/decks/:id/size', 'deck'], ['POST', '/decks/:id/clone', 'deck'], ['POST', '/ai/process-source', 'deck'],
  ['POST', '/ai/generate-cards-from-source', 'deck'], ['GET', '/ai/source-status/:deckId/:sourceId', 'deck'],
  ['POST', '/upload/document', 'deck'], ['POST', '/payment/create-checkout-session', 'billing'],
  ['POST', '/payment/create-billing-portal', 'billing'], ['GET', '/payment/usage', 'billing'],
  ['POST', '/payment/check-usage-limit', 'billing'], ['GET', '/youtube/search', 'deck'],
  ['GET', '/questions/deck/:deckId', 'deck'], ['GET', '/questions/deck/:deckId/all', 'deck'],
  ['POST', '/questions/deck/:deckId/generate', 'deck'], ['PUT', '/questions/:id', 'deck'], ['DELETE', '/questions/:id', 'deck'],
  ['POST', '/questions/:id/evaluate', 'deck'], ['GET', '/cards/deck/:deckId', 'deck'], ['POST', '/cards/:id/evaluate', 'deck'],
  ['POST', '/cards/deck/:deckId/generate', 'deck'],
  ['POST', '/chat/retrieve-context', 'chat'], ['POST', '/chat/enhance-query', 'chat'], ['POST', '/chat/check-vector-availability', 'chat'],
  ['POST', '/chat/start', 'chat'], ['GET', '/chat/:id', 'chat'], ['GET', '/chat/deck/:deckId', 'chat'], ['DELETE', '/chat/:id', 'chat'],
  ['PUT', '/chat/:chatId/message', 'chat'], ['PUT', '/chat/deck/:deckId/system-messages', 'chat'], ['POST', '/chat/message', 'chat'],
  ['POST', '/chat/message/ephemeral', 'chat'], ['POST', '/chat/stream/:chatId', 'chat'], ['POST', '/chat/stream/ephemeral', 'chat'],
  ['POST', '/chat/flashcard/:cardId', 'chat'], ['POST', '/questions/conversation-prompts', 'chat'],
  ['POST', '/sources/conversation-prompts', 'chat'], ['GET', '/ai/progress/:sourceId', 'gateway'],
];

describe('the route table', () => {
  it('holds every call of both spec documents with the service that answers it', () => {
    for (const [method, path, service] of SPEC_CALLS) {
      const route = findRoute(method, path);
      expect(route, `${method} ${path}`).toBeDefined();
      expect(route!.service, `${method} ${path}`).toBe(service);
    }
  });

  it('lists each call once, and marks anything beyond the spec as an addition', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const spec = new Set(SPEC_CALLS.map(([m, p]) => `${m} ${p}`));
    for (const r of ROUTES) if (!spec.has(`${r.method} ${r.path}`)) expect(r.addition, `${r.method} ${r.path}`).toBe(true);
  });

  it('gives every non-streaming call an answer schema', () => {
    for (const r of ROUTES) if (!r.stream) expect(r.response, `${r.method} ${r.path}`).toBeDefined();
  });
});

describe('answers shaped as the spec shows them', () => {
  const parse = (method: string, path: string, value: unknown) => findRoute(method, path)!.response!.parse(value);

  it('login answers token, _id, email and firstName at the top level', () => {
    const user = { _id: 'u1', email: 'a@b.c', firstName: 'Ada' };
    expect(parse('POST', '/auth/login', { success: true, token: 't', ...user, user })).toMatchObject({ token: 't', _id: 'u1' });
    expect(() => parse('POST', '/auth/login', { success: true, user })).toThrow();
  });

  it('spaces are wrapped in data; explore has data and pagination with total and totalPages', () => {
    expect(parse('GET', '/spaces', { data: [{ _id: 's', title: 'Bio', description: '', decks: [] }] }).data).toHaveLength(1);
    expect(() => parse('GET', '/spaces', [{ _id: 's' }])).toThrow();
    const card = { _id: 'd', title: 'T', createdAt: '2026-01-01T00:00:00Z', publishedAt: null, cardCount: 3, sources: [], publishedAnonymously: true, ownerName: null };
    expect(parse('GET', '/decks/explore', { data: [card], pagination: { total: 1, totalPages: 1 } }).pagination.totalPages).toBe(1);
  });

  it('a question list has questions and pagination with total and pages', () => {
    expect(() => parse('GET', '/questions/deck/:deckId', { questions: [], pagination: { total: 0, totalPages: 0 } })).toThrow();
    expect(parse('GET', '/questions/deck/:deckId', { questions: [], pagination: { total: 0, pages: 0 } }).questions).toEqual([]);
  });

  it('stream events are chunk {content}, done {fullResponse} and error {message}', () => {
    expect(chatStreamEventSchemas.chunk.parse({ content: 'Hel' })).toEqual({ content: 'Hel' });
    expect(chatStreamEventSchemas.done.parse({ fullResponse: 'Hello' })).toEqual({ fullResponse: 'Hello' });
    expect(() => chatStreamEventSchemas.error.parse({})).toThrow();
  });
});

describe('request bounds', () => {
  const body = (method: string, path: string) => findRoute(method, path)!.body!;

  it('refuses custom AI instructions over 2000 characters', () => {
    expect(body('PUT', '/decks/:id').safeParse({ systemPrompt: 'x'.repeat(2000) }).success).toBe(true);
    expect(body('PUT', '/decks/:id').safeParse({ systemPrompt: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('refuses an unknown question type and fills the retrieval defaults of spec 02 §9', () => {
    const gen = body('POST', '/questions/deck/:deckId/generate');
    expect(gen.safeParse({ questionTypes: ['essay'], totalQuestions: 5 }).success).toBe(false);
    const retrieve = body('POST', '/chat/retrieve-context').parse({ deckId: '3f0c2f0e-4a4b-4f0a-9d56-1f0b2b3c4d5e', query: 'cells' });
    expect(retrieve).toMatchObject({ topK: 5, threshold: 0.7, useHybridSearch: true, maxContextTokens: 3000 });
  });

  it('defaults card generation to 10 and keeps the count within 1-100', () => {
    const cards = body('POST', '/cards/deck/:deckId/generate');
    expect(cards.parse({})).toMatchObject({ count: 10 });
    expect(cards.safeParse({ count: 101 }).success).toBe(false);
  });
});
