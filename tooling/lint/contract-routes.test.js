// mnemo/contract-routes and mnemo/contract-schemas, case by case (ESLint's RuleTester, run by vitest: `npm test` runs it through
// this package's test task).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { contractRoutes, contractSchemas, readContractCalls } from './rules/contract-routes.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

// Read (and cached) once here, outside any test's time budget: the cases below use the real table too.
const contractsFile = new URL('../../packages/contracts/src/routes.ts', import.meta.url).pathname;
const realCalls = readContractCalls(contractsFile);

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });

const deckFile = '/repo/apps/deck/src/modules/decks/decks.routes.ts';
const routes = [
  { method: 'GET', path: '/decks/:id', service: 'deck' },
  { method: 'PUT', path: '/decks/:id', service: 'deck' },
  { method: 'POST', path: '/chat/start', service: 'chat' },
];
const withTable = { filename: deckFile, options: [{ routes }] };

tester.run('mnemo/contract-routes (a given table)', contractRoutes, {
  valid: [
    { ...withTable, code: "app.get('/decks/:id', async () => ({}));" },
    { ...withTable, code: "app.put('/decks/:id', { schema: {} }, async () => ({}));" },
    { ...withTable, code: "app.route({ method: ['GET', 'PUT'], url: '/decks/:id', handler: async () => ({}) });" },
    { ...withTable, code: "const path = '/decks/:id';\napp.get(path, async () => ({}));" },
    // Internal routes: listed in the internal table for this service, or a path constant from the contracts' internal modules.
    { ...withTable, code: "app.post('/internal/claim-anonymous', async () => ({}));" },
    { filename: '/repo/apps/chat/src/modules/claims/claims.routes.ts', options: [{ routes }], code: "app.post('/internal/claim-anonymous', async () => ({}));" },
    {
      ...withTable,
      code: "import { INTERNAL_USAGE_CHECK_PATH } from '@mnemo/contracts/internal/billing';\napp.post(INTERNAL_USAGE_CHECK_PATH, async () => ({}));",
    },
    // Health routes.
    { ...withTable, code: "app.get('/healthz', async () => ({}));" },
    // Not routes: a storage read, a map delete.
    { ...withTable, code: 'storage.get(request.params.key); seen.delete(id);' },
    // Files outside the four services are not checked.
    { filename: '/repo/apps/gateway/src/modules/health/health.routes.ts', options: [{ routes }], code: "app.get('/api/healthz', async () => ({}));" },
  ],
  invalid: [
    { ...withTable, code: "app.get('/decks/:id/secret', async () => ({}));", errors: [{ messageId: 'missing' }] },
    { ...withTable, code: "app.delete('/decks/:id', async () => ({}));", errors: [{ messageId: 'missing' }] },
    { ...withTable, code: "app.patch('/decks/:id', async () => ({}));", errors: [{ messageId: 'missing' }] },
    // A parameter named differently from the contracts is another path.
    { ...withTable, code: "app.get('/decks/:deckId', async () => ({}));", errors: [{ messageId: 'missing' }] },
    { ...withTable, code: "app.post('/chat/start', async () => ({}));", errors: [{ messageId: 'otherService' }] },
    { ...withTable, code: "app.all('/decks/*', async () => ({}));", errors: [{ messageId: 'anyMethod' }] },
    {
      ...withTable,
      code: "app.route({ method: ['GET', 'POST'], url: '/decks/:id', handler: async () => ({}) });",
      errors: [{ messageId: 'missing' }],
    },
    { ...withTable, code: 'app.get(pathOf(), async () => ({}));', errors: [{ messageId: 'unreadable' }] },
    {
      ...withTable,
      code: "import { DECK_PATH } from './paths';\napp.get(DECK_PATH, async () => ({}));",
      errors: [{ messageId: 'unreadable' }],
    },
    { ...withTable, code: 'app.get(`/decks/${id}`, async () => ({}));', errors: [{ messageId: 'unreadable' }] },
    // An internal route the internal table does not list, or lists for another service only.
    { ...withTable, code: "app.post('/internal/secret-door', async () => ({}));", errors: [{ messageId: 'missingInternal' }] },
    { ...withTable, code: "app.get('/internal/claim-anonymous', async () => ({}));", errors: [{ messageId: 'missingInternal' }] },
    {
      filename: '/repo/apps/chat/src/modules/x/x.routes.ts',
      options: [{ routes }],
      code: "app.post('/internal/sources/:sourceId/may-watch', async () => ({}));",
      errors: [{ messageId: 'missingInternal' }],
    },
    // Any instance name, once the first argument is a path.
    { ...withTable, code: "fastify.post('/decks', async () => ({}));", errors: [{ messageId: 'missing' }] },
  ],
});

// Without a `routes` option the rule reads packages/contracts/src/routes.ts itself.
tester.run('mnemo/contract-routes (the real contracts)', contractRoutes, {
  valid: [
    { filename: deckFile, code: "app.get('/decks/:id', async () => ({}));" },
    { filename: '/repo/apps/chat/src/modules/prompts/prompts.routes.ts', code: "app.post('/questions/conversation-prompts', async () => ({}));" },
    { filename: '/repo/apps/deck/src/modules/upload/upload.routes.ts', code: "app.get('/files/*', async () => ({}));" },
  ],
  invalid: [
    { filename: deckFile, code: "app.get('/decks/:id/nowhere', async () => ({}));", errors: [{ messageId: 'missing' }] },
    // Listed for chat: the gateway never sends it to deck.
    { filename: deckFile, code: "app.post('/questions/conversation-prompts', async () => ({}));", errors: [{ messageId: 'otherService' }] },
  ],
});

// mnemo/contract-schemas: each route's schema comes from the contracts, for the call it registers.
const chatFile = '/repo/apps/chat/src/modules/chats/chats.routes.ts';
tester.run('mnemo/contract-schemas', contractSchemas, {
  valid: [
    { filename: deckFile, code: "app.get('/decks/:id', { schema: contractSchema('GET /decks/:id') }, async () => ({}));" },
    { filename: deckFile, code: "app.put('/decks/:id', { config: { x: 1 }, schema: contractSchema('PUT /decks/:id') }, async () => ({}));" },
    // Through a constant, or spread into an object that overrides a part (the common-password check).
    { filename: deckFile, code: "const s = contractSchema('GET /decks/:id');\napp.get('/decks/:id', { schema: s }, async () => ({}));" },
    {
      filename: deckFile,
      code: "const register = { ...contractSchema('POST /auth/register'), body: stricter };\napp.post('/auth/register', { schema: register }, async () => ({}));",
    },
    { filename: deckFile, code: "const opts = { schema: contractSchema('GET /decks/:id') };\napp.get('/decks/:id', opts, async () => ({}));" },
    // A route reading its raw body takes only its answer schema.
    { filename: deckFile, code: "app.post('/payment/webhook', { schema: { response: contractResponse('POST /payment/webhook') } }, async () => ({}));" },
    { filename: deckFile, code: "app.route({ method: 'GET', url: '/decks/:id', schema: contractSchema('GET /decks/:id'), handler: async () => ({}) });" },
    // Internal calls, named with their service; a path constant from the contracts' internal modules.
    { filename: deckFile, code: "app.post('/internal/claim-anonymous', { schema: internalContractSchema('deck POST /internal/claim-anonymous') }, async () => ({}));" },
    {
      filename: deckFile,
      code: "import { INTERNAL_USAGE_CHECK_PATH } from '@mnemo/contracts/internal/billing';\napp.post(INTERNAL_USAGE_CHECK_PATH, { schema: internalContractSchema('deck POST /internal/billing/usage/check') }, async () => ({}));",
    },
    // Health routes, files outside the four services, and calls that are not routes.
    { filename: deckFile, code: "app.get('/healthz', async () => ({}));" },
    { filename: '/repo/apps/gateway/src/modules/health/health.routes.ts', code: "app.get('/api/healthz', async () => ({}));" },
    { filename: deckFile, code: 'storage.get(request.params.key); seen.delete(id);' },
  ],
  invalid: [
    // No schema at all, or one written by hand.
    { filename: deckFile, code: "app.get('/decks/:id', async () => ({}));", errors: [{ messageId: 'noSchema' }] },
    { filename: deckFile, code: "app.get('/decks/:id', { config: {} }, async () => ({}));", errors: [{ messageId: 'noSchema' }] },
    { filename: deckFile, code: "app.get('/decks/:id', { schema: { params: deckParams } }, async () => ({}));", errors: [{ messageId: 'noSchema' }] },
    { filename: deckFile, code: "app.get('/decks/:id', { schema: contractSchema(key) }, async () => ({}));", errors: [{ messageId: 'noSchema' }] },
    // Another call's schema: copied from the route above, or the wrong method.
    { filename: deckFile, code: "app.get('/decks/:id/size', { schema: contractSchema('GET /decks/:id') }, async () => ({}));", errors: [{ messageId: 'otherCall' }] },
    { filename: deckFile, code: "app.put('/decks/:id', { schema: contractSchema('GET /decks/:id') }, async () => ({}));", errors: [{ messageId: 'otherCall' }] },
    {
      filename: deckFile,
      code: "const s = { ...contractSchema('GET /decks/:id'), body: b };\napp.put('/decks/:id', { schema: s }, async () => ({}));",
      errors: [{ messageId: 'otherCall' }],
    },
    {
      filename: deckFile,
      code: "app.route({ method: ['GET', 'PUT'], url: '/decks/:id', schema: contractSchema('GET /decks/:id'), handler: async () => ({}) });",
      errors: [{ messageId: 'otherCall' }],
    },
    // Internal and public schemas are not interchangeable, and an internal one names its own service.
    { filename: deckFile, code: "app.post('/internal/claim-anonymous', { schema: contractSchema('POST /decks') }, async () => ({}));", errors: [{ messageId: 'internalSchema' }] },
    { filename: deckFile, code: "app.get('/decks/:id', { schema: internalContractSchema('deck GET /decks/:id') }, async () => ({}));", errors: [{ messageId: 'publicSchema' }] },
    {
      filename: chatFile,
      code: "app.post('/internal/claim-anonymous', { schema: internalContractSchema('deck POST /internal/claim-anonymous') }, async () => ({}));",
      errors: [{ messageId: 'otherCall' }],
    },
    {
      filename: chatFile,
      code: "import { P } from '@mnemo/contracts/internal/billing';\napp.post(P, { schema: internalContractSchema('deck POST /internal/claim-anonymous') }, async () => ({}));",
      errors: [{ messageId: 'otherCall' }],
    },
    // A response-only schema from another call.
    {
      filename: deckFile,
      code: "app.post('/payment/webhook', { schema: { response: contractResponse('POST /payment/checkout') } }, async () => ({}));",
      errors: [{ messageId: 'otherCall' }],
    },
  ],
});

describe('reading the contracts route table', () => {
  it('reads the internal table with each call\'s service', () => {
    const internal = readContractCalls(new URL('../../packages/contracts/src/internal/routes.ts', import.meta.url).pathname);
    expect(internal).toContainEqual({ method: 'POST', path: '/internal/claim-anonymous', service: 'deck' });
    expect(internal).toContainEqual({ method: 'POST', path: '/internal/claim-anonymous', service: 'chat' });
    expect(internal).toContainEqual({ method: 'GET', path: '/internal/billing/plan/:userId', service: 'billing' });
  });

  it('finds every call with its method, path and service', () => {
    expect(realCalls.length).toBeGreaterThan(70);
    expect(realCalls).toContainEqual({ method: 'POST', path: '/auth/login', service: 'auth' });
    expect(realCalls).toContainEqual({ method: 'GET', path: '/files/*', service: 'deck' });
    expect(realCalls.filter((c) => c.service === 'gateway').map((c) => c.path)).toContain('/ai/progress/:sourceId');
  });
});
