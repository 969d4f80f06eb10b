/**
 * The first PDF a warmed PDF pool reads against the next ones, in one process, in CPU time: the
 * worker's pool as it starts (startPdfPool: threads started, pdf.js loaded, the warm-up document
 * read), then three documents read one after the other, each printed with its wall time, the CPU
 * time of the main thread (putting the pages together, page furniture, text) and of the whole
 * process (the PDF threads and V8's compiler threads included), from /proc, with the load average.
 * CPU time holds still on a loaded machine where wall times do not (bench/README.md, issue 25).
 *
 *   pnpm exec tsx bench/pdf-first-read.ts                 the bench's 100-, 101- and 102-page PDFs
 *   BENCH_PDF=/path/to/real.pdf pnpm exec tsx bench/pdf-first-read.ts   a real PDF, read three times
 *   BENCH_WARM_READ=1   one extraction of a pdf-lib document through the pool before the three
 *
 * Run it a few times: each run is one start.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { extractFile } from '../apps/ingest-worker/src/extract/file';
import { defaultPdfThreads, startPdfPool } from '../apps/ingest-worker/src/extract/pdf-pool';
import { fixturePdf } from './fixture-pdf';

const ms = (user: number, system: number) => (user + system) * 10; // /proc counts in 1/100 s
/** CPU milliseconds of this process's main thread (its task has the process's id). */
function mainThreadMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ms(Number(fields[11]), Number(fields[12]));
}
const processMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const file = process.env.BENCH_PDF;
const documents = file
  ? [0, 1, 2].map(() => new Uint8Array(readFileSync(file)))
  : await Promise.all([0, 1, 2].map((i) => fixturePdf(100 + i)));

const started = performance.now();
const pool = startPdfPool(
  { threads: Number(process.env.PDF_THREADS ?? defaultPdfThreads()), timeoutMs: 600_000 },
  { info: () => {}, warn: (obj, msg) => console.warn(msg, obj) },
);
await pool.warmed;
console.log(`${pool.threads} threads warmed up in ${(performance.now() - started).toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`);

const read = (data: Uint8Array) =>
  extractFile({ data, filename: 'bench.pdf', contentType: 'application/pdf' }, { pdf: { reader: pool, ocr: false } });
if (process.env.BENCH_WARM_READ === '1') await read(await fixturePdf(12));

const cpu: number[] = [];
for (const [i, data] of documents.entries()) {
  const main0 = mainThreadMs();
  const all0 = processMs();
  const t0 = performance.now();
  const result = await read(data);
  cpu.push(processMs() - all0);
  console.log(
    `read ${i + 1}: ${(performance.now() - t0).toFixed(0)} ms, CPU main thread ${mainThreadMs() - main0} ms, whole process ${cpu.at(-1)!.toFixed(0)} ms (${result.meta.pageCount} pages; load average ${loadavg()[0]!.toFixed(1)})`,
  );
}
const later = [...cpu.slice(1)].sort((a, b) => a - b)[0]!;
console.log(`first / best later, CPU of the process: ${(cpu[0]! / later).toFixed(2)}x`);
await pool.close();
