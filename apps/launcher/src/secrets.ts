import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Secrets = { INTERNAL_SECRET: string; JWT_SECRET: string; DATABASE_PASSWORD: string };

/**
 * The internal and JWT secrets, and the embedded database's password, generated once per data
 * folder and kept there (mode 600), so a restart keeps everyone signed in and the database's
 * password stays the one its children were given. Values from the environment win.
 */
export function loadSecrets(
  dataDir: string,
  given: { INTERNAL_SECRET?: string; JWT_SECRET?: string },
): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  const secrets: Secrets = {
    INTERNAL_SECRET: given.INTERNAL_SECRET ?? stored.INTERNAL_SECRET ?? randomBytes(32).toString('base64url'),
    JWT_SECRET: given.JWT_SECRET ?? stored.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    DATABASE_PASSWORD: stored.DATABASE_PASSWORD ?? randomBytes(24).toString('base64url'),
  };
  if (!stored.INTERNAL_SECRET || !stored.JWT_SECRET || !stored.DATABASE_PASSWORD) {
    writeFileSync(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  }
  return secrets;
}
