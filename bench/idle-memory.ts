/**
 * Idle memory of the embedded instance, as `npm start` runs it: starts the launcher on a fresh data
 * directory, waits until it is ready and then BENCH_IDLE_S seconds more (default 20) without any
 * request, and prints the resident memory (VmRSS from /proc) of the launcher and every process under
 * it, and the total, with the load average. Target (issue 25): total ≤ 800 MB. Asserts nothing.
 * Also the sum of PSS (proportional set size), which counts the pages the processes share once, and
 * the CPU seconds each process has used since it started (starting and idling).
 *
 *   pnpm build && pnpm bench:idle-memory       (needs Redis on 127.0.0.1:6379, like npm start)
 *
 * Side by side: BENCH_BEFORE_ROOT=<a built checkout of the old code> measures both in BENCH_ROUNDS
 * rounds (default 2), alternating which starts first, one instance at a time, and prints the median
 * of each process with the ratio. BENCH_BEFORE_ENV / BENCH_AFTER_ENV ("NAME=value NAME=value") add
 * environment to one side only (to try a setting against the same build: BENCH_BEFORE_ROOT=.).
 * Each side's launcher gets the environment its own checkout starts it with
 * (apps/launcher/launch-env.mjs, when that checkout has it), as `npm start` would.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launcherEnvOf, untilLauncherReady } from './launcher-ready';

const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 20);
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ? resolve(process.env.BENCH_BEFORE_ROOT) : undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (BEFORE_ROOT ? 2 : 1));
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const parseEnv = (text = '') =>
  Object.fromEntries(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );

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

/** A process's name in the table: the app whose script it runs (apps/<name>/...), else its command. */
function nameOf(cmdline: string[]): string {
  // The launcher's host of several services (apps/launcher/dist/host.js <their scripts>): their names.
  const apps = cmdline.map((arg) => /apps\/([^/]+)\//.exec(arg)?.[1]).filter((app): app is string => app !== undefined);
  if (apps.length > 2 && apps[0] === 'launcher') return apps.slice(1).join('+');
  for (const arg of [...cmdline].reverse()) {
    const app = /apps\/([^/]+)\//.exec(arg);
    if (app) return app[1]!;
  }
  return cmdline.slice(-2).join(' ').slice(0, 60);
}

/** Starts the instance of `root`, waits until it has been idle IDLE_S s, returns RSS (MB) by name. */
async function measure(root: string, extraEnv: Record<string, string>, label: string): Promise<Map<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-idle-'));
  const port = process.env.BENCH_PORT_BASE
    ? Number(process.env.BENCH_PORT_BASE)
    : 3800 + Math.floor(Math.random() * 90);
  const launcher = spawn(process.execPath, [join(root, 'apps/launcher/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...(await launcherEnvOf(root)),
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      MNEMO_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A loaded machine (this one is shared) can take minutes to start everything.
      STARTUP_TIMEOUT_SECONDS: process.env.STARTUP_TIMEOUT_SECONDS ?? '600',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const started = Date.now();
    await untilLauncherReady(launcher);
    say(`${label}: ready in ${((Date.now() - started) / 1000).toFixed(1)} s; idle ${IDLE_S} s`);
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));

    const ppids = parents();
    const tree = [launcher.pid!];
    for (let i = 0; i < tree.length; i++)
      for (const [pid, ppid] of ppids) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);

    const rss = new Map<string, number>();
    let total = 0;
    let totalPss = 0;
    let totalCpu = 0;
    for (const pid of tree) {
      try {
        const mb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
        // PSS: each page shared by n processes (node's own code, mapped by all seven) counts 1/n in
        // each, so the sum is the memory the instance takes once; RSS counts shared pages in each.
        const pss = Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        const name = nameOf(cmd);
        // CPU since the process started (user + system, all its threads), in clock ticks of 1/100 s:
        // what starting and idling cost, which the load does not inflate as it does wall times.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
        rss.set(name, (rss.get(name) ?? 0) + mb);
        total += mb;
        totalPss += pss;
        totalCpu += cpu;
        say(`  ${String(pid).padStart(7)} ${mb.toFixed(0).padStart(6)} MB (PSS ${pss.toFixed(0).padStart(4)}, CPU ${cpu.toFixed(1).padStart(5)} s)  ${cmd.slice(-2).join(' ').slice(0, 100)}`);
      } catch {
        // Gone.
      }
    }
    rss.set('total', total);
    rss.set('total PSS', totalPss);
    rss.set('CPU s, start + idle', totalCpu);
    say(`  total idle RSS: ${total.toFixed(0)} MB over ${tree.length} processes (target ≤ 800 MB; load average ${load()})`);
    say(`  total idle PSS (shared pages counted once): ${totalPss.toFixed(0)} MB`);
    say(`  CPU of all of them since their start (starting and idling): ${totalCpu.toFixed(1)} s`);
    return rss;
  } finally {
    launcher.kill('SIGTERM');
    await new Promise((r) => (launcher.exitCode === null ? launcher.once('exit', r) : r(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const afterRoot = resolve('.');
const sides = [
  { label: 'after', root: afterRoot, env: parseEnv(process.env.BENCH_AFTER_ENV) },
  ...(BEFORE_ROOT ? [{ label: 'before', root: BEFORE_ROOT, env: parseEnv(process.env.BENCH_BEFORE_ENV) }] : []),
];
const results = new Map<string, Map<string, number>[]>(sides.map((s) => [s.label, []]));
const loads: string[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which side starts first, so neither always meets the machine in the same state.
  const order = round % 2 ? [...sides].reverse() : sides;
  for (const side of order) {
    loads.push(load());
    results.get(side.label)!.push(await measure(side.root, side.env, `round ${round + 1}, ${side.label}`));
  }
}

if (BEFORE_ROOT) {
  const names = [...new Set([...results.values()].flatMap((runs) => runs.flatMap((r) => [...r.keys()])))];
  const last = (n: string) => ['total', 'total PSS', 'CPU s, start + idle'].indexOf(n) + 1;
  names.sort((a, b) => last(a) - last(b) || a.localeCompare(b));
  const med = (label: string, name: string) => median(results.get(label)!.map((r) => r.get(name) ?? 0));
  say(`\nmedian of ${ROUNDS} round(s), idle ${IDLE_S} s; load averages at each start: ${loads.join(' | ')}`);
  say(`${'process'.padEnd(20)} ${'before'.padStart(9)} ${'after'.padStart(9)}  after/before`);
  for (const name of names) {
    const b = med('before', name);
    const a = med('after', name);
    const unit = name.startsWith('CPU') ? ' s' : ' MB';
    const digits = name.startsWith('CPU') ? 1 : 0;
    say(`${name.padEnd(20)} ${b.toFixed(digits).padStart(6)}${unit} ${a.toFixed(digits).padStart(6)}${unit}  ${b ? (a / b).toFixed(2) : '-'}x`);
  }
}
