// mnemo/contract-routes, case by case (ESLint's RuleTester, run by vitest: `npm test` runs it through
// this package's test task).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { contractRoutes, readContractCalls } from './rules/contract-routes.js';

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
