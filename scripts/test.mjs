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
  const extra = process.argv.slice(2);
  const test = (...args) => pnpm(['turbo', 'run', 'test', '--continue', '--output-logs=full', ...args]);
  if (extra.length > 0) {
    // A filter or option of the caller's: its tasks one at a time, as asked.
    await test('--concurrency=1', ...extra);
  } else {
    // Two cores here. The package suites run two at a time: each vitest run uses one worker on two
    // cores and much of its time waits on PGlite, Redis and timers, and they share nothing (each
    // test has its own database, Redis prefix and free ports). The browser suite runs alone
    // afterwards: its two Playwright workers fill both cores and its timings must not be starved.
    // A failure in the first step still lets the browser suite run; the command fails if either did.
    const failures = [];
    for (const args of [
      ['--filter=!@mnemo/web', '--concurrency=2'],
      ['--filter=@mnemo/web', '--concurrency=1'],
    ]) {
      await test(...args).catch((e) => failures.push(e));
    }
    if (failures.length > 0) throw failures[0];
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
