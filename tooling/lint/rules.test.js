// The two lint rules that keep the architecture honest, checked against the real root config.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.map((m) => m.ruleId);
}

describe('lint rules', () => {
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
});
