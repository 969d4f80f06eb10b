import { DEFAULT_DECOMPRESSION_BUDGET, type DecompressionBudget } from './decompression-budget';
import { ExtractionError } from './errors';
import { createPdfPool, defaultPdfThreads, type PdfPool } from './pdf-pool';
import { PdfReadError, readPdfStripe, type PdfPage } from './pdf-read';
import { cleanSections, firstLineTitle, joinSections, normaliseInline } from './text';
import type { Extracted, ExtractedSection } from './types';

/**
 * PDF text, page by page so chunks can cite page numbers. The pages are read by pdf.js in PDF
 * threads (pdf-pool.ts), a document split between them in stripes, and put back in page order
 * here; a thread that runs past its time limit is stopped and the PDF fails with a clear reason.
 */

/** Whatever reads stripes of a document: the PDF pool, or the calling thread in tests. */
export type PdfReader = Pick<PdfPool, 'read' | 'threads'>;

export type PdfOptions = {
  /** Pages read at most; a longer document is cut (and says so in meta.warnings). */
  maxPages?: number;
  /** The worker's pool (sized and timed from its env); a pool of this process's own otherwise. */
  reader?: PdfReader;
  /** What the document may unpack to (decompression-budget.ts). */
  decompression?: DecompressionBudget;
};

export const PDF_MAX_PAGES = 2000;
/** The time limit of the pool made when the caller gives none. */
export const PDF_DEFAULT_TIMEOUT_MS = 120_000;

let ownPool: PdfPool | null = null;
const defaultReader = () =>
  (ownPool ??= createPdfPool({ threads: defaultPdfThreads(), timeoutMs: PDF_DEFAULT_TIMEOUT_MS }));

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

  const cleaned = cleanSections(sections);
  if (cleaned.length === 0) {
    throw new ExtractionError(
      'needs_ocr',
      'This PDF has no text layer (it looks like a scan or a picture of text). It needs OCR, which Mnemo does not do yet; upload a PDF with selectable text.',
      { details: { pageCount } },
    );
  }
  if (emptyPages.length > 0) {
    warnings.push(
      `Pages without text (scanned?) were skipped: ${emptyPages.slice(0, 20).join(', ')}${emptyPages.length > 20 ? '…' : ''}.`,
    );
  }

  const firstLine = pages.find((p) => p.firstLine !== null)?.firstLine ?? null;
  const title =
    stripes[0]!.metadataTitle ?? (firstLine ? firstLineTitle(normaliseInline(firstLine)) : null);

  return {
    kind: 'pdf',
    title,
    text: joinSections(cleaned),
    sections: cleaned,
    meta: { pageCount, ...(warnings.length > 0 ? { warnings } : {}) },
  };
}
