/**
 * The gateway hop alone, CPU time per call (issue 25): Mnemo's gateway in front of Mnemo's auth
 * service (`GET /api/auth/config`, a call that does no work), beside the bare Fastify proxy in front
 * of a trivial upstream (bench/serving-bare.ts), each process started by itself (no launcher, no
 * database, no other service), measured in interleaved rounds of the same number of calls.
 * With BENCH_BEFORE_ROOT=<another built checkout>, that checkout's gateway and auth service run
 * beside this one's and both are measured at the same time (half the connections each), so a
 * change is read as CPU µs a call and req/s after / before under the same load: on a machine shared
 * with others a process's CPU time per call still moves with the load (fewer calls share each turn
 * of the event loop and each system call), so only figures measured together are compared.
 *
 *   pnpm build && npx tsx bench/serving-hop.ts
 *   BENCH_ROUNDS=5 BENCH_AMOUNT=5000 BENCH_CONNECTIONS=50 BENCH_PORT_BASE=<n> (ports n..n+7, and from n+25 three a variant)
 *
 * Redis on 127.0.0.1:6379 (the gateway's limits); the auth service gets a DATABASE_URL it never
 * uses on this call. The processes run as the launcher runs them: its node flags and memory
 * environment (apps/launcher), LOG_LEVEL=info, output piped and read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { launcherEnvOf } from './launcher-ready';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const AMOUNT = Number(process.env.BENCH_AMOUNT ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4000 + Math.floor(Math.random() * 800));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

function start(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return new Promise((res, rej) => {
    child.once('exit', (code) => rej(new Error(`${args.join(' ')} exited (${code}):\n${out}`)));
    const poll = async () => {
      if (await ready().catch(() => false)) res(child);
      else setTimeout(() => void poll(), 200);
    };
    void poll();
  });
}
const answers = (url: string) => async () => (await fetch(url)).ok;

const TICK_US = 1e6 / 100;
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const tsx = ['--import', 'tsx', 'bench/serving-bare.ts'];
const upstreamPort = PORT_BASE;
const upstream = await start(
  [...tsx, 'upstream', String(upstreamPort)],
  {},
  answers(`http://127.0.0.1:${upstreamPort}/`),
);
const barePort = PORT_BASE + 1;
const bare = await start(
  [...tsx, 'proxy', String(barePort), `http://127.0.0.1:${upstreamPort}`],
  {},
  answers(`http://127.0.0.1:${barePort}/api/x`),
);

type Target = { name: string; url: string; pids: Map<string, number> };
const targets: Target[] = [
  {
    name: 'bare proxy',
    url: `http://127.0.0.1:${barePort}/api/auth/config`,
    pids: new Map([
      ['proxy', bare.pid!],
      ['upstream', upstream.pid!],
    ]),
  },
];

/** The gateway and auth service of the checkout at `root`, as the launcher starts them. */
async function startHop(
  root: string,
  name: string,
  ports: number,
  extraEnv: Record<string, string> = {},
) {
  const launcherEnv = await launcherEnvOf(root);
  const memory = join(root, 'apps/launcher/dist/main.js');
  // The launcher's children's node flags (apps/launcher/src/memory.ts), read from its build.
  const semiSpace = /--max-semi-space-size=\d+/.exec(readFileSync(memory, 'utf8'))?.[0];
  const nodeArgs = ['--enable-source-maps', ...(semiSpace ? [semiSpace] : [])];
  const common = {
    ...launcherEnv,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    INTERNAL_SECRET: 'bench-internal-secret-0123456789',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdefghijklmnop',
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench-hop-${process.pid}-${name}`,
    MAIL_DISABLED: 'true',
    ...extraEnv,
  };
  const authPort = ports;
  const auth = await start(
    [...nodeArgs, join(root, 'apps/auth/dist/server.js')],
    {
      ...common,
      AUTH_PORT: String(authPort),
      DATABASE_URL: 'postgres://bench@127.0.0.1:1/none',
      DECK_URL: 'http://127.0.0.1:1',
      CHAT_URL: 'http://127.0.0.1:1',
    },
    answers(`http://127.0.0.1:${authPort}/healthz`),
  );
  const gatewayPort = ports + 1;
  const gateway = await start(
    [...nodeArgs, join(root, 'apps/gateway/dist/server.js')],
    {
      ...common,
      PORT: String(gatewayPort),
      INTERNAL_PORT: String(ports + 2),
      AUTH_URL: `http://127.0.0.1:${authPort}`,
      DECK_URL: 'http://127.0.0.1:1',
      CHAT_URL: 'http://127.0.0.1:1',
      BILLING_URL: 'http://127.0.0.1:1',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      ANONYMOUS_PER_ADDRESS_PER_MINUTE: '100000000',
      TRUST_PROXY: 'loopback',
    },
    answers(`http://127.0.0.1:${gatewayPort}/api/auth/config`),
  );
  targets.push({
    name: `gateway ${name}`,
    url: `http://127.0.0.1:${gatewayPort}/api/auth/config`,
    pids: new Map([
      ['gateway', gateway.pid!],
      ['auth', auth.pid!],
    ]),
  });
}
await startHop('.', 'after', PORT_BASE + 2);
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
if (beforeRoot) await startHop(resolve(beforeRoot), 'before', PORT_BASE + 5);
// BENCH_VARIANTS="name:KEY=value,KEY=value;name2:..." more hops of this checkout with some
// environment of their own, measured with the others (for trying a setting side by side).
let variantPort = PORT_BASE + 25;
for (const spec of (process.env.BENCH_VARIANTS ?? '').split(';').filter(Boolean)) {
  const [name, vars = ''] = spec.split(':');
  const env = Object.fromEntries(
    vars
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  await startHop('.', name!, variantPort, env);
  variantPort += 3;
}

type Figures = { rps: number; p99: number; cpu: Map<string, number>; total: number };
/** Loads the targets at the same time (the connections shared out), each with `amount` calls. */
async function measure(ts: Target[], amount: number): Promise<Figures[]> {
  const before = ts.map((t) => new Map([...t.pids].map(([n, pid]) => [n, cpuTicks(pid)])));
  const started = Date.now();
  return Promise.all(
    ts.map(async (t, i) => {
      const r = await autocannon({
        url: t.url,
        connections: Math.ceil(CONNECTIONS / ts.length),
        amount,
      });
      const seconds = (Date.now() - started) / 1000;
      if (r.non2xx || r.errors)
        throw new Error(`${t.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const cpu = new Map(
        [...t.pids].map(([n, pid]) => [
          n,
          ((cpuTicks(pid) - before[i]!.get(n)!) * TICK_US) / r.requests.total,
        ]),
      );
      return {
        rps: r.requests.total / seconds,
        p99: r.latency.p99,
        cpu,
        total: [...cpu.values()].reduce((a, b) => a + b, 0),
      };
    }),
  );
}
const show = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p99 ${String(f.p99).padStart(4)} ms  CPU µs a call: ${[...f.cpu].map(([n, us]) => `${n} ${us.toFixed(0)}`).join(', ')} (sum ${f.total.toFixed(0)})`;

console.log(
  `hop bench: ${ROUNDS} rounds × ${AMOUNT} calls, ${CONNECTIONS} connections, load ${load()}`,
);
// The bare proxy alone, then Mnemo's hops (after and before together).
const groups = [targets.slice(0, 1), targets.slice(1)];
for (const g of groups) await measure(g, Math.min(AMOUNT, 2000)); // warm-up
const all = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round} (load ${load()})`);
  for (const g of round % 2 ? groups : [...groups].reverse()) {
    const fs = await measure(g, AMOUNT);
    g.forEach((t, i) => {
      all.get(t.name)!.push(fs[i]!);
      console.log(`  ${t.name.padEnd(16)} ${show(fs[i]!)}`);
    });
  }
}
console.log(`\nmedians of ${ROUNDS} rounds (load ${load()}):`);
for (const t of targets) {
  const fs = all.get(t.name)!;
  const cpu = [...t.pids.keys()]
    .map((n) => `${n} ${median(fs.map((f) => f.cpu.get(n)!)).toFixed(0)}`)
    .join(', ');
  console.log(
    `  ${t.name.padEnd(16)} ${median(fs.map((f) => f.rps))
      .toFixed(0)
      .padStart(
        6,
      )} req/s  CPU µs a call: ${cpu} (sum ${median(fs.map((f) => f.total)).toFixed(0)})`,
  );
}
if (beforeRoot) {
  const a = all.get('gateway after')!;
  const b = all.get('gateway before')!;
  const perRound = a.map((f, i) => f.total / b[i]!.total);
  const gw = a.map((f, i) => f.cpu.get('gateway')! / b[i]!.cpu.get('gateway')!);
  const au = a.map((f, i) => f.cpu.get('auth')! / b[i]!.cpu.get('auth')!);
  const fmt = (xs: number[]) =>
    `${median(xs).toFixed(2)} (rounds ${xs.map((x) => x.toFixed(2)).join(', ')})`;
  console.log(
    `  after / before, CPU a call: gateway + auth ${fmt(perRound)}; gateway ${fmt(gw)}; auth ${fmt(au)}`,
  );
}
const bareSum = all.get('bare proxy')!.map((f) => f.total);
const afterSum = all.get('gateway after')!.map((f) => f.total);
console.log(
  `  bare proxy + upstream / gateway + auth, CPU a call: ${(100 * median(bareSum.map((b, i) => b / afterSum[i]!))).toFixed(0)}% ` +
    `(the req/s ratio on an otherwise idle machine, were the load generator free)`,
);
for (const c of children) c.kill('SIGTERM');
