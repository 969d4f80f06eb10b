import { checkImage, type ImageKind } from './image-check';
import { ExtractionError } from './errors';
import { OcrPageError, type OcrEngine } from './ocr-engine';
import { createDocumentOcr } from './ocr-language';
import { readableOcrText } from './ocr-text';
import { openTiff } from './tiff';
import { joinPageTexts, stripPageFurniture } from './page-furniture';
import { cleanSections, firstLineTitle, joinSections, normaliseInline } from './text';
import type { Extracted } from './types';

/** Pages read by OCR so far, for the job's progress stream (step `ocr`). */
export type OcrProgress = (progress: { done: number; total: number }) => void;

export type ImageOptions = { ocr: OcrEngine; onOcrProgress?: OcrProgress };

/**
 * A picture of text (a photographed handout, a scanned page) read by OCR: its size and completeness
 * are checked from the header first (image-check.ts), then Tesseract reads it as one page; a TIFF
 * of several pages is read page by page (extractTiffPages).
 */
export async function extractImage(
  data: Uint8Array,
  kind: ImageKind,
  { ocr, onOcrProgress }: ImageOptions,
): Promise<Extracted> {
  const { width, height, pages } = checkImage(data, kind);
  if (kind === 'tiff' && pages > 1) return extractTiffPages(data, { ocr, onOcrProgress });
  onOcrProgress?.({ done: 0, total: 1 });
  let result;
  try {
    result = await ocr.recognize(data);
  } catch (err) {
    if (!(err instanceof OcrPageError)) throw err;
    throw new ExtractionError(
      err.reason === 'timeout' ? 'extraction_timeout' : 'corrupt_file',
      err.reason === 'timeout'
        ? `This image ${err.message}, so reading it was stopped. Try a smaller or sharper picture.`
        : 'This image could not be decoded; it may be damaged. Try saving it again as PNG or JPEG.',
      { cause: err },
    );
  }
  onOcrProgress?.({ done: 1, total: 1 });
  const text = readableOcrText(result);
  const sections = cleanSections([{ page: 1, text }]);
  if (sections.length === 0) {
    throw new ExtractionError(
      'no_readable_text',
      'No readable text was found in this image. Upload a sharper, straight picture of the page (or the document itself).',
      { details: { width, height } },
    );
  }
  return {
    kind: 'image',
    title: firstLineTitle(normaliseInline(sections[0]!.text.split('\n')[0] ?? '')),
    text: joinSections(sections),
    sections,
    meta: { pageCount: 1, ocrPages: [1] },
  };
}

const listPages = (pages: readonly (number | string)[]) => pages.join(', ');

/**
 * A TIFF of several pages: each decoded (tiff.ts) and read by OCR, as many at once as the engine
 * has threads, in the document's language once its first pages tell it (ocr-language.ts), its page
 * number kept for citations. A page that cannot be decoded or read in its
 * time is named, and the others carry on; a file with no readable page fails.
 */
async function extractTiffPages(
  data: Uint8Array,
  { ocr, onOcrProgress }: ImageOptions,
): Promise<Extracted> {
  let tiff: ReturnType<typeof openTiff>;
  try {
    tiff = openTiff(data);
  } catch (err) {
    throw new ExtractionError(
      'corrupt_file',
      'This TIFF image is damaged: its pages could not be read.',
      {
        cause: err,
      },
    );
  }
  const total = tiff.pages;
  const sections: { page: number; text: string }[] = [];
  const unreadable: { page: number; why: string }[] = [];
  const blank: number[] = [];
  const document = createDocumentOcr(ocr);
  let next = 1;
  let done = 0;
  onOcrProgress?.({ done, total });
  const readOne = async (page: number) => {
    let image: Uint8Array;
    try {
      image = tiff.page(page);
    } catch {
      unreadable.push({ page, why: 'could not be decoded' });
      return;
    }
    try {
      const text = await document.read(image);
      if (text) sections.push({ page, text });
      else blank.push(page);
    } catch (err) {
      if (!(err instanceof OcrPageError)) throw err;
      unreadable.push({ page, why: err.message });
    }
  };
  // Decoding happens on this thread, one page per lane at a time, so at most `threads` decoded
  // pages are held at once.
  const lanes = Array.from({ length: Math.min(total, ocr.threads) }, async () => {
    while (next <= total) {
      await readOne(next++);
      onOcrProgress?.({ done: ++done, total });
    }
  });
  await Promise.all(lanes);
  sections.sort((a, b) => a.page - b.page);
  unreadable.sort((a, b) => a.page - b.page);
  blank.sort((a, b) => a - b);
  // Page numbers and running heads out (page-furniture.ts), as for a scanned PDF.
  const cleaned = cleanSections(stripPageFurniture(cleanSections(sections)));
  if (cleaned.length === 0) {
    throw new ExtractionError(
      'no_readable_text',
      unreadable.length === total
        ? `No page of this ${total}-page TIFF could be read; it may be damaged. Try scanning it again.`
        : `No readable text was found on any of this TIFF's ${total} pages. Upload sharper, straight scans of the pages.`,
      {
        details: {
          pages: total,
          ...(unreadable.length ? { unreadablePages: unreadable.map((u) => u.page) } : {}),
        },
      },
    );
  }
  const warnings: string[] = [];
  if (unreadable.length > 0) {
    warnings.push(
      `Pages that could not be read: ${listPages(unreadable.map((u) => `${u.page} (${u.why})`))}.`,
    );
  }
  if (blank.length > 0) warnings.push(`Scanned pages with no readable text: ${listPages(blank)}.`);
  return {
    kind: 'image',
    title: firstLineTitle(normaliseInline(cleaned[0]!.text.split('\n')[0] ?? '')),
    text: joinPageTexts(cleaned),
    sections: cleaned,
    meta: {
      pageCount: total,
      ocrPages: sections.map((s) => s.page),
      ...(unreadable.length > 0 ? { unreadablePages: unreadable.map((u) => u.page) } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
  };
}
