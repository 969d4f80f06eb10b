/**
 * OCR speed: seconds per scanned page for a PDF with no text layer, made at run time from the
 * fixture pdflatex-4-pages.pdf (each page drawn at 200 dpi and put back as a picture), read through
 * the worker's path (PDF threads draw, tesseract.js threads read, OCR_THREADS pages at once).
 * Target: at most 2 s a page on this machine. Also prints the word recall against the text layer.
 *
 *   pnpm bench:ocr            (BENCH_OCR_ROUNDS=3, OCR_THREADS=<cores, at most 4>)
 */
import { loadavg } from 'node:os';
import {
  createOcrEngine,
  DEFAULT_OCR_PAGE_TIMEOUT_MS,
  defaultOcrThreads,
} from '../apps/ingest-worker/src/extract/ocr-engine';
import {
  fixturePdf,
  imageOnlyPdf,
  scanPage,
  wordRecall,
} from '../apps/ingest-worker/src/extract/ocr-test-support';
import { extractPdf } from '../apps/ingest-worker/src/extract/pdf';
import { createPdfPool, defaultPdfThreads } from '../apps/ingest-worker/src/extract/pdf-pool';

const ROUNDS = Number(process.env.BENCH_OCR_ROUNDS ?? 3);
const THREADS = Number(process.env.OCR_THREADS ?? defaultOcrThreads());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const source = fixturePdf('pdflatex-4-pages.pdf');
const PAGES = 4;
const scans = [];
for (let page = 1; page <= PAGES; page++) scans.push(await scanPage(source, page, { dpi: 200 }));
const scanned = await imageOnlyPdf(scans, 200);
console.log(
  `scanned PDF: ${PAGES} pages at 200 dpi, ${(scanned.length / 1024).toFixed(0)} KB, no text layer`,
);

const reader = createPdfPool({ threads: defaultPdfThreads(), timeoutMs: 600_000 });
const ocr = createOcrEngine({ threads: THREADS, pageTimeoutMs: DEFAULT_OCR_PAGE_TIMEOUT_MS * 10 });
const original = (await extractPdf(source, { reader, ocr: false })).text;

// Warm-up: starts the threads and loads Tesseract's models in each (paid once per thread).
const warm = performance.now();
await extractPdf(scanned, { reader, ocr });
console.log(
  `warm-up (threads start, models load): ${((performance.now() - warm) / 1000).toFixed(1)} s, load ${load()}`,
);

const times: number[] = [];
let recall = 0;
// CPU time of the whole process (its OCR and PDF threads included): what a page costs whatever else
// the machine is doing; on an idle machine the wall time a page is about this over the threads.
const cpuStart = process.cpuUsage();
for (let i = 0; i < ROUNDS; i++) {
  const start = performance.now();
  const out = await extractPdf(scanned, { reader, ocr });
  times.push(performance.now() - start);
  recall = wordRecall(original, out.text);
}
const cpu = process.cpuUsage(cpuStart);
const cpuPerPage = (cpu.user + cpu.system) / 1e6 / ROUNDS / PAGES;
await Promise.all([reader.close(), ocr.close()]);
const perPage = median(times) / 1000 / PAGES;
console.log(
  `OCR, ${THREADS} thread${THREADS > 1 ? 's' : ''}: ${(median(times) / 1000).toFixed(1)} s median of ${ROUNDS} for ${PAGES} pages = ${perPage.toFixed(2)} s a page (target <= 2 s) ${perPage <= 2 ? 'MET' : 'NOT MET'}`,
);
console.log(
  `CPU: ${cpuPerPage.toFixed(2)} CPU-s a page (${(cpuPerPage / THREADS).toFixed(2)} s a page of wall time on ${THREADS} idle cores)`,
);
console.log(`word recall against the text layer: ${(recall * 100).toFixed(1)}%`);
console.log(`load average (1, 5, 15 min): ${load()}`);
