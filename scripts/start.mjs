#!/usr/bin/env node
// `npm start`: install what is missing, build, and run Mnemo with the embedded defaults.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { install, pnpm, root } from './pnpm.mjs';
// The launcher says how it must be started; this script only starts it.
// eslint-disable-next-line no-restricted-imports
import { LAUNCHER_ENV } from '../apps/launcher/launch-env.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Mnemo needs Node.js 20 or newer (this is ${process.version}).`);
  process.exit(1);
}

try {
  await install();
  await pnpm(['turbo', 'run', 'build', '--output-logs=errors-only']);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

// The launcher's own memory settings, which its process must have from its start (launch-env.mjs).
const child = spawn(process.execPath, [join(root, 'apps/launcher/dist/main.js')], {
  stdio: 'inherit',
  env: { ...process.env, ...LAUNCHER_ENV },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
