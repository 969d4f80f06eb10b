/**
 * The first PDF a warmed PDF pool reads against the next ones, in one process, in CPU time: the
 * worker's pool as it starts (startPdfPool: threads started, pdf.js loaded, the warm-up document
 * read), then three documents read one after the other, each printed with its wall time, the CPU
 * time of the main thread (putting the pages together, page furniture, text) and of the whole
 * process (the PDF threads and V8's compiler threads included), from /proc, with the load average;
 * the process's CPU is split into the main thread, the threads started with the process (V8's
 * platform threads: concurrent TurboFan compiles and GC helpers) and the rest (the PDF threads).
 * CPU time holds still on a loaded machine where wall times do not (bench/README.md, issue 25).
 *
 *   pnpm exec tsx bench/pdf-first-read.ts                 the bench's 100-, 101- and 102-page PDFs
 *   BENCH_PDF=/path/to/real.pdf pnpm exec tsx bench/pdf-first-read.ts   a real PDF, read three times
 *   BENCH_PDFS=a.pdf,b.pdf,...   several real PDFs, each read once, in this order (rotate the order
 *                      to see each as the first document and as a later one)
 *   BENCH_WARM_READ=1   one extraction of a 12-page pdf-lib document through the pool before the
 *                      reads (=/path/to.pdf: of that PDF)
 *   BENCH_PAUSE_MS=n    a pause between the warm-up and the first read
 *   BENCH_V8_FLAGS="--flag ..."   V8 flags set for the process (its PDF threads included) first
 *
 * Run it a few times: each run is one start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { extractFile } from '../apps/ingest-worker/src/extract/file';
import { defaultPdfThreads, startPdfPool } from '../apps/ingest-worker/src/extract/pdf-pool';
import { fixturePdf } from './fixture-pdf';

const ms = (user: number, system: number) => (user + system) * 10; // /proc counts in 1/100 s
/** CPU milliseconds of one of this process's threads (the main thread's task has the process's id). */
function taskMs(task: string | number): number {
  try {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ms(Number(fields[11]), Number(fields[12]));
  } catch {
    return 0; // the thread has ended
  }
}
const mainThreadMs = () => taskMs(process.pid);
/**
 * The threads Node starts with the process, besides the main one: V8's platform threads (concurrent
 * compilation and GC helpers shared by every isolate, the PDF threads' included) and Node's own.
 * Threads started later are the PDF threads (and libuv's pool, started on first use).
 */
const startupTasks = new Set(readdirSync('/proc/self/task').filter((t) => t !== String(process.pid)));
const platformMs = () => [...startupTasks].reduce((sum, t) => sum + taskMs(t), 0);

// V8 flags for the whole process, its PDF threads included (issue 25: what tiers up, and when).
const v8Flags = process.env.BENCH_V8_FLAGS?.trim();
if (v8Flags) for (const flag of v8Flags.split(/\s+/)) setFlagsFromString(flag);
const processMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const file = process.env.BENCH_PDF;
/** Several real PDFs, read once each in this order (documents of other writers than the first). */
const files = process.env.BENCH_PDFS?.split(',').filter(Boolean);
const documents = files
  ? files.map((f) => new Uint8Array(readFileSync(f)))
  : file
    ? [0, 1, 2].map(() => new Uint8Array(readFileSync(file)))
    : await Promise.all([0, 1, 2].map((i) => fixturePdf(100 + i)));
const names = files ? files.map((f) => f.split('/').at(-1)!) : documents.map(() => '');

const started = performance.now();
const pool = startPdfPool(
  { threads: Number(process.env.PDF_THREADS ?? defaultPdfThreads()), timeoutMs: 600_000 },
  { info: () => {}, warn: (obj, msg) => console.warn(msg, obj) },
);
await pool.warmed;
console.log(`${pool.threads} threads warmed up in ${(performance.now() - started).toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`);

const read = (data: Uint8Array) =>
  extractFile({ data, filename: 'bench.pdf', contentType: 'application/pdf' }, { pdf: { reader: pool, ocr: false } });
const warmRead = process.env.BENCH_WARM_READ;
if (warmRead === '1') await read(await fixturePdf(12));
else if (warmRead) await read(new Uint8Array(readFileSync(warmRead)));
// A pause between the warm-up and the first document, as after a real start (the first upload
// comes seconds after the worker is ready): V8's compiles queued by the warm-up finish in it.
const pauseMs = Number(process.env.BENCH_PAUSE_MS ?? 0);
if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));

const cpu: number[] = [];
for (const [i, data] of documents.entries()) {
  const main0 = mainThreadMs();
  const platform0 = platformMs();
  const all0 = processMs();
  const t0 = performance.now();
  const result = await read(data);
  cpu.push(processMs() - all0);
  const main = mainThreadMs() - main0;
  const platform = platformMs() - platform0;
  console.log(
    `read ${i + 1}: ${(performance.now() - t0).toFixed(0)} ms, CPU main thread ${main} ms, V8 platform ${platform} ms, PDF threads ${Math.max(0, Math.round(cpu.at(-1)! - main - platform))} ms, whole process ${cpu.at(-1)!.toFixed(0)} ms (${result.meta.pageCount} pages${names[i] ? `, ${names[i]}` : ''}; load average ${loadavg()[0]!.toFixed(1)})`,
  );
}
const later = [...cpu.slice(1)].sort((a, b) => a - b)[0]!;
console.log(`first / best later, CPU of the process: ${(cpu[0]! / later).toFixed(2)}x`);
await pool.close();
