/**
 * The decompression budget (apps/ingest-worker/src/extract/decompression-budget.ts) against what
 * documents need: the bytes real PDFs unpack to, and the worker's resident memory while it refuses
 * a 1 MB PDF whose page stream inflates to 1 GiB. Then the page cap against a flat page tree of
 * 150,000 pages (BENCH_LONG_PAGES), all of them real: the time to read the first 2,000.
 *
 *   pnpm bench:bomb
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fixturePath } from '../packages/testing/src/fixtures';
import { DEFAULT_DECOMPRESSION_BUDGET } from '../apps/ingest-worker/src/extract/decompression-budget';
import { extractPdf } from '../apps/ingest-worker/src/extract/pdf';
import { createPdfPool, defaultPdfThreads } from '../apps/ingest-worker/src/extract/pdf-pool';
import { readPdfStripe } from '../apps/ingest-worker/src/extract/pdf-read';
import { buildLongPdf, buildPdf, deflatedBomb } from '../apps/ingest-worker/src/extract/test-support';
import { fixturePdf } from './fixture-pdf';

const load = () => loadavg()[0]!.toFixed(1);
const MiB = 1024 * 1024;
const limitless = {
  maxStreamBytes: Number.MAX_SAFE_INTEGER,
  maxDocumentBytes: Number.MAX_SAFE_INTEGER,
};

/** KiB a whole document unpacks to when one thread reads every page. */
async function decodedKiB(data: Uint8Array): Promise<number> {
  const decodedKiB = new Int32Array(new SharedArrayBuffer(4));
  await readPdfStripe({
    data,
    stripe: { index: 0, count: 1 },
    maxPages: 2000,
    withMetadata: true,
    decompression: { budget: limitless, decodedKiB },
  }).catch(() => undefined); // the password-protected fixture: what it unpacked before refusing still counts
  return Atomics.load(decodedKiB, 0);
}

const budget = DEFAULT_DECOMPRESSION_BUDGET;
console.log(
  `budget: ${budget.maxStreamBytes / MiB} MiB a stream, ${budget.maxDocumentBytes / MiB} MiB a document`,
);
const dir = fixturePath('pdf', '.');
const documents: [string, Uint8Array][] = [
  ...readdirSync(dir).map((n): [string, Uint8Array] => [n, readFileSync(fixturePath('pdf', n))]),
  ['bench fixture, 200 pages', await fixturePdf(200)],
];
for (const [name, data] of documents) {
  const kib = await decodedKiB(data);
  console.log(
    `${name}: ${(data.length / 1024).toFixed(0)} KB, unpacks to ${(kib / 1024).toFixed(1)} MiB (load ${load()})`,
  );
}

const bomb = buildPdf({
  bytes: await deflatedBomb('BT /F1 12 Tf 20 250 Td (Inflated) Tj ET', 1024 * MiB),
  filter: 'FlateDecode',
});
const reader = createPdfPool({ threads: defaultPdfThreads(), timeoutMs: 600_000 });
await reader.warm();
const idle = process.memoryUsage.rss();
let peak = idle;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
const start = performance.now();
const verdict = await extractPdf(bomb, { reader }).then(
  () => 'read (no limit applied!)',
  (err: Error & { reason?: string }) => err.reason ?? err.message,
);
const ms = performance.now() - start;
clearInterval(timer);
await new Promise((resolve) => setTimeout(resolve, 500));
console.log(
  `bomb (${(bomb.length / 1024).toFixed(0)} KB, 1 GiB inflated), ${reader.threads} threads: ${verdict} in ${ms.toFixed(0)} ms, ` +
    `RSS peak +${((peak - idle) / MiB).toFixed(0)} MiB over idle, +${((process.memoryUsage.rss() - idle) / MiB).toFixed(0)} MiB 0.5 s later (load ${load()})`,
);
await reader.close();

const LONG = Number(process.env.BENCH_LONG_PAGES ?? 150_000);
const long = buildLongPdf(LONG, LONG);
const longReader = createPdfPool({ threads: defaultPdfThreads(), timeoutMs: 600_000 });
await longReader.warm();
const longStart = performance.now();
const longResult = await extractPdf(long, { reader: longReader });
console.log(
  `flat page tree of ${LONG} pages (${(long.length / 1024 / 1024).toFixed(1)} MB), ${longReader.threads} threads: ` +
    `${longResult.sections.length} pages read in ${(performance.now() - longStart).toFixed(0)} ms, ` +
    `RSS ${(process.memoryUsage.rss() / MiB).toFixed(0)} MiB (load ${load()})`,
);
await longReader.close();
