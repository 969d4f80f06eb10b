import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets';

const dir = mkdtempSync(join(tmpdir(), 'mnemo-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the generated secrets', () => {
  it('include a database password, made once, kept in the data folder for the owner only', () => {
    const first = loadSecrets(dir, {});
    expect(first.DATABASE_PASSWORD.length).toBeGreaterThanOrEqual(32);
    expect(first.DATABASE_PASSWORD).not.toBe('postgres');
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ DATABASE_PASSWORD: first.DATABASE_PASSWORD });
    expect(loadSecrets(dir, { JWT_SECRET: 'x'.repeat(40) }).DATABASE_PASSWORD).toBe(first.DATABASE_PASSWORD);
  });
});
