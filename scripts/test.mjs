#!/usr/bin/env node
// `npm test`: install what is missing, build, and run every test of every package through Turborepo:
// unit, integration (real Redis, PGlite with pgvector), system and browser tests.
import { existsSync } from 'node:fs';
import { install, pnpm } from './pnpm.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Browser tests drive Chromium at ${chromium}, which is missing.\n` +
      'Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

try {
  await install();
  // Lint and typecheck are part of the suite: CI runs exactly this command.
  await pnpm(['turbo', 'run', 'lint', 'typecheck', '--output-logs=errors-only', ...process.argv.slice(2)]);
  // Two cores here: one test task at a time keeps PGlite and Chromium from starving each other.
  await pnpm(['turbo', 'run', 'test', '--concurrency=1', '--continue', '--output-logs=full', ...process.argv.slice(2)]);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
