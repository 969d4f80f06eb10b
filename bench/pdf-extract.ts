/**
 * PDF text extraction speed: Mnemo's extractor (pdf.js, legacy build) against Debian's pdftotext
 * (poppler-utils) on the same 200-page PDF of real prose. Target: at least 40% of pdftotext's rate.
 *
 *   pnpm bench:pdf            (apt-get install poppler-utils for the comparison)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPdf } from '../apps/ingest-worker/src/extract/pdf';
import { createPdfPool, defaultPdfThreads } from '../apps/ingest-worker/src/extract/pdf-pool';
import { fixturePdf } from './fixture-pdf';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-'));
const file = join(dir, 'bench.pdf');
const pdf = await fixturePdf(PAGES);
writeFileSync(file, pdf);
console.log(`PDF: ${PAGES} pages, ${(pdf.length / 1024).toFixed(0)} KB`);

// The worker's pool (PDF_THREADS: one thread per core, at most four), and one thread for comparison.
const THREADS = Number(process.env.PDF_THREADS ?? defaultPdfThreads());
let words = 0;
let oursRate = 0;
for (const threads of [...new Set([1, THREADS])]) {
  const reader = createPdfPool({ threads, timeoutMs: 600_000 });
  const ours: number[] = [];
  await extractPdf(pdf, { reader }); // warm-up: starts the threads, loads pdf.js and its fonts
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const out = await extractPdf(pdf, { reader });
    ours.push(performance.now() - start);
    words = out.text.split(/\s+/).length;
  }
  await reader.close();
  oursRate = PAGES / (median(ours) / 1000);
  console.log(`mnemo, ${threads} thread${threads > 1 ? 's' : ''}:  ${median(ours).toFixed(0)} ms median of ${ROUNDS}, ${oursRate.toFixed(0)} pages/s, ${words} words`);
}

let theirs: number | null = null;
try {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    execFileSync('pdftotext', ['-layout', file, '-'], { maxBuffer: 1 << 28 });
    times.push(performance.now() - start);
  }
  theirs = PAGES / (median(times) / 1000);
  console.log(`pdftotext:       ${median(times).toFixed(0)} ms median of ${ROUNDS}, ${theirs.toFixed(0)} pages/s`);
} catch {
  console.log('pdftotext:       not installed (apt-get install poppler-utils)');
}
if (theirs) {
  const ratio = oursRate / theirs;
  console.log(`ratio:           ${(ratio * 100).toFixed(0)}% of pdftotext (target >= 40%) ${ratio >= 0.4 ? 'MET' : 'NOT MET'}`);
}
console.log(`load average: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
rmSync(dir, { recursive: true, force: true });
