import { UPLOAD_MAX_BYTES } from '@mnemo/contracts/api/upload';
import { extractDoc } from './doc';
import { extractDocx } from './docx';
import { ExtractionError } from './errors';
import { detectFileType } from './file-type';
import { extractPdf, type PdfOptions } from './pdf';
import type { Extracted } from './types';
import type { ZipLimits } from './zip-guard';

export type FileInput = { data: Uint8Array; filename?: string | null; contentType?: string | null };
export type FileOptions = { maxBytes?: number; zipLimits?: ZipLimits; pdf?: PdfOptions };

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
  const extracted =
    detected.kind === 'pdf'
      ? await extractPdf(data, options.pdf)
      : detected.kind === 'docx'
        ? await extractDocx(data, options.zipLimits ? { zipLimits: options.zipLimits } : {})
        : await extractDoc(data);
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
