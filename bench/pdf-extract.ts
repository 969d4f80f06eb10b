/**
 * PDF text extraction speed: Mnemo's extractor (pdf.js, legacy build) against Debian's pdftotext
 * (poppler-utils) on the same 200-page PDF of real prose. Target: at least 40% of pdftotext's rate.
 *
 *   pnpm bench:pdf            (apt-get install poppler-utils for the comparison)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPdf } from '../apps/ingest-worker/src/extract/pdf';
import { fixturePdf } from './fixture-pdf';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-'));
const file = join(dir, 'bench.pdf');
const pdf = await fixturePdf(PAGES);
writeFileSync(file, pdf);
console.log(`PDF: ${PAGES} pages, ${(pdf.length / 1024).toFixed(0)} KB`);

let words = 0;
const ours: number[] = [];
await extractPdf(pdf); // warm-up: loads pdf.js and its fonts
for (let i = 0; i < ROUNDS; i++) {
  const start = performance.now();
  const out = await extractPdf(pdf);
  ours.push(performance.now() - start);
  words = out.text.split(/\s+/).length;
}
const oursRate = PAGES / (median(ours) / 1000);
console.log(`mnemo (pdf.js):  ${median(ours).toFixed(0)} ms median of ${ROUNDS}, ${oursRate.toFixed(0)} pages/s, ${words} words`);

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
rmSync(dir, { recursive: true, force: true });
