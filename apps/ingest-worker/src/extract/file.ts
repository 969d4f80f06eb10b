import { UPLOAD_MAX_BYTES } from '@mnemo/contracts/api/upload';
import { isImageKind } from '@mnemo/contracts/file-formats';
import { extractDoc } from './doc';
import { ExtractionError } from './errors';
import { detectFileType } from './file-type';
import { extractImage, type OcrProgress } from './image';
import { defaultOcrEngine, type OcrEngine } from './ocr-engine';
import { extractPdf, type PdfOptions } from './pdf';
import type { Extracted } from './types';
import type { ZipLimits } from './zip-guard';

export type FileInput = { data: Uint8Array; filename?: string | null; contentType?: string | null };
export type FileOptions = {
  maxBytes?: number;
  zipLimits?: ZipLimits;
  pdf?: PdfOptions;
  /** Reads pictures and scanned PDF pages; the process's own engine when not given. */
  ocr?: OcrEngine;
  /** Pages read by OCR so far (the job's `ocr` progress step). */
  onOcrProgress?: OcrProgress;
};

/** A document's bytes to text: the kind is read from the bytes (file-type.ts), then its extractor runs. */
export async function extractFile(input: FileInput, options: FileOptions = {}): Promise<Extracted> {
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  if (data.length > maxBytes) {
    throw new ExtractionError(
      'too_large',
      `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      {
        details: { size: data.length, maxBytes },
      },
    );
  }
  const detected = await detectFileType(data, {
    filename: input.filename,
    contentType: input.contentType,
    ...(options.zipLimits ? { zipLimits: options.zipLimits } : {}),
  });
  const zip = options.zipLimits ? { zipLimits: options.zipLimits } : {};
  const ocrProgress = options.onOcrProgress ? { onOcrProgress: options.onOcrProgress } : {};
  const kind = detected.kind;
  // The office, e-book and text readers (fast-xml-parser, linkedom, marked) are imported with the
  // first file of their kind, not at start: an idle worker keeps none of them (issue 25, idle
  // memory). PDFs and pictures, the common and the warmed-up paths, stay imported.
  const extracted = await (async () => {
    if (isImageKind(kind)) {
      return extractImage(data, kind, { ocr: options.ocr ?? defaultOcrEngine(), ...ocrProgress });
    }
    switch (kind) {
      case 'pdf':
        return extractPdf(data, {
          ...(options.ocr ? { ocr: options.ocr } : {}),
          ...ocrProgress,
          ...options.pdf,
        });
      case 'docx':
        return (await import('./docx')).extractDocx(data, zip);
      case 'doc':
        return extractDoc(data);
      case 'pptx':
        return (await import('./pptx')).extractPptx(data, zip);
      case 'epub':
        return (await import('./epub')).extractEpub(data, zip);
      case 'txt':
      case 'md':
      case 'html':
        return (await import('./text-file')).extractTextFile(data, kind);
    }
  })();
  const warnings = [
    ...(extracted.meta.warnings ?? []),
    ...(detected.extensionMismatch ? [`File ${detected.extensionMismatch}.`] : []),
  ];
  return {
    ...extracted,
    meta: {
      ...extracted.meta,
      contentType: input.contentType ?? null,
      ...(warnings.length > 0 ? { warnings } : {}),
    },
  };
}
