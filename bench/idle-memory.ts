/**
 * Idle memory of the embedded instance, as `npm start` runs it: starts the launcher on a fresh data
 * directory, waits until it is ready and then BENCH_IDLE_S seconds more (default 20) without any
 * request, and prints the resident memory (VmRSS from /proc) of the launcher and every process under
 * it, and the total, with the load average. Target (issue 25): total ≤ 800 MB. Asserts nothing.
 *
 *   pnpm build && pnpm bench:idle-memory       (needs Redis on 127.0.0.1:6379, like npm start)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { untilLauncherReady } from './launcher-ready';

const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
const say = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-idle-'));
const port = 3800 + Math.floor(Math.random() * 90);
const launcher = spawn(process.execPath, ['apps/launcher/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MNEMO_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const started = Date.now();
await untilLauncherReady(launcher);
say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; idle ${IDLE_S} s`);
await new Promise((r) => setTimeout(r, IDLE_S * 1000));

/** Parent of every process, from /proc/<pid>/stat (the field after the command's closing paren). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  return map;
}
const ppids = parents();
const tree = [launcher.pid!];
for (let i = 0; i < tree.length; i++)
  for (const [pid, ppid] of ppids) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);

let total = 0;
for (const pid of tree) {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(-2).join(' ');
    total += rss;
    say(`  ${String(pid).padStart(7)} ${rss.toFixed(0).padStart(6)} MB  ${cmd.slice(0, 100)}`);
  } catch {
    // Gone.
  }
}
say(`total idle RSS: ${total.toFixed(0)} MB over ${tree.length} processes (target ≤ 800 MB; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);

launcher.kill('SIGTERM');
await new Promise((r) => launcher.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
