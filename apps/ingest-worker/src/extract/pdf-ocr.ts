import type { DecompressionBudget } from './decompression-budget';
import type { OcrProgress } from './image';
import { OcrPageError, type OcrEngine } from './ocr-engine';
import { createDocumentOcr } from './ocr-language';
import type { PdfPool } from './pdf-pool';
import type { ExtractedSection } from './types';

/**
 * The scanned pages of a PDF (no text layer) read by OCR: each is drawn by a PDF thread
 * (pdf-render.ts) and read by an OCR thread (ocr-engine.ts), as many pages at once as there are OCR
 * threads, in the document's language once its first pages tell it (ocr-language.ts). A page that
 * cannot be drawn or read in its time is named, and the others carry on.
 */
export type PdfOcrOptions = {
  ocr: OcrEngine;
  /** The PDF pool's threads draw the pages. */
  renderer: Pick<PdfPool, 'render'>;
  /** How long drawing one page may take; reading it has the OCR engine's own limit. */
  pageTimeoutMs: number;
  onProgress?: OcrProgress;
  signal?: AbortSignal;
};

export type PdfOcrResult = {
  sections: ExtractedSection[];
  /** Pages read, with or without text found. */
  readPages: number[];
  /** Pages that could not be drawn or read, and why, for the source's warnings. */
  unreadable: { page: number; why: string }[];
};

let documents = 0;

export async function ocrPdfPages(
  data: SharedArrayBuffer,
  pages: readonly number[],
  budget: DecompressionBudget,
  { ocr, renderer, pageTimeoutMs, onProgress, signal }: PdfOcrOptions,
): Promise<PdfOcrResult> {
  const documentKey = `${process.pid}:${++documents}`;
  const sections: ExtractedSection[] = [];
  const readPages: number[] = [];
  const unreadable: PdfOcrResult['unreadable'] = [];
  const document = createDocumentOcr(ocr);
  let next = 0;
  let done = 0;
  onProgress?.({ done, total: pages.length });

  const readOne = async (page: number, parts: number) => {
    let image: Uint8Array;
    try {
      ({ image } = await renderer.render(
        { data, documentKey, page, budget },
        pageTimeoutMs,
        signal,
      ));
    } catch (err) {
      if (signal?.aborted) throw err;
      unreadable.push({ page, why: 'could not be drawn' });
      return;
    }
    try {
      const text = await document.read(image, signal, { parts });
      readPages.push(page);
      if (text) sections.push({ page, text });
    } catch (err) {
      if (!(err instanceof OcrPageError)) throw err;
      unreadable.push({ page, why: err.message });
    }
  };

  // As many pages in flight as the OCR engine has threads; drawing the next page overlaps reading.
  // The last page is read in as many bands as there are threads: read whole, it kept one thread
  // busy for a page's time after the others had finished (a quarter of a 4-page document's time
  // on two cores, bench/README.md).
  const lanes = Array.from({ length: Math.min(pages.length, ocr.threads) }, async () => {
    while (next < pages.length) {
      const page = pages[next++]!;
      await readOne(page, next === pages.length ? ocr.threads : 1);
      onProgress?.({ done: ++done, total: pages.length });
    }
  });
  await Promise.all(lanes);
  sections.sort((a, b) => a.page! - b.page!);
  unreadable.sort((a, b) => a.page - b.page);
  readPages.sort((a, b) => a - b);
  return { sections, readPages, unreadable };
}
