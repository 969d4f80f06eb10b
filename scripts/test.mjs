#!/usr/bin/env node
// `npm test`: install what is missing, build, and run every test of every package through Turborepo:
// unit, integration (real Redis, PGlite with pgvector), system and browser tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { install, pnpm, root } from './pnpm.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Browser tests drive Chromium at ${chromium}, which is missing.\n` +
      'Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

// CI must stay under its time budget as the suites grow, and its log is all that is kept: every step
// prints its wall time and the load average, and the end of the run lists the slowest Turborepo
// tasks (from turbo's own --summarize files) so the next change knows where the minutes go.
const runsDir = join(root, '.turbo', 'runs');
const summaries = () =>
  existsSync(runsDir) ? readdirSync(runsDir).filter((f) => f.endsWith('.json')) : [];
const timings = [];
const tasks = [];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const minutes = (ms) =>
  `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** Runs one step, records its wall time, and the durations of the turbo tasks it ran. */
async function step(name, run) {
  const before = new Set(summaries());
  const started = Date.now();
  try {
    await run();
  } finally {
    timings.push(`${name}: ${minutes(Date.now() - started)} (load at the end ${load()})`);
    for (const file of summaries().filter((f) => !before.has(f))) {
      try {
        const run = JSON.parse(readFileSync(join(runsDir, file), 'utf8'));
        for (const t of run.tasks ?? []) {
          const { startTime, endTime } = t.execution ?? {};
          if (startTime && endTime && t.cache?.status !== 'HIT')
            tasks.push({ id: t.taskId, ms: endTime - startTime });
        }
      } catch {
        // A summary turbo did not finish writing only loses its lines in the report.
      }
    }
  }
}

function report() {
  console.log(`\n[npm test] steps (load now ${load()}):`);
  for (const line of timings) console.log(`  ${line}`);
  const slowest = tasks.sort((a, b) => b.ms - a.ms).slice(0, 15);
  if (slowest.length > 0) {
    console.log('[npm test] slowest tasks:');
    for (const t of slowest) console.log(`  ${minutes(t.ms).padStart(7)}  ${t.id}`);
  }
}

try {
  await step('install', () => install());
  // Lint and typecheck are part of the suite: CI runs exactly this command.
  await step('lint and typecheck', () =>
    pnpm([
      'turbo',
      'run',
      'lint',
      'typecheck',
      '--summarize',
      '--output-logs=errors-only',
      ...process.argv.slice(2),
    ]),
  );
  const extra = process.argv.slice(2);
  const test = (...args) =>
    pnpm(['turbo', 'run', 'test', '--continue', '--summarize', '--output-logs=full', ...args]);
  if (extra.length > 0) {
    // A filter or option of the caller's: its tasks one at a time, as asked.
    await step('tests', () => test('--concurrency=1', ...extra));
  } else {
    // Two cores here. The package suites run two at a time: each vitest run uses one worker on two
    // cores and much of its time waits on PGlite, Redis and timers, and they share nothing (each
    // test has its own database, Redis prefix and free ports). The browser suite runs alone
    // afterwards: its two Playwright workers fill both cores and its timings must not be starved.
    // A failure in the first step still lets the browser suite run; the command fails if either did.
    const failures = [];
    for (const [name, args] of [
      ['package suites', ['--filter=!@mnemo/web', '--concurrency=2']],
      ['web suite (unit and browser)', ['--filter=@mnemo/web', '--concurrency=1']],
    ]) {
      await step(name, () => test(...args)).catch((e) => failures.push(e));
    }
    if (failures.length > 0) throw failures[0];
  }
  report();
} catch (e) {
  report();
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
