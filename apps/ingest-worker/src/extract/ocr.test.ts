import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFile } from './file';
import { createOcrEngine, OcrPageError, type OcrEngine } from './ocr-engine';
import {
  fixturePdf,
  imageOnlyPdf,
  mixedPdf,
  multiPageTiff,
  pgmToTiff,
  photoOf,
  pngHeaderOnly,
  scanPage,
  textPdf,
  wordRecall,
  wordSet,
} from './ocr-test-support';
import { extractPdf } from './pdf';
import { createPdfPool, type PdfPool } from './pdf-pool';
import { failure, buildPdf } from './test-support';

/**
 * OCR end to end on scans made from the fixture PDFs at test time: every page read here costs
 * Tesseract seconds, so the pages are few and the pictures small. Recall is the share of the
 * original's distinct words that come back.
 */

let ocr: OcrEngine;
let pool: PdfPool;
beforeAll(() => {
  ocr = createOcrEngine({ threads: 2, pageTimeoutMs: 120_000 });
  pool = createPdfPool({ threads: 2, timeoutMs: 120_000 });
});
afterAll(async () => {
  await Promise.all([ocr.close(), pool.close()]);
});

const textOf = async (pdf: Uint8Array) =>
  (await extractPdf(pdf, { reader: pool, ocr: false })).text;

describe('scanned PDF pages', () => {
  it('a PDF of typed and scanned pages gets both, each cited to its page, with >= 90% of the scanned words back and progress per page', async () => {
    const minimal = fixturePdf('minimal-document.pdf');
    const fourPages = fixturePdf('pdflatex-4-pages.pdf');
    // Page 1 typed (pdflatex page 1), page 2 a scan of minimal-document.pdf.
    const scan = await scanPage(minimal, 1, { fraction: 0.45 });
    const mixed = await mixedPdf(fourPages, [1, scan]);
    const progress: { done: number; total: number }[] = [];

    const result = await extractPdf(mixed, {
      reader: pool,
      ocr,
      onOcrProgress: (p) => progress.push(p),
    });

    expect(result.sections.map((s) => s.page)).toEqual([1, 2]);
    expect(result.meta.ocrPages).toEqual([2]);
    expect(result.meta.unreadablePages).toBeUndefined();
    expect(result.sections[0]!.text.startsWith('Hello, here is some text without a meaning.')).toBe(
      true,
    );
    const recall = wordRecall(await textOf(minimal), result.sections[1]!.text);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(progress).toEqual([
      { done: 0, total: 1 },
      { done: 1, total: 1 },
    ]);
  }, 240_000);

  it('an image-only PDF whose pages hold no text fails with a clear message; without OCR it says so as before', async () => {
    const blank = buildPdf(
      'q 100 0 0 100 10 10 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q 0 0 1 rg 150 150 50 50 re f',
    );
    const err = await failure(extractPdf(blank, { reader: pool, ocr }));
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'no_readable_text']);
    expect(err.message).toMatch(
      /no text layer, and reading its pages as pictures \(OCR\) found no text/,
    );

    const without = await failure(extractPdf(blank, { reader: pool, ocr: false }));
    expect(without.reason).toBe('needs_ocr');
  }, 240_000);

  it('a page that cannot be read in its time is named in the warnings, and the engine answers the next page from a new thread', async () => {
    const slow = createOcrEngine({ threads: 1, pageTimeoutMs: 1 });
    try {
      const scan = await scanPage(fixturePdf('minimal-document.pdf'), 1, { fraction: 0.2 });
      const twoScans = await mixedPdf(fixturePdf('pdflatex-4-pages.pdf'), [1, scan]);
      const result = await extractPdf(twoScans, { reader: pool, ocr: slow });
      expect(result.sections.map((s) => s.page)).toEqual([1]);
      expect(result.meta.unreadablePages).toEqual([2]);
      expect(result.meta.warnings).toContain(
        'Pages that could not be read: 2 (took longer than 0 seconds to read).',
      );
      // The stopped thread was replaced: the same engine still answers (with its own verdict).
      await expect(slow.recognize(scan)).rejects.toBeInstanceOf(OcrPageError);
    } finally {
      await slow.close();
    }
  }, 240_000);

  it('a page that needs more memory than the limit is named in the warnings with that reason; the other pages are read, and the engine keeps serving', async () => {
    // Set up for English, a thread holds 20 MB; a strip of a page (a fifth) takes it to 29 MB, a
    // whole page at 300 dpi (8.7 megapixels) to about 70 (bench/README.md). 36 MB lets the first be
    // read and not the second. Pages are read at the size they come in: shrunk to its print's
    // size (ocr-scale.ts), the 300 dpi page would fit.
    const tight = createOcrEngine({
      threads: 1,
      pageTimeoutMs: 120_000,
      languages: ['eng'],
      memoryLimitMb: 36,
      textLinePx: 0,
    });
    try {
      const minimal = fixturePdf('minimal-document.pdf');
      const large = await scanPage(minimal, 1, { dpi: 300 });
      const small = await scanPage(minimal, 1, { fraction: 0.2 });
      const pdf = await mixedPdf(fixturePdf('pdflatex-4-pages.pdf'), [1, large, small]);
      const result = await extractPdf(pdf, { reader: pool, ocr: tight });

      expect(result.sections.map((s) => s.page)).toEqual([1, 3]);
      expect(result.meta.ocrPages).toEqual([3]);
      expect(result.meta.unreadablePages).toEqual([2]);
      expect(result.meta.warnings).toContain(
        'Pages that could not be read: 2 (needed more than 36 MB of memory to read).',
      );
      expect(result.sections[1]!.text).toMatch(/^Lorem ipsum dolor sit amet/);
      // The thread that ran into the limit was replaced: the same engine reads the next picture.
      expect((await tight.recognize(small)).text).toMatch(/Lorem ipsum/);
      await expect(tight.recognize(large)).rejects.toMatchObject({ reason: 'memory' });
    } finally {
      await tight.close();
    }
  }, 240_000);
});

describe('the document’s language', () => {
  const GERMAN = [
    'Die Gemeinde hat beschlossen, den alten Bahnhof in ein Kulturzentrum umzubauen. Im Erdgeschoss entstehen ein Café und ein Saal für Konzerte, im ersten Stock Räume für Vereine und Musikschüler. Die Bauarbeiten beginnen im Frühjahr und sollen zwei Jahre dauern.',
    'Die Kosten trägt zum größten Teil das Land, den Rest übernehmen die Gemeinde und eine Stiftung. Während der Bauzeit fährt der Bus weiterhin über den Vorplatz, nur der Fußweg zur Brücke wird für einige Monate gesperrt.',
  ];
  const ENGLISH =
    'This page gives a short summary in English for visitors. The old railway station will become a cultural centre with a café, a concert hall and rooms for clubs. Building work starts in spring and should take about two years.';

  it('reads a German scan in German after its first page, and an English page in it in English, each with >= 90% of its words', async () => {
    // One thread: pages are read one after the other, so the order of readings is known.
    const engine = createOcrEngine({ threads: 1, pageTimeoutMs: 120_000 });
    const readings: string[] = [];
    const spy: OcrEngine = {
      threads: engine.threads,
      languages: engine.languages,
      close: () => engine.close(),
      recognize: (image, options) => {
        readings.push(options?.languages?.join('+') ?? 'all');
        return engine.recognize(image, options);
      },
    };
    try {
      const typed = await textPdf([GERMAN[0]!, '\f', ENGLISH, '\f', GERMAN[1]!]);
      const scans = await Promise.all(
        [1, 2, 3].map((page) => scanPage(typed, page, { fraction: 0.22 })),
      );
      const result = await extractPdf(await imageOnlyPdf(scans), { reader: pool, ocr: spy });

      expect(result.meta.ocrPages).toEqual([1, 2, 3]);
      // The pages are too short to cut a strip from (ocr-strip.ts), so the pages themselves tell:
      // page 1 in the main language (English) first, then again in German, the language its text
      // is in; page 2, read in German, reads as English and is read again in English; page 3 in German.
      expect(readings).toEqual(['eng', 'deu', 'deu', 'eng', 'deu']);
      const want = [GERMAN[0]!, ENGLISH, GERMAN[1]!];
      for (const [i, text] of want.entries()) {
        const got = result.sections.find((s) => s.page === i + 1)?.text ?? '';
        expect(wordRecall(text, got), `page ${i + 1}`).toBeGreaterThanOrEqual(0.9);
      }
      expect(result.text).toMatch(/Frühjahr/);
      expect(result.text).toMatch(/größten/);
    } finally {
      await engine.close();
    }
  }, 600_000);

  it('tells a German scan from a strip of its first page and reads each page once, in German, with >= 90% of its words', async () => {
    const engine = createOcrEngine({ threads: 2, pageTimeoutMs: 120_000 });
    const readings: { languages: string; bytes: number }[] = [];
    const spy: OcrEngine = {
      threads: engine.threads,
      languages: engine.languages,
      close: () => engine.close(),
      recognize: (image, options) => {
        readings.push({ languages: options?.languages?.join('+') ?? 'all', bytes: image.length });
        return engine.recognize(image, options);
      },
    };
    try {
      // Pages tall enough to cut a strip from (ocr-strip.ts), two read at once.
      const typed = await textPdf([GERMAN[0]!, '\f', GERMAN[1]!]);
      const scans = await Promise.all(
        [1, 2].map((page) => scanPage(typed, page, { fraction: 0.4 })),
      );
      const result = await extractPdf(await imageOnlyPdf(scans), { reader: pool, ocr: spy });

      // The strip (a fifth of a page) in English, the main language; then each page once, in German.
      expect(readings.map((r) => r.languages)).toEqual(['eng', 'deu', 'deu']);
      // Against the first page, read whole: the last page is read in bands (pdf-ocr.ts), and of
      // this one's only the top band holds ink; which of the two is read first depends on which
      // page was drawn first (under load, either).
      const page = Math.max(...readings.slice(1).map((r) => r.bytes));
      expect(readings[0]!.bytes).toBeLessThan(page / 3);
      for (const [i, text] of GERMAN.entries()) {
        const got = result.sections.find((s) => s.page === i + 1)?.text ?? '';
        expect(wordRecall(text, got), `page ${i + 1}`).toBeGreaterThanOrEqual(0.9);
      }
    } finally {
      await engine.close();
    }
  }, 600_000);
});

describe('image uploads', () => {
  it('a TIFF and a JPEG scan are read with >= 90% of the words, as page 1', async () => {
    const minimal = fixturePdf('minimal-document.pdf');
    const original = await textOf(minimal);
    // The TIFF from the renderer's own greyscale picture of the page (as a scanner would write it).
    const rendered = await pool.render(
      {
        data: (() => {
          const shared = new SharedArrayBuffer(minimal.byteLength);
          new Uint8Array(shared).set(minimal);
          return shared;
        })(),
        documentKey: 'tiff-test',
        page: 1,
        budget: { maxStreamBytes: 64 << 20, maxDocumentBytes: 200 << 20 },
      },
      60_000,
    );
    const jpeg = await scanPage(minimal, 1, { format: 'jpeg' });
    const [tiff, jpg] = await Promise.all([
      extractFile({ data: pgmToTiff(rendered.image), filename: 'scan.tif' }, { ocr }),
      extractFile({ data: jpeg, filename: 'photo.jpg' }, { ocr }),
    ]);
    for (const result of [tiff, jpg]) {
      expect(result.kind).toBe('image');
      expect(result.sections.map((s) => s.page)).toEqual([1]);
      expect(wordRecall(original, result.text)).toBeGreaterThanOrEqual(0.9);
    }
    expect(jpg.title).toMatch(/^Lorem ipsum dolor sit amet/);
  }, 240_000);

  it('a large photo of large print is read shrunk to its print size with the words read at full size', async () => {
    // A third of a LaTeX page photographed at 300 dpi (lines some 40 pixels tall, paper lit
    // unevenly, noise), as a JPEG: the OCR thread reads it at about half its size (ocr-image.ts).
    const png = await scanPage(fixturePdf('pdflatex-4-pages.pdf'), 1, { dpi: 300, fraction: 0.3 });
    const photo = await photoOf(png);
    const fullSize = createOcrEngine({ threads: 1, pageTimeoutMs: 120_000, textLinePx: 0 });
    try {
      const [shrunk, full] = await Promise.all([
        extractFile({ data: photo, filename: 'photo.jpg' }, { ocr }),
        extractFile({ data: photo, filename: 'photo.jpg' }, { ocr: fullSize }),
      ]);
      expect(wordSet(full.text).size).toBeGreaterThan(60);
      expect(wordRecall(full.text, shrunk.text)).toBeGreaterThanOrEqual(0.95);
      expect(wordRecall(shrunk.text, full.text)).toBeGreaterThanOrEqual(0.95);
    } finally {
      await fullSize.close();
    }
  }, 240_000);

  it('a TIFF of three scanned pages is read page by page, each cited to its page with >= 90% of its words', async () => {
    const fourPages = fixturePdf('pdflatex-4-pages.pdf');
    const shared = new SharedArrayBuffer(fourPages.byteLength);
    new Uint8Array(shared).set(fourPages);
    const budget = { maxStreamBytes: 64 << 20, maxDocumentBytes: 200 << 20 };
    const pages = await Promise.all(
      [1, 2, 3].map(
        async (page) =>
          (await pool.render({ data: shared, documentKey: 'multi-tiff', page, budget }, 60_000))
            .image,
      ),
    );
    const progress: { done: number; total: number }[] = [];
    const result = await extractFile(
      { data: multiPageTiff(pages), filename: 'handout.tiff' },
      { ocr, onOcrProgress: (p) => progress.push(p) },
    );
    const original = await extractPdf(fourPages, { reader: pool, ocr: false });
    expect(result.kind).toBe('image');
    expect(result.meta).toMatchObject({ pageCount: 3, ocrPages: [1, 2, 3] });
    expect(result.sections.map((s) => s.page)).toEqual([1, 2, 3]);
    for (const page of [1, 2, 3]) {
      const want = original.sections.find((s) => s.page === page)!.text;
      const got = result.sections.find((s) => s.page === page)!.text;
      expect(wordRecall(want, got), `page ${page}`).toBeGreaterThanOrEqual(0.9);
    }
    expect(progress[0]).toEqual({ done: 0, total: 3 });
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });
  }, 240_000);

  it('a 20,000 × 20,000 px image is refused by its header and a truncated one by its container, each with its own message; the engine keeps serving', async () => {
    const huge = await failure(
      extractFile({ data: pngHeaderOnly(20_000, 20_000), filename: 'huge.png' }, { ocr }),
    );
    expect([huge.code, huge.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'image_too_large']);
    expect(huge.message).toMatch(/^This image is 20000 × 20000 pixels, larger than Mnemo reads/);

    const png = await scanPage(fixturePdf('minimal-document.pdf'), 1, { fraction: 0.2 });
    for (const [name, data] of [
      ['cut.png', png.subarray(0, Math.floor(png.length / 2))],
      [
        'cut.jpg',
        (
          await scanPage(fixturePdf('minimal-document.pdf'), 1, { fraction: 0.2, format: 'jpeg' })
        ).subarray(0, 5000),
      ],
    ] as const) {
      const cut = await failure(extractFile({ data, filename: name }, { ocr }));
      expect([cut.code, cut.reason]).toEqual(['EXTRACTION_FAILED', 'truncated_file']);
      expect(cut.message).toMatch(/image is incomplete: the file ends before the picture does/);
    }

    const whole = await extractFile({ data: png, filename: 'whole.png' }, { ocr });
    expect(whole.text).toMatch(/^Lorem ipsum dolor sit amet/);
  }, 240_000);
});
