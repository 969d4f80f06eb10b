// Finds pnpm 10 or runs it through npx, so `npm start` and `npm test` work on a machine that has
// only Node and npm. Shared by start.mjs and test.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).packageManager; // pnpm@x.y.z

function pnpmCommand() {
  const found = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (!found.error && found.status === 0 && found.stdout.trim().startsWith('10.')) return ['pnpm'];
  console.log(`pnpm 10 not found: using npx ${wanted}`);
  return ['npx', '--yes', wanted];
}

const base = pnpmCommand();

/** Runs pnpm with inherited output; rejects on a non-zero exit. */
export function pnpm(args, options = {}) {
  return new Promise((resolve, reject) => {
    const [cmd, ...pre] = base;
    const child = spawn(cmd, [...pre, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`pnpm ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Installs dependencies from the lockfile; quick when nothing changed. */
export async function install() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : ['--frozen-lockfile', '--prefer-offline'];
  await pnpm(['install', ...frozen, '--reporter=append-only'], { env: { CI: process.env.CI ?? 'true' } });
}

export { root };
