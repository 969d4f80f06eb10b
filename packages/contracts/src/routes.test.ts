import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { findRoute, route, ROUTE_AUTH, ROUTES, SERVICES, type RouteBody, type RouteResponse } from './routes';

/**
 * Every call of spec 01 §7 and spec 02 §7, written as the spec writes it, with the service we
 * assign. Source calls that spec 02 repeats from spec 01 are listed once.
 */
const SPEC_CALLS = `
POST /auth/register                         auth
POST /auth/login                            auth
POST /auth/google                           auth
GET /auth/me                                auth
POST /auth/verify-email                     auth
POST /auth/resend-verification              auth
GET /auth/anonymous-limits/{sessionId}      auth
POST /auth/request-password-reset           auth
GET /auth/validate-reset-token/{token}      auth
POST /auth/reset-password                   auth
POST /mobile/send-link                      auth
GET /spaces                                 deck
GET /spaces/{id}                            deck
POST /spaces                                deck
PUT /spaces/{id}                            deck
DELETE /spaces/{id}                         deck
POST /decks                                 deck
GET /decks                                  deck
GET /decks/{id}                             deck
PUT /decks/{id}                             deck
DELETE /decks/{id}                          deck
POST /decks/{id}/sources                    deck
DELETE /decks/{id}/sources/{sourceId}       deck
PUT /decks/{id}/publish                     deck
GET /decks/explore                          deck
GET /decks/{id}/size                        deck
POST /decks/{id}/clone                      deck
POST /ai/process-source                     deck
POST /ai/generate-cards-from-source         deck
GET /ai/source-status/{deckId}/{sourceId}   deck
POST /upload/document                       deck
POST /payment/create-checkout-session       billing
POST /payment/create-billing-portal         billing
GET /payment/usage                          billing
POST /payment/check-usage-limit             billing
GET /youtube/search                         deck
GET /questions/deck/{deckId}                deck
GET /questions/deck/{deckId}/all            deck
POST /questions/deck/{deckId}/generate      deck
PUT /questions/{id}                         deck
DELETE /questions/{id}                      deck
POST /questions/{id}/evaluate               deck
POST /cards/deck/{deckId}/generate          deck
POST /chat/retrieve-context                 chat
POST /chat/enhance-query                    chat
POST /chat/check-vector-availability        chat
POST /chat/start                            chat
GET /chat/{id}                              chat
GET /chat/deck/{deckId}                     chat
DELETE /chat/{id}                           chat
PUT /chat/{chatId}/message                  chat
PUT /chat/deck/{deckId}/system-messages     chat
POST /chat/message                          chat
POST /chat/message/ephemeral                chat
POST /chat/stream/{chatId}                  chat
POST /chat/stream/ephemeral                 chat
POST /chat/flashcard/{cardId}               chat
POST /questions/conversation-prompts        chat
POST /sources/conversation-prompts          chat
GET /ai/progress/{sourceId}                 gateway
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path, service] = line.trim().split(/\s+/) as [string, string, string];
    return { method, path: path.replace(/\{(\w+)\}/g, ':$1'), service };
  });

/** Spec 02 describes the card list and card evaluation without paths: ours. */
const OUR_PATHS = ['GET /cards/deck/:deckId', 'POST /cards/:id/evaluate'];
/**
 * Not in the spec: logout, the sign-in configuration, issuing guest ids, the Stripe webhook, demo billing, and the
 * progress stream's ticket (a login token must not travel in its URL).
 */
const ADDITIONS = [
  'POST /ai/progress/:sourceId/ticket',
  'POST /auth/logout',
  'GET /auth/config',
  'POST /auth/anonymous-sessions',
  'POST /payment/webhook',
  'GET /payment/demo/checkout/:sessionId',
  'POST /payment/demo/checkout/:sessionId/complete',
  'GET /payment/demo/subscription',
  'POST /payment/demo/subscription/cancel',
  // Where a generation stands (issue 22).
  'GET /questions/deck/:deckId/generation/:jobId',
  'GET /questions/deck/:deckId/generation',
  // Spaced repetition (issue 20).
  'POST /questions/:id/review',
  'GET /review/due',
  'GET /review/due-counts',
  'GET /review/stats',
  'GET /review/settings',
  'PUT /review/settings',
  'POST /classes',
  'GET /classes',
  'POST /classes/join',
  'PUT /classes/:id',
  'GET /classes/:id/dashboard',
  'POST /classes/:id/code/rotate',
  'DELETE /classes/:id/members/me',
  'DELETE /classes/:id/members/:memberId',
  // The passage a citation [n] links to (issue 21).
  'GET /chat/sources/:sourceId/passages/:chunkIndex',
  'POST /classes/curriculum',
  'GET /classes/curriculum/:spaceId',
  'GET /decks/:id/mastery',
  'GET /decks/:id/quiz',
  'POST /decks/:id/discard-failed-creation',
  // Downloads of uploaded files (the sources' download links).
  'GET /files/*',
  // Exchange with Anki, Quizlet and spreadsheets (issue 24).
  'GET /decks/:id/export',
  'POST /decks/import',
  'POST /decks/import/preview',
];

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the route table', () => {
  it('holds every call of both spec documents, answered by the service the call belongs to', () => {
    expect(SPEC_CALLS).toHaveLength(60);
    for (const call of SPEC_CALLS) {
      const found = findRoute(call.method, call.path);
      expect(found, key(call)).toBeDefined();
      expect(found?.service, key(call)).toBe(call.service);
    }
  });

  it('lists each call once and nothing beyond the spec unless marked as ours', () => {
    const keys = ROUTES.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual([...SPEC_CALLS.map(key), ...OUR_PATHS, ...ADDITIONS].sort());
    for (const k of ADDITIONS) expect(ROUTES.find((r) => key(r) === k)?.addition, k).toBe(true);
    for (const k of OUR_PATHS) expect(ROUTES.find((r) => key(r) === k)?.pathOurs, k).toBe(true);
    for (const r of ROUTES) if (!ADDITIONS.includes(key(r))) expect(r.addition, key(r)).toBeUndefined();
  });

  it('gives every call a known service and access rule and real zod schemas', () => {
    for (const r of ROUTES) {
      expect(SERVICES, key(r)).toContain(r.service);
      expect(ROUTE_AUTH, key(r)).toContain(r.auth);
      expect(r.path, key(r)).toMatch(/^\/[a-z]/);
      expect(r.path, key(r)).not.toMatch(/^\/api\//);
      for (const part of ['params', 'query', 'body', 'response'] as const) {
        if (r[part] !== undefined) expect(r[part], `${key(r)} ${part}`).toBeInstanceOf(z.ZodType);
      }
    }
  });

  it('declares exactly the path parameters the path has', () => {
    for (const r of ROUTES) {
      // A trailing `*` is Fastify's wildcard parameter, named '*'.
      const inPath = [...r.path.matchAll(/:(\w+)|\/(\*)$/g)].map((m) => m[1] ?? m[2]).sort();
      const declared = r.params instanceof z.ZodObject ? Object.keys(r.params.shape).sort() : [];
      expect(declared, key(r)).toEqual(inPath);
    }
  });

  it('answers JSON with an answer schema, streams events each with a schema, or sends a file', () => {
    for (const r of ROUTES) {
      if (r.file) {
        expect(r.response, key(r)).toBeUndefined();
        expect(r.path, key(r)).toMatch(/\/\*$/);
      } else if (r.download) {
        expect(r.response, key(r)).toBeUndefined();
        expect(r.download.length, key(r)).toBeGreaterThan(0);
      } else if (r.stream) {
        expect(r.response, key(r)).toBeUndefined();
        expect(Object.keys(r.events ?? {}).length, key(r)).toBeGreaterThan(0);
        for (const s of Object.values(r.events ?? {})) expect(s).toBeInstanceOf(z.ZodType);
      } else {
        expect(r.response, key(r)).toBeInstanceOf(z.ZodType);
        expect(r.events, key(r)).toBeUndefined();
      }
    }
    expect(ROUTES.filter((r) => r.stream).map(key).sort()).toEqual(
      ['GET /ai/progress/:sourceId', 'POST /chat/stream/:chatId', 'POST /chat/stream/ephemeral'].sort(),
    );
  });

  it('sends the two conversation-prompt calls to chat although their paths look like the deck service', () => {
    expect(route('POST /questions/conversation-prompts').service).toBe('chat');
    expect(route('POST /sources/conversation-prompts').service).toBe('chat');
    expect(route('POST /questions/:id/evaluate').service).toBe('deck');
  });

  it('asks for a signed-in user where the spec does, and lets anonymous sessions create', () => {
    const auth = (k: Parameters<typeof route>[0]) => route(k).auth;
    for (const r of ROUTES.filter((r) => r.service === 'billing' && r.path !== '/payment/webhook')) {
      expect(r.auth, key(r)).toBe('user');
    }
    expect(auth('POST /payment/webhook')).toBe('public');
    expect(auth('GET /decks/explore')).toBe('session');
    expect(auth('POST /decks/:id/clone')).toBe('user');
    expect(auth('PUT /decks/:id/publish')).toBe('user');
    expect(auth('GET /auth/me')).toBe('user');
    expect(auth('POST /decks')).toBe('session');
    expect(auth('POST /spaces')).toBe('session');
    expect(auth('POST /upload/document')).toBe('session');
    expect(auth('POST /chat/stream/:chatId')).toBe('session');
    for (const k of ['POST /auth/register', 'POST /auth/login', 'POST /auth/verify-email', 'POST /auth/reset-password'] as const) {
      expect(auth(k), k).toBe('public');
    }
  });

  it('finds a call by key with its own schemas, and refuses an unknown key', () => {
    const login = route('POST /auth/login');
    const parsed = login.body.parse({ email: ' ada@example.org ', password: 'secret' });
    expect(parsed.email).toBe('ada@example.org');
    expect(findRoute('GET', '/nowhere')).toBeUndefined();
    expect(() => route('GET /nowhere' as never)).toThrow(/No route/);
  });

  it('types a call’s body and answer from its key', () => {
    expectTypeOf<RouteBody<'PUT /decks/:id/publish'>>().toEqualTypeOf<{ isPublished: boolean; publishedAnonymously?: boolean | undefined }>();
    expectTypeOf<RouteResponse<'POST /auth/login'>['token']>().toEqualTypeOf<string>();
    expectTypeOf<RouteResponse<'GET /questions/deck/:deckId'>['pagination']['pages']>().toEqualTypeOf<number>();
    const answer: RouteResponse<'GET /decks/:id/size'> = { currentSizeMB: 1, maxSizeMB: 60, usagePercentage: 1.7, remainingMB: 59 };
    expect(route('GET /decks/:id/size').response.parse(answer)).toEqual(answer);
  });
});
