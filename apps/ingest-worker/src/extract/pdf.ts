import { DEFAULT_DECOMPRESSION_BUDGET, type DecompressionBudget } from './decompression-budget';
import { ExtractionError } from './errors';
import type { OcrProgress } from './image';
import { defaultOcrEngine, type OcrEngine } from './ocr-engine';
import { ocrPdfPages } from './pdf-ocr';
import { createPdfPool, defaultPdfThreads, type PdfPool } from './pdf-pool';
import { PdfReadError, readPdfStripe, type PdfPage } from './pdf-read';
import { joinPageTexts, stripPageFurniture } from './page-furniture';
import { cleanSections, firstLineTitle, normaliseInline } from './text';
import type { Extracted, ExtractedSection } from './types';

/**
 * PDF text, page by page so chunks can cite page numbers. The pages are read by pdf.js in PDF
 * threads (pdf-pool.ts), a document split between them in stripes, and put back in page order
 * here; a thread that runs past its time limit is stopped and the PDF fails with a clear reason.
 */

/** Whatever reads stripes of a document: the PDF pool, or the calling thread in tests. */
export type PdfReader = Pick<PdfPool, 'read' | 'threads'> & Partial<Pick<PdfPool, 'render'>>;

export type PdfOptions = {
  /** Pages read at most; a longer document is cut (and says so in meta.warnings). */
  maxPages?: number;
  /** The worker's pool (sized and timed from its env); a pool of this process's own otherwise. */
  reader?: PdfReader;
  /** What the document may unpack to (decompression-budget.ts). */
  decompression?: DecompressionBudget;
  /**
   * Reads the pages that have no text layer (scans), drawn by the reader's threads. The worker's
   * engine; one of this process's own otherwise. `false`: such pages are skipped (tests of text).
   */
  ocr?: OcrEngine | false;
  /** How long drawing one page for OCR may take. */
  renderTimeoutMs?: number;
  /** Scanned pages read so far (the job's `ocr` progress step). */
  onOcrProgress?: OcrProgress;
};

export const PDF_MAX_PAGES = 2000;
/** The time limit of the pool made when the caller gives none. */
export const PDF_DEFAULT_TIMEOUT_MS = 120_000;

let ownPool: PdfPool | null = null;
const defaultReader = () =>
  (ownPool ??= createPdfPool({ threads: defaultPdfThreads(), timeoutMs: PDF_DEFAULT_TIMEOUT_MS }));

/** Drawing a page takes a fraction of a second; a page that takes longer is built to stall. */
export const PDF_RENDER_TIMEOUT_MS = 30_000;

/** Reads in the calling thread, with no time limit: for tests that watch what pdf.js itself does. */
export const inlinePdfReader: PdfReader = {
  threads: 1,
  read: (request) =>
    readPdfStripe({
      ...request,
      data: new Uint8Array(request.data),
      decompression: { budget: request.budget, decodedKiB: new Int32Array(request.decodedKiB) },
    }).catch((err: unknown) => {
      throw err instanceof PdfReadError
        ? new ExtractionError(err.reason, err.message, { cause: err })
        : err;
    }),
};

export async function extractPdf(data: Uint8Array, options: PdfOptions = {}): Promise<Extracted> {
  const reader = options.reader ?? defaultReader();
  const maxPages = options.maxPages ?? PDF_MAX_PAGES;
  const shared = new SharedArrayBuffer(data.byteLength);
  new Uint8Array(shared).set(data);
  const budget = options.decompression ?? DEFAULT_DECOMPRESSION_BUDGET;
  const decodedKiB = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  // One stripe per thread: a short document costs the idle stripes one parse of its cross-reference table.
  const count = Math.max(1, reader.threads);

  // The first stripe to fail (a damaged page, the time limit) stops the others.
  const cancel = new AbortController();
  const stripes = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      reader
        .read(
          {
            data: shared,
            stripe: { index, count },
            maxPages,
            withMetadata: index === 0,
            budget,
            decodedKiB,
          },
          cancel.signal,
        )
        .catch((err: unknown) => {
          cancel.abort(err);
          throw err;
        }),
    ),
  );

  const pageCount = stripes[0]!.pageCount;
  const pages: PdfPage[] = stripes.flatMap((s) => s.pages).sort((a, b) => a.page - b.page);
  const warnings: string[] = [];
  if (pageCount > maxPages)
    warnings.push(`Only the first ${maxPages} of ${pageCount} pages were read.`);

  const sections: ExtractedSection[] = [];
  const emptyPages: number[] = [];
  for (const { page, text } of pages) {
    if (text.trim()) sections.push({ page, text });
    else emptyPages.push(page);
  }

  // Pages without a text layer are scans (or pictures of text): OCR reads them, in page order with
  // the others, so a PDF of some typed and some scanned pages gets both.
  const ocr =
    options.ocr === false ? null : (options.ocr ?? (reader.render ? defaultOcrEngine() : null));
  let ocrPages: number[] = [];
  let unreadablePages: number[] = [];
  if (emptyPages.length > 0 && ocr && reader.render) {
    const read = await ocrPdfPages(shared, emptyPages, budget, {
      ocr,
      renderer: { render: reader.render.bind(reader) },
      pageTimeoutMs: options.renderTimeoutMs ?? PDF_RENDER_TIMEOUT_MS,
      ...(options.onOcrProgress ? { onProgress: options.onOcrProgress } : {}),
    });
    sections.push(...read.sections);
    sections.sort((a, b) => a.page! - b.page!);
    ocrPages = read.readPages;
    unreadablePages = read.unreadable.map((u) => u.page);
    const blank = read.readPages.filter(
      (p) => !read.sections.some((s) => s.page === p && s.text.trim()),
    );
    if (read.unreadable.length > 0) {
      warnings.push(
        `Pages that could not be read: ${listPages(read.unreadable.map((u) => `${u.page} (${u.why})`))}.`,
      );
    }
    if (blank.length > 0)
      warnings.push(`Scanned pages with no readable text: ${listPages(blank)}.`);
    emptyPages.length = 0;
  }

  // Page numbers and running heads out (page-furniture.ts); a page that had only those is dropped.
  const cleaned = cleanSections(stripPageFurniture(cleanSections(sections)));
  if (cleaned.length === 0 && ocr && reader.render) {
    throw new ExtractionError(
      'no_readable_text',
      unreadablePages.length === pageCount || unreadablePages.length === pages.length
        ? 'No page of this PDF could be read: it has no text layer, and its pages could not be read as pictures either. It may be damaged; try exporting or scanning it again.'
        : 'No readable text was found in this PDF: it has no text layer, and reading its pages as pictures (OCR) found no text. Try a sharper scan, or a PDF with selectable text.',
      { details: { pageCount, ...(unreadablePages.length > 0 ? { unreadablePages } : {}) } },
    );
  }
  if (cleaned.length === 0) {
    throw new ExtractionError(
      'needs_ocr',
      'This PDF has no text layer (it looks like a scan or a picture of text). It needs OCR, which Mnemo does not do yet; upload a PDF with selectable text.',
      { details: { pageCount } },
    );
  }
  if (emptyPages.length > 0) {
    warnings.push(`Pages without text (scanned?) were skipped: ${listPages(emptyPages)}.`);
  }

  const firstLine =
    pages.find((p) => p.firstLine !== null)?.firstLine ?? cleaned[0]?.text.split('\n')[0] ?? null;
  const title =
    stripes[0]!.metadataTitle ?? (firstLine ? firstLineTitle(normaliseInline(firstLine)) : null);

  return {
    kind: 'pdf',
    title,
    text: joinPageTexts(cleaned),
    sections: cleaned,
    meta: {
      pageCount,
      ...(ocrPages.length > 0 ? { ocrPages } : {}),
      ...(unreadablePages.length > 0 ? { unreadablePages } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
  };
}

/** Page numbers (or descriptions) for a message, the first twenty. */
const listPages = (items: readonly (number | string)[]) =>
  `${items.slice(0, 20).join(', ')}${items.length > 20 ? '…' : ''}`;
