/**
 * End-to-end ingestion through the gateway, with the embedded defaults (PGlite, local files, the
 * offline AI provider), as `npm start` runs Mnemo:
 *   - a 100-page PDF of real prose: upload → add → process → `completed` (target: under 10 s);
 *   - a web page fixture: add → process → `completed` (target: under 2 s).
 *
 *   pnpm build && pnpm bench:ingest        (needs Redis on 127.0.0.1:6379, like npm start)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fixturePath } from '../packages/testing/src/fixtures';
import { fixturePdf } from './fixture-pdf';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const page = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
const site = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(page),
);
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const sitePort = (site.address() as AddressInfo).port;

const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const launcher = spawn(process.execPath, ['apps/launcher/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MNEMO_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${sitePort}`,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  let out = '';
  launcher.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('Mnemo is running at')) resolve();
  });
  launcher.once('exit', (code) =>
    reject(new Error(`launcher exited (${code}); did you run pnpm build?\n${out}`)),
  );
});

const anon = randomUUID();
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
  const stream = await fetch(`${base}/api/ai/progress/${sourceId}?anonymousSession=${anon}`);
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

const pdf = await fixturePdf(100);
const pdfTimes: number[] = [];
const webTimes: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const deck = await call('/decks', { title: `Bench ${i}` });

  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
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

  const t1 = performance.now();
  const web = await call(`/decks/${deck._id}/sources`, {
    source: { type: 'website', url: `http://127.0.0.1:${sitePort}/wiki/${i}` },
  });
  await processToCompletion(deck._id, web._id);
  webTimes.push(performance.now() - t1);
}
console.log(
  `100-page PDF, upload to completed: median ${(median(pdfTimes) / 1000).toFixed(2)} s of ${ROUNDS} (${pdfTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}) — target < 10 s`,
);
console.log(
  `web page, add to completed:        median ${(median(webTimes) / 1000).toFixed(2)} s of ${ROUNDS} (${webTimes.map((t) => (t / 1000).toFixed(2)).join(', ')}) — target < 2 s`,
);

launcher.kill('SIGTERM');
await new Promise((r) => launcher.once('exit', r));
site.close();
rmSync(dataDir, { recursive: true, force: true });
