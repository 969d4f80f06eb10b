import { checkImage, type ImageKind } from './image-check';
import { ExtractionError } from './errors';
import { OcrPageError, type OcrEngine } from './ocr-engine';
import { readableOcrText } from './ocr-text';
import { cleanSections, firstLineTitle, joinSections, normaliseInline } from './text';
import type { Extracted } from './types';

/** Pages read by OCR so far, for the job's progress stream (step `ocr`). */
export type OcrProgress = (progress: { done: number; total: number }) => void;

export type ImageOptions = { ocr: OcrEngine; onOcrProgress?: OcrProgress };

/**
 * A picture of text (a photographed handout, a scanned page) read by OCR: its size and completeness
 * are checked from the header first (image-check.ts), then Tesseract reads it as one page.
 */
export async function extractImage(
  data: Uint8Array,
  kind: ImageKind,
  { ocr, onOcrProgress }: ImageOptions,
): Promise<Extracted> {
  const { width, height } = checkImage(data, kind);
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
