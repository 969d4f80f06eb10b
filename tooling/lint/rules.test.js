// The lint rules that keep the architecture honest, checked against the real root config.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function messages(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.map((m) => ({ ruleId: m.ruleId, messageId: m.messageId }));
}

async function ruleIds(code, filePath) {
  return (await messages(code, filePath)).map((m) => m.ruleId);
}

describe('lint rules', () => {
  // The first lint loads the root config and typescript-eslint: slow on a busy machine, so it is
  // done once here with room to spare instead of inside the first test's budget.
  beforeAll(() => eslint.calculateConfigForFile(`${root}/apps/deck/src/app.ts`), 120_000);

  it('forbid process.env outside env.ts files', async () => {
    expect(await ruleIds('export const port = process.env.PORT;\n', 'apps/deck/src/modules/x/x.service.ts')).toContain(
      'no-restricted-properties',
    );
    expect(await ruleIds('export const port = process.env.PORT;\n', 'apps/deck/src/env.ts')).not.toContain(
      'no-restricted-properties',
    );
  });

  it('forbid an app importing another app', async () => {
    const code = "import { buildApp } from '@mnemo/auth';\nexport const x = buildApp;\n";
    expect(await ruleIds(code, 'apps/deck/src/app.ts')).toContain('no-restricted-imports');
    const relative = "import { x } from '../../../apps/chat/src/app';\nexport const y = x;\n";
    expect(await ruleIds(relative, 'apps/deck/src/modules/a/a.ts')).toContain('no-restricted-imports');
    const pkg = "import { AppError } from '@mnemo/service-kit';\nexport const y = AppError;\n";
    expect(await ruleIds(pkg, 'apps/deck/src/app.ts')).not.toContain('no-restricted-imports');
  });
  it('keep the web layers one way: no sibling feature, no upward import', async () => {
    const web = 'apps/web/src';
    const sibling =
      "import { ChatPanel } from '../chat/chat-panel';\nexport const x = ChatPanel;\n";
    expect(await messages(sibling, `${web}/features/deck/deck-page.tsx`)).toContainEqual({
      ruleId: 'mnemo/web-layers',
      messageId: 'sibling',
    });
    const upward =
      "import { DeckPage } from '../features/deck/deck-page';\nexport const x = DeckPage;\n";
    expect(await messages(upward, `${web}/components/pager.tsx`)).toContainEqual({
      ruleId: 'mnemo/web-layers',
      messageId: 'upward',
    });
    const fromLib = "import { Pager } from '../../components/pager';\nexport const x = Pager;\n";
    expect(await messages(fromLib, `${web}/lib/sources/source-api.ts`)).toContainEqual({
      ruleId: 'mnemo/web-layers',
      messageId: 'upward',
    });
    const toRoute = "export { Route } from '../../routes/_app';\n";
    expect(await messages(toRoute, `${web}/features/deck/deck-page.tsx`)).toContainEqual({
      ruleId: 'mnemo/web-layers',
      messageId: 'upward',
    });
    // Down the layers, within a feature, and a route composing two features are all fine.
    const fine = [
      "import { api } from '../../lib/api';\nimport { Pager } from '../../components/pager';\nimport { x } from './deck-api';\nexport const y = [api, Pager, x];\n",
      `${web}/features/deck/deck-page.tsx`,
    ];
    expect(await ruleIds(...fine)).not.toContain('mnemo/web-layers');
    const route =
      "import { ChatPanel } from '../../features/chat/chat-panel';\nimport { DeckPage } from '../../features/deck/deck-page';\nexport const x = [ChatPanel, DeckPage];\n";
    expect(await ruleIds(route, `${web}/routes/_app/deck.tsx`)).not.toContain('mnemo/web-layers');
  });

  it('check service routes against the contracts route table, in the four services’ route files only', async () => {
    const code = "export const r = (app) => { app.get('/decks/:id/nowhere', async () => ({})); };\n";
    expect(await ruleIds(code, 'apps/deck/src/modules/decks/decks.routes.ts')).toContain('mnemo/contract-routes');
    const listed = "export const r = (app) => { app.get('/decks/:id', async () => ({})); };\n";
    expect(await ruleIds(listed, 'apps/deck/src/modules/decks/decks.routes.ts')).not.toContain('mnemo/contract-routes');
    // The gateway's own routes are not service routes.
    expect(await ruleIds(code, 'apps/gateway/src/modules/health/health.routes.ts')).not.toContain('mnemo/contract-routes');
  });

  it('ask every service route for its own call’s schema from the contracts', async () => {
    const file = 'apps/deck/src/modules/decks/decks.routes.ts';
    const bare = "export const r = (app) => { app.get('/decks/:id', async () => ({})); };\n";
    expect(await ruleIds(bare, file)).toContain('mnemo/contract-schemas');
    const other =
      "import { contractSchema } from '@mnemo/service-kit';\nexport const r = (app) => { app.get('/decks/:id/size', { schema: contractSchema('GET /decks/:id') }, async () => ({})); };\n";
    expect(await messages(other, file)).toContainEqual({ ruleId: 'mnemo/contract-schemas', messageId: 'otherCall' });
    const own =
      "import { contractSchema } from '@mnemo/service-kit';\nexport const r = (app) => { app.get('/decks/:id', { schema: contractSchema('GET /decks/:id') }, async () => ({})); };\n";
    expect(await ruleIds(own, file)).not.toContain('mnemo/contract-schemas');
  });
});
