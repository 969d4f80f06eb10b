import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the real-world fixtures are: `MNEMO_FIXTURES_DIR` when set, else `../shared/fixtures`
 * beside the repository (the workspace layout). A missing folder is an error, never a skipped
 * test: a test that silently asserts nothing is worse than a red one.
 */
export function fixturesDir(): string {
  // eslint-disable-next-line no-restricted-properties -- test-only helper: the one knob tests need.
  const fromEnv = process.env.MNEMO_FIXTURES_DIR;
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const candidates = [fromEnv, join(repoRoot, '..', 'shared', 'fixtures')].filter(
    (p): p is string => Boolean(p),
  );
  for (const dir of candidates) if (existsSync(join(dir, 'README.md'))) return dir;
  throw new Error(
    `Fixtures not found (looked in ${candidates.join(', ')}). Set MNEMO_FIXTURES_DIR to the shared fixtures folder.`,
  );
}

export const fixturePath = (...parts: string[]) => join(fixturesDir(), ...parts);
