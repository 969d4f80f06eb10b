/**
 * Serving speed, side by side in one run (issue 25):
 *   - a bare Fastify proxy (@fastify/reply-from) in front of a trivial upstream, and Mnemo's gateway
 *     in front of the auth service (`GET /api/auth/config`, a call that does no work): the cost of
 *     Mnemo's hop, as the ratio gateway / bare (target ≥ 50%);
 *   - `GET /api/decks` of a guest with a few decks, on the embedded database (target ≥ 1,500 req/s,
 *     p99 ≤ 50 ms), and `GET /api/healthz` (every service's /readyz: database and Redis).
 * The four are measured in rounds, interleaved, so a neighbour's load on this shared machine falls
 * on all of them alike; every figure is printed with the load average beside it.
 *
 *   pnpm build && pnpm bench:serving     (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_ROUNDS=3 BENCH_SECONDS=5 BENCH_CONNECTIONS=50  (the defaults; BENCH_AMOUNT=<n> for n requests a measurement)
 *   BENCH_SETTLE_MS=2000 (a pause before each measurement); every other round runs the targets in reverse order, so
 *   use an even BENCH_ROUNDS for ratios free of position
 *
 * Mnemo runs as `npm start` runs it (the launcher, its defaults, LOG_LEVEL=info, output piped), with
 * only the rate limits raised so that the benchmark measures serving, not 429 answers; healthz is
 * limited per address, so its requests come from many X-Forwarded-For addresses (TRUST_PROXY=loopback).
 *
 * BENCH_CPU_PROFILE=<dir>: every process of every stack (launcher, services, gateway, bare proxy and
 * upstream) writes a CPU profile of each target's measurement in each round, named
 * `<target>-r<round>.<stack>-<app>-<pid>.cpuprofile` (bench/cpu-profile.mjs; warm-up and start-up left out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { launcherEnvOf } from './launcher-ready';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_AMOUNT=<n>: each measurement sends n requests instead of running BENCH_SECONDS; at high
// load every target then does the same work, and CPU µs per request is read over the same count.
const AMOUNT = process.env.BENCH_AMOUNT ? Number(process.env.BENCH_AMOUNT) : undefined;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// BENCH_PORT_BASE=<n>: the ports used are n..n+3 (on a machine shared with others); else random ones.
const PORT_BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;
const randomPort = () => 4000 + Math.floor(Math.random() * 900);

// BENCH_CPU_PROFILE=<dir>: the profiler is loaded into every process through NODE_OPTIONS (the
// launcher passes its environment on to its children) and driven by a control file.
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : undefined;
const PROFILE_CTL = PROFILE_DIR && join(PROFILE_DIR, 'control');
if (PROFILE_DIR) {
  mkdirSync(PROFILE_DIR, { recursive: true });
  writeFileSync(PROFILE_CTL!, 'off');
}
const profiled = (label: string): Record<string, string> =>
  PROFILE_DIR
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${resolve('bench/cpu-profile.mjs')}`.trim(),
        BENCH_CPU_PROFILE: PROFILE_DIR,
        BENCH_CPU_PROFILE_CTL: PROFILE_CTL!,
        BENCH_CPU_PROFILE_LABEL: label,
      }
    : {};

const children: ChildProcess[] = [];
// A failed run must not leave Mnemo running: the launcher stops its own children on SIGTERM.
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM')));
process.on('uncaughtException', (e) => {
  console.error(e);
  process.exit(1);
});
process.on('unhandledRejection', (e) => {
  console.error(e);
  process.exit(1);
});
/** Starts a process and resolves once `ready` appears on its output (which is then drained). */
function start(args: string[], ready: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) {
        out = '';
        child.stdout!.off('data', onData);
        // Keep reading (and dropping) its output, as a terminal or a log collector would.
        child.stdout!.resume();
        resolve(child);
      } else if (out.length > 1e6) out = out.slice(-1e4);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}); did you run pnpm build?\n${out.slice(-3000)}`)));
  });
}

const tsx = ['--import', 'tsx', 'bench/serving-bare.ts'];
const upstreamPort = PORT_BASE ?? randomPort();
const barePort = upstreamPort + 1;
const upstreamPid = (await start([...tsx, 'upstream', String(upstreamPort)], 'ready', profiled('bare'))).pid!;
const barePid = (await start([...tsx, 'proxy', String(barePort), `http://127.0.0.1:${upstreamPort}`], 'ready', profiled('bare'))).pid!;

const dataDirs: string[] = [];
/** Mnemo as `npm start` runs it, from the checkout at `root` (its own data folder and port). */
async function startMnemo(root: string, port: number, label: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-serving-'));
  dataDirs.push(dataDir);
  // BENCH_LAUNCHER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for the
  // launcher (which holds PGlite); the services are its children and do not get them.
  const nodeArgs = process.env.BENCH_LAUNCHER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const launcher = await start([...nodeArgs, join(root, 'apps/launcher/dist/main.js')], 'Mnemo is running at', {
    ...(await launcherEnvOf(root)),
    PORT: String(port),
    HOST: '127.0.0.1',
    MNEMO_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    ANONYMOUS_PER_ADDRESS_PER_MINUTE: '100000000',
    TRUST_PROXY: 'loopback',
    STARTUP_TIMEOUT_SECONDS: '600',
    ...profiled(label),
  });
  launchers.set(`http://127.0.0.1:${port}`, launcher.pid!);
  return `http://127.0.0.1:${port}`;
}

/**
 * CPU time per request of each process of a stack (Linux /proc): the launcher (which holds PGlite)
 * and its children, named by their app. Where the machine is loaded, req/s says more about the
 * neighbours than about Mnemo; the CPU a process spends on a request much less so.
 */
const launchers = new Map<string, number>();
const TICK_US = 1e6 / 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux
function cpuTicks(pid: number): number {
  try {
    // Fields after the command (in parentheses, which may hold spaces): utime is the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}
function stackProcesses(launcherPid: number): Map<string, number> {
  const found = new Map<string, number>([['launcher', launcherPid]]);
  const visit = (pid: number) => {
    let kids: number[] = [];
    try {
      kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return;
    }
    for (const kid of kids) {
      // The launcher's host of several services (launcher/dist/host.js <their scripts>) by their names.
      const apps = [...readFileSync(`/proc/${kid}/cmdline`, 'utf8').matchAll(/apps\/([\w-]+)\/dist\//g)].map((m) => m[1]!);
      const app = apps[0] === 'launcher' && apps.length > 1 ? apps.slice(1).join('+') : apps[0];
      if (app) found.set(app, kid);
      visit(kid);
    }
  };
  visit(launcherPid);
  return found;
}
const cpuOf = (pids: Map<string, number>) => new Map([...pids].map(([name, pid]) => [name, cpuTicks(pid)]));
/** A guest with as many decks as a guest may have (3), as a learner who has just started. */
async function guestWithDecks(base: string): Promise<string> {
  const anon = ((await (await fetch(`${base}/api/auth/anonymous-sessions`, { method: 'POST' })).json()) as { sessionId: string }).sessionId;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${base}/api/decks`, {
      method: 'POST',
      headers: { 'x-anonymous-session': anon, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Bench deck ${i}` }),
    });
    if (!res.ok) throw new Error(`POST /api/decks: ${res.status} ${await res.text()}`);
  }
  return anon;
}
const port = PORT_BASE !== undefined ? PORT_BASE + 2 : barePort + 10 + Math.floor(Math.random() * 50);
const base = await startMnemo('.', port, 'after');
const anon = await guestWithDecks(base);
// BENCH_BEFORE_ROOT=<another checkout, built>: its Mnemo runs beside this one and its GET /api/decks
// and its gateway's cheap call are measured in the same rounds, interleaved, for before/after ratios
// at the same load.
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
const beforeBase = beforeRoot ? await startMnemo(beforeRoot, PORT_BASE !== undefined ? PORT_BASE + 3 : port + 100, 'before') : null;
const beforeAnon = beforeBase ? await guestWithDecks(beforeBase) : null;

type Target = { name: string; url: string; headers?: Record<string, string>; manyAddresses?: boolean };
const targets: Target[] = [
  { name: 'bare proxy', url: `http://127.0.0.1:${barePort}/api/auth/config` },
  { name: 'gateway /api/auth/config', url: `${base}/api/auth/config` },
  { name: 'GET /api/decks (guest, 3 decks)', url: `${base}/api/decks`, headers: { 'x-anonymous-session': anon } },
  { name: 'GET /api/healthz', url: `${base}/api/healthz`, manyAddresses: true },
  ...(beforeBase
    ? [
        { name: 'GET /api/decks, before', url: `${beforeBase}/api/decks`, headers: { 'x-anonymous-session': beforeAnon! } },
        { name: 'gateway /api/auth/config, before', url: `${beforeBase}/api/auth/config` },
      ]
    : []),
];

// BENCH_ONLY=<text>: only the targets whose name holds it (the bare proxy and the gateway's cheap
// call, before and after, stay for the ratios), e.g. BENCH_ONLY=decks while profiling the list,
// BENCH_ONLY=hop for the cheap call alone.
if (process.env.BENCH_ONLY) {
  const keep = targets.filter((t, i) => i < 2 || t.name.includes(process.env.BENCH_ONLY!) || t.name === 'gateway /api/auth/config, before');
  targets.splice(0, targets.length, ...keep);
}

type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number; load: string; cpuUs?: Map<string, number> };
async function measure(target: Target, seconds: number, amount?: number): Promise<Figures> {
  let n = 0;
  const launcher = launchers.get(new URL(target.url).origin);
  const pids =
    launcher !== undefined
      ? stackProcesses(launcher)
      : target.url.startsWith(`http://127.0.0.1:${barePort}/`)
        ? new Map([['proxy', barePid], ['upstream', upstreamPid]])
        : undefined;
  const cpuBefore = pids && cpuOf(pids);
  const started = Date.now();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    ...(amount !== undefined ? { amount } : { duration: seconds }),
    headers: target.headers ?? {},
    ...(target.manyAddresses
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                headers: { ...req.headers, 'x-forwarded-for': `10.0.${(n >> 8) & 255}.${n++ & 255}` },
              }),
            },
          ],
        }
      : {}),
  });
  const cpuAfter = pids && cpuOf(pids);
  const cpuUs =
    cpuBefore && cpuAfter
      ? new Map([...cpuAfter].map(([name, t]) => [name, ((t - cpuBefore.get(name)!) * TICK_US) / Math.max(1, result.requests.total)]))
      : undefined;
  return {
    ...(cpuUs ? { cpuUs } : {}),
    rps: result.requests.total / (amount !== undefined ? (Date.now() - started) / 1000 : seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: load(),
  };
}
// CPU µs per request of the processes that did some of the work (≥ 5 µs), e.g. "gateway 310 auth 120".
const showCpu = (cpu: Map<string, number>) =>
  [...cpu]
    .filter(([, us]) => us >= 5)
    .map(([name, us]) => `${name} ${us.toFixed(0)}`)
    .join(' ');
const show = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms` +
  `${f.non2xx || f.errors ? `  (non-2xx ${f.non2xx}, errors ${f.errors})` : ''}  load ${f.load}` +
  `${f.cpuUs ? `  CPU µs/req: ${showCpu(f.cpuUs)}` : ''}`;

console.log(`serving bench: ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, load average at start ${load()}`);
for (const t of targets) await measure(t, 1); // warm-up: JIT, connection pools, caches
const all = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
const ratios: number[] = [];
// Position bias: whatever ran right after the bare proxy read ~10 points lower than the same build
// measured elsewhere in the round (bench/README.md, h25gw), so the order is reversed every other
// round and each measurement starts after a pause in which the previous one's processes settle
// (their GC and the sockets' teardown run on the same two cores).
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2000);
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round}${round % 2 === 0 ? ' (reversed order)' : ''}`);
  for (const t of round % 2 === 0 ? [...targets].reverse() : targets) {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (PROFILE_CTL) {
      writeFileSync(PROFILE_CTL, `on ${t.name}-r${round}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const f = await measure(t, SECONDS, AMOUNT);
    if (PROFILE_CTL) {
      writeFileSync(PROFILE_CTL, 'off');
      // Each process polls the control file every 200 ms and then writes its profile.
      await new Promise((r) => setTimeout(r, 1500));
    }
    all.get(t.name)!.push(f);
    console.log(`  ${t.name.padEnd(34)} ${show(f)}`);
  }
  const [bare, gateway] = [all.get(targets[0]!.name)!.at(-1)!, all.get(targets[1]!.name)!.at(-1)!];
  ratios.push(gateway.rps / bare.rps);
  console.log(`  gateway / bare proxy: ${(100 * ratios.at(-1)!).toFixed(0)}%  load ${load()}`);
}

console.log(`\nmedians of ${ROUNDS} rounds (load average now ${load()}):`);
for (const t of targets) {
  const fs = all.get(t.name)!;
  const cpu = fs[0]!.cpuUs && new Map([...fs[0]!.cpuUs.keys()].map((name) => [name, median(fs.map((f) => f.cpuUs!.get(name)!))]));
  console.log(
    `  ${t.name.padEnd(34)} ${median(fs.map((f) => f.rps)).toFixed(0).padStart(6)} req/s  p50 ${median(fs.map((f) => f.p50))} ms  p99 ${median(fs.map((f) => f.p99))} ms` +
      `${cpu ? `  CPU µs/req: ${showCpu(cpu)}` : ''}`,
  );
}
console.log(`  gateway / bare proxy: ${(100 * median(ratios)).toFixed(0)}% (target ≥ 50%); per round ${ratios.map((r) => `${(100 * r).toFixed(0)}%`).join(', ')}`);
const decks = all.get('GET /api/decks (guest, 3 decks)');
if (decks) {
  console.log(
    `  GET /api/decks: ${median(decks.map((f) => f.rps)).toFixed(0)} req/s, p99 ${median(decks.map((f) => f.p99))} ms (target ≥ 1,500 req/s, p99 ≤ 50 ms)`,
  );
}

const hopBefore = all.get('gateway /api/auth/config, before');
if (hopBefore) {
  const bare = all.get(targets[0]!.name)!;
  const after = all.get(targets[1]!.name)!;
  const perRound = hopBefore.map((f, i) => f.rps / bare[i]!.rps);
  console.log(
    `  gateway before (${beforeRoot}): ${median(hopBefore.map((f) => f.rps)).toFixed(0)} req/s, / bare proxy ${(100 * median(perRound)).toFixed(0)}% ` +
      `(per round ${perRound.map((r) => `${(100 * r).toFixed(0)}%`).join(', ')}); after/before req/s ${(median(after.map((f) => f.rps)) / median(hopBefore.map((f) => f.rps))).toFixed(2)}`,
  );
}
const decksBefore = all.get('GET /api/decks, before');
if (decks && decksBefore) {
  const before = decksBefore;
  const r = (f: (x: Figures) => number) => (median(decks.map(f)) / median(before.map(f))).toFixed(2);
  console.log(
    `  GET /api/decks before (${beforeRoot}): ${median(before.map((f) => f.rps)).toFixed(0)} req/s, p99 ${median(before.map((f) => f.p99))} ms; after/before req/s ${r((f) => f.rps)}, p99 ${r((f) => f.p99)}`,
  );
}

for (const c of children.reverse()) {
  c.kill('SIGTERM');
  if (c.exitCode === null) await new Promise((r) => c.once('exit', r));
}
for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
