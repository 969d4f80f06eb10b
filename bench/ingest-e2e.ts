/**
 * End-to-end ingestion through the gateway, with the embedded defaults (PGlite, local files, the
 * offline AI provider), as `npm start` runs Mnemo:
 *   - a 100-page PDF of real prose (100 + i pages in round i): upload → add → process → `completed` (target: under 10 s);
 *   - a web page fixture: add → process → `completed` (target: under 2 s).
 *
 * It also prints the first PDF after the start against the later ones (the same PDF each time), in
 * total and per worker step: whatever starts cold in the worker shows there.
 *
 *   pnpm build && pnpm bench:ingest        (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_ROUNDS=6 for more rounds; BENCH_WEB=0 for PDFs only (first vs later without web pages between).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '../packages/testing/src/fixtures';
import { fixturePdf } from './fixture-pdf';
import { LAUNCHER_ENV } from '../apps/launcher/launch-env.mjs';
import { untilLauncherReady } from './launcher-ready';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WEB = process.env.BENCH_WEB !== '0';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const launcher = spawn(process.execPath, ['apps/launcher/dist/main.js'], {
  env: {
    ...process.env,
    ...LAUNCHER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    MNEMO_DATA_DIR: dataDir,
    // info: the worker's 'source processed' lines carry each step's time, printed below.
    LOG_LEVEL: 'info',
    SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${sitePort}`,
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
await untilLauncherReady(launcher);
readyAt = performance.now();

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
async function processToCompletion(deckId: string, sourceId: string) {
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
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`load average at start: ${load()}`);
const pdfTimes: number[] = [];
const pdfSteps: Array<Record<string, unknown>> = [];
const decks: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any -- bench reads loosely
const webTimes: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  // A guest may have three decks: later rounds add their sources to those.
  const deck = (decks[i % 3] ??= await call('/decks', { title: `Bench ${i}` }));

  const t0 = performance.now();
  if (i === 0) console.log(`  first upload ${(t0 - readyAt!).toFixed(0)} ms after ready`);
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
  pdfTimes.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 200)); // the log line trails the completed event
  pdfSteps.push(stepTimes.get(doc._id) ?? {});
  console.log(`  pdf ${i + 1}: ${(pdfTimes.at(-1)! / 1000).toFixed(2)} s`, JSON.stringify(stepTimes.get(doc._id) ?? {}), `(load average ${load()})`);
  if (!WEB) continue;

  const t1 = performance.now();
  const web = await call(`/decks/${deck._id}/sources`, {
    source: { type: 'website', url: `http://127.0.0.1:${sitePort}/wiki/${i}` },
  });
  await processToCompletion(deck._id, web._id);
  webTimes.push(performance.now() - t1);
  await new Promise((r) => setTimeout(r, 200));
  console.log(`  web ${i + 1}: ${(webTimes.at(-1)! / 1000).toFixed(2)} s`, JSON.stringify(stepTimes.get(web._id) ?? {}));
}
console.log(
  `100-page PDF, upload to completed: median ${(median(pdfTimes) / 1000).toFixed(2)} s of ${ROUNDS} (${pdfTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}) — target < 10 s`,
);
if (ROUNDS > 1) {
  // The first PDF after the start against the median of the later ones: total and each worker step.
  const later = (xs: number[]) => median(xs.slice(1));
  const ratio = (first: number, rest: number) => `${(first / Math.max(rest, 1e-9)).toFixed(2)}x`;
  console.log(
    `first PDF after start ${(pdfTimes[0]! / 1000).toFixed(2)} s, later ones (median of ${ROUNDS - 1}) ${(later(pdfTimes) / 1000).toFixed(2)} s: ${ratio(pdfTimes[0]!, later(pdfTimes))} (target ≤ 1.20x)`,
  );
  const steps = Object.keys(pdfSteps[0] ?? {}).filter((k) => k.endsWith('Ms'));
  for (const step of steps) {
    const xs = pdfSteps.map((s) => Number(s[step] ?? 0));
    console.log(`  ${step.padEnd(14)} first ${String(xs[0]).padStart(6)} ms, later ${String(later(xs)).padStart(6)} ms: ${ratio(xs[0]!, later(xs))}`);
  }
}
if (WEB) console.log(
  `web page, add to completed:        median ${(median(webTimes) / 1000).toFixed(2)} s of ${ROUNDS} (${webTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}) — target < 2 s`,
);

console.log(`load average at end: ${load()}`);

launcher.kill('SIGTERM');
await new Promise((r) => launcher.once('exit', r));
site.close();
rmSync(dataDir, { recursive: true, force: true });
