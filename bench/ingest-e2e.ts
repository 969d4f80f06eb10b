/**
 * End-to-end ingestion through the gateway, with the embedded defaults (PGlite, local files, the
 * offline AI provider), as `npm start` runs Mnemo:
 *   - a 100-page PDF of real prose (100 + i pages in round i): upload → add → process → `completed` (target: under 10 s);
 *   - a web page fixture: add → process → `completed` (target: under 2 s).
 *
 * It also prints the first PDF after the start against the later ones, in total and per worker
 * step, and the CPU time each process spent on each PDF (from /proc, all its threads): whatever
 * starts cold shows there, and CPU time says so even on a loaded machine, where wall times swing.
 *
 *   pnpm build && pnpm bench:ingest        (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_ROUNDS=6 for more rounds; BENCH_WEB=0 for PDFs only (first vs later without web pages between).
 *   BENCH_STARTS=3 starts Mnemo three times (a fresh data folder each) and prints the median ratio.
 *   BENCH_BEFORE_ROOT=<a built checkout of the old code>: starts alternate between the two checkouts
 *   (BENCH_STARTS each, default 2), one at a time. BENCH_PORT_BASE: the gateway's port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixturePath } from '../packages/testing/src/fixtures';
import { fixturePdf } from './fixture-pdf';
import { launcherEnvOf, untilLauncherReady } from './launcher-ready';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WEB = process.env.BENCH_WEB !== '0';
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ? resolve(process.env.BENCH_BEFORE_ROOT) : undefined;
const STARTS = Number(process.env.BENCH_STARTS ?? (BEFORE_ROOT ? 2 : 1));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

const page = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
const site = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(page),
);
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const sitePort = (site.address() as AddressInfo).port;

// Made before the start, so the first upload follows the start closely.
// Round i reads a PDF of 100 + i pages: the same prose, but never the very text of an earlier round,
// which the offline summariser would answer from its memo of the last text (and flatter the later ones).
const pdfs = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => fixturePdf(100 + i)));

/** Every process under `root` (the launcher): pid → its app's name (apps/<name>/...), else its command. */
function processTree(root: number): Map<number, string> {
  const ppids = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      ppids.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while we looked.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of ppids) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  const names = new Map<number, string>();
  for (const pid of tree) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // The launcher's host of several services (launcher/dist/host.js <their scripts>) by their names.
      const apps = cmd.map((a) => /apps\/([^/]+)\//.exec(a)?.[1]).filter((a): a is string => a !== undefined);
      const app = apps[0] === 'launcher' && apps.length > 2 ? apps.slice(1).join('+') : apps.at(-1);
      names.set(pid, app ?? cmd.slice(-1)[0]?.slice(0, 20) ?? String(pid));
    } catch {
      // Gone.
    }
  }
  return names;
}
/** CPU seconds (user + system, all threads) each named process has used so far. */
function cpuByName(tree: Map<number, string>): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const cpu = new Map<string, number>();
  for (const [pid, name] of tree) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(name, (cpu.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // Gone.
    }
  }
  return cpu;
}

type StartResult = {
  pdfTimes: number[];
  pdfSteps: Array<Record<string, unknown>>;
  /** CPU seconds per process for each PDF. */
  pdfCpu: Array<Map<string, number>>;
  webTimes: number[];
};

/** Starts the launcher of `root` on a fresh data folder, reads ROUNDS PDFs (and web pages), stops it. */
async function oneStart(root: string, label: string): Promise<StartResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-'));
  const port = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const launcher = spawn(process.execPath, [join(root, 'apps/launcher/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...(await launcherEnvOf(root)),
      PORT: String(port),
      HOST: '127.0.0.1',
      MNEMO_DATA_DIR: dataDir,
      // info: the worker's 'source processed' lines carry each step's time, printed below.
      LOG_LEVEL: 'info',
      SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${sitePort}`,
      STARTUP_TIMEOUT_SECONDS: process.env.STARTUP_TIMEOUT_SECONDS ?? '600',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** Step timings the worker logged, by source id. */
  const stepTimes = new Map<string, Record<string, unknown>>();
  let readyAt: number | undefined;
  let pending = '';
  launcher.stdout!.on('data', (d: Buffer) => {
    pending += d.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      // When the worker's warm-ups end, against the first upload (below).
      if (line.includes('warmed up"')) console.log(`  ${readyAt === undefined ? 'before ready' : `${(performance.now() - readyAt).toFixed(0)} ms after ready`}: ${line.match(/"msg":"([^"]*)"/)?.[1]} (${line.match(/"ms":(\d+)/)?.[1]} ms)`);
      if (!line.includes('"source processed"')) continue;
      try {
        const { sourceId, chunks, characters, ...rest } = JSON.parse(line) as Record<string, unknown>;
        const times = Object.fromEntries(Object.entries(rest).filter(([k]) => k.endsWith('Ms')));
        stepTimes.set(String(sourceId), { chunks, characters, ...times });
      } catch {
        // Not a log line of ours.
      }
    }
  });
  try {
    await untilLauncherReady(launcher);
    readyAt = performance.now();
    const tree = processTree(launcher.pid!);
    console.log(`${label}: ready (load average ${load()})`);

    // Guest ids come from the gateway (clients cannot make their own).
    const anon = ((await (await fetch(`${base}/api/auth/anonymous-sessions`, { method: 'POST' })).json()) as { sessionId: string }).sessionId;
    const headers = { 'x-anonymous-session': anon, 'content-type': 'application/json' };
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(
        `${base}/api${path}`,
        body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
      );
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- bench reads loosely
    };

    /** Processes a source and resolves when its progress stream says completed. */
    const processToCompletion = async (deckId: string, sourceId: string) => {
      const stream = await fetch(`${base}/api/ai/progress/${sourceId}`, { headers: { 'x-anonymous-session': anon } });
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      await call('/ai/process-source', { deckId, sourceId });
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended early');
        buffer += value;
        if (buffer.includes('"step":"error"'))
          throw new Error(`processing failed: ${buffer.slice(-300)}`);
        if (buffer.includes('"step":"completed"')) return void (await reader.cancel());
      }
    };

    const result: StartResult = { pdfTimes: [], pdfSteps: [], pdfCpu: [], webTimes: [] };
    const decks: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any -- bench reads loosely
    for (let i = 0; i < ROUNDS; i++) {
      // A guest may have three decks: later rounds add their sources to those.
      const deck = (decks[i % 3] ??= await call('/decks', { title: `Bench ${i}` }));

      const cpuBefore = cpuByName(tree);
      const t0 = performance.now();
      if (i === 0) console.log(`  first upload ${(t0 - readyAt).toFixed(0)} ms after ready`);
      const form = new FormData();
      form.append('file', new Blob([pdfs[i]!], { type: 'application/pdf' }), 'bench.pdf');
      const up = await fetch(`${base}/api/upload/document`, {
        method: 'POST',
        headers: { 'x-anonymous-session': anon },
        body: form,
      });
      const { file } = (await up.json()) as {
        file: { storageRef: string; contentType: string; size: number };
      };
      const doc = await call(`/decks/${deck._id}/sources`, {
        source: {
          type: 'document',
          storageRef: file.storageRef,
          originalFilename: 'bench.pdf',
          contentType: file.contentType,
          sizeInBytes: file.size,
        },
      });
      await processToCompletion(deck._id, doc._id);
      result.pdfTimes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 200)); // the log line trails the completed event
      const cpuAfter = cpuByName(tree);
      result.pdfCpu.push(new Map([...cpuAfter].map(([name, s]) => [name, s - (cpuBefore.get(name) ?? 0)])));
      result.pdfSteps.push(stepTimes.get(doc._id) ?? {});
      const cpu = [...result.pdfCpu.at(-1)!].filter(([, s]) => s >= 0.05).map(([n, s]) => `${n} ${s.toFixed(2)}`).join(', ');
      console.log(`  pdf ${i + 1}: ${(result.pdfTimes.at(-1)! / 1000).toFixed(2)} s`, JSON.stringify(stepTimes.get(doc._id) ?? {}), `CPU s: ${cpu} (load average ${load()})`);
      if (!WEB) continue;

      const t1 = performance.now();
      const web = await call(`/decks/${deck._id}/sources`, {
        source: { type: 'website', url: `http://127.0.0.1:${sitePort}/wiki/${i}` },
      });
      await processToCompletion(deck._id, web._id);
      result.webTimes.push(performance.now() - t1);
      await new Promise((r) => setTimeout(r, 200));
      console.log(`  web ${i + 1}: ${(result.webTimes.at(-1)! / 1000).toFixed(2)} s`, JSON.stringify(stepTimes.get(web._id) ?? {}));
    }
    return result;
  } finally {
    launcher.kill('SIGTERM');
    await new Promise((r) => (launcher.exitCode === null ? launcher.once('exit', r) : r(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const later = (xs: number[]) => median(xs.slice(1));
const ratio = (first: number, rest: number) => first / Math.max(rest, 1e-9);
const x = (r: number) => `${r.toFixed(2)}x`;

/** One start's figures, as printed before there were several starts. */
function report(r: StartResult) {
  console.log(
    `100-page PDF, upload to completed: median ${(median(r.pdfTimes) / 1000).toFixed(2)} s of ${ROUNDS} (${r.pdfTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}) — target < 10 s`,
  );
  if (ROUNDS > 1) {
    // The first PDF after the start against the median of the later ones: total and each worker step.
    console.log(
      `first PDF after start ${(r.pdfTimes[0]! / 1000).toFixed(2)} s, later ones (median of ${ROUNDS - 1}) ${(later(r.pdfTimes) / 1000).toFixed(2)} s: ${x(ratio(r.pdfTimes[0]!, later(r.pdfTimes)))} (target ≤ 1.20x)`,
    );
    const steps = Object.keys(r.pdfSteps[0] ?? {}).filter((k) => k.endsWith('Ms'));
    for (const step of steps) {
      const xs = r.pdfSteps.map((s) => Number(s[step] ?? 0));
      console.log(`  ${step.padEnd(14)} first ${String(xs[0]).padStart(6)} ms, later ${String(later(xs)).padStart(6)} ms: ${x(ratio(xs[0]!, later(xs)))}`);
    }
    for (const name of [...new Set(r.pdfCpu.flatMap((m) => [...m.keys()]))]) {
      const xs = r.pdfCpu.map((m) => m.get(name) ?? 0);
      if (Math.max(...xs) < 0.05) continue;
      console.log(`  CPU ${name.padEnd(10)} first ${xs[0]!.toFixed(2)} s, later ${later(xs).toFixed(2)} s: ${x(ratio(xs[0]!, later(xs)))}`);
    }
    const totals = r.pdfCpu.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
    console.log(`  CPU all        first ${totals[0]!.toFixed(2)} s, later ${later(totals).toFixed(2)} s: ${x(ratio(totals[0]!, later(totals)))}`);
  }
  if (WEB) console.log(
    `web page, add to completed:        median ${(median(r.webTimes) / 1000).toFixed(2)} s of ${ROUNDS} (${r.webTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}) — target < 2 s`,
  );
}

const sides = [{ label: 'after', root: resolve('.') }, ...(BEFORE_ROOT ? [{ label: 'before', root: BEFORE_ROOT }] : [])];
const results = new Map<string, StartResult[]>(sides.map((s) => [s.label, []]));
console.log(`load average at start: ${load()}`);
for (let start = 0; start < STARTS; start++) {
  // Alternate which side starts first, so neither always meets the machine in the same state.
  for (const side of start % 2 ? [...sides].reverse() : sides) {
    const r = await oneStart(side.root, `start ${start + 1}, ${side.label}`);
    results.get(side.label)!.push(r);
    report(r);
  }
}
if (ROUNDS > 1 && (STARTS > 1 || BEFORE_ROOT)) {
  console.log(`\nfirst PDF / later ones, per start (median of the ${ROUNDS - 1} later PDFs each):`);
  for (const { label } of sides) {
    const runs = results.get(label)!;
    const wall = runs.map((r) => ratio(r.pdfTimes[0]!, later(r.pdfTimes)));
    const cpu = runs.map((r) => {
      const totals = r.pdfCpu.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
      return ratio(totals[0]!, later(totals));
    });
    console.log(
      `  ${label.padEnd(7)} wall ${wall.map(x).join(', ')} (median ${x(median(wall))}); CPU of all processes ${cpu.map(x).join(', ')} (median ${x(median(cpu))}); later PDFs' wall median ${(median(runs.map((r) => later(r.pdfTimes))) / 1000).toFixed(2)} s`,
    );
  }
}
console.log(`load average at end: ${load()}`);
site.close();
