import {
  isZipGuardError,
  listZipEntries as listGuarded,
  readZipEntries as readGuardedEntries,
  readZipSafely,
  type ZipEntryInfo,
  type ZipGuardError,
  type ZipLimits,
} from '@mnemo/archive/zip';
import { DEFAULT_DECOMPRESSION_BUDGET, mebibytes } from './decompression-budget';
import { ExtractionError } from './errors';

/**
 * The guard every zip-based reader goes through (.docx, .pptx, .epub), before its parser sees the
 * file: the shared zip guard of `@mnemo/archive/zip` (entry count, each entry's and the whole
 * unpacked size within the decompression budget shared with PDFs, decompression-budget.ts, no
 * entry compressed far beyond what real documents compress to, no encrypted entry, no name that
 * climbs out of the archive; then every entry inflated with its real size checked and counted), so a
 * lying header is caught before a parser (mammoth's zip reader does not check sizes) reads it. This
 * file turns the guard's neutral refusals into the worker's reasons and words.
 */
export type { ZipEntryInfo, ZipLimits };

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxEntryBytes: DEFAULT_DECOMPRESSION_BUDGET.maxStreamBytes,
  maxTotalBytes: DEFAULT_DECOMPRESSION_BUDGET.maxDocumentBytes,
  // Word XML compresses 5-20x, highly repetitive tables rarely past 50x; deflate tops out near 1000x.
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/** A refusal of the guard as the learner reads it, with the worker's reason. */
function extractionError(err: ZipGuardError, limits: ZipLimits): ExtractionError {
  const { details } = err;
  const entry = details.entry ?? '';
  switch (err.code) {
    case 'not_zip':
    case 'damaged':
      return new ExtractionError('corrupt_file', 'This file is damaged or is not a valid document, so it could not be opened.', { cause: err });
    case 'unsafe_path':
      return new ExtractionError(
        'unsafe_zip_path',
        'This file contains a part whose path points outside the document (a crafted archive), so it was not opened.',
        { details: { entry } },
      );
    case 'encrypted':
      return new ExtractionError('password_protected', 'This document is password-protected. Save a copy without the password and upload it again.');
    case 'too_many_entries':
      return new ExtractionError(
        'zip_too_many_entries',
        `This file holds more than ${limits.maxEntries} parts, far more than a document has, so it was not opened.`,
        { details: { entryCount: details.entryCount, maxEntries: limits.maxEntries } },
      );
    case 'entry_too_large':
      return new ExtractionError(
        'zip_too_large',
        `One part of this document would unpack to more than ${mebibytes(limits.maxEntryBytes)}, more than Mnemo opens.`,
        { details: { entry, maxEntryBytes: limits.maxEntryBytes } },
      );
    case 'too_large':
      return new ExtractionError(
        'zip_too_large',
        `This document would unpack to more than ${mebibytes(limits.maxTotalBytes)}, more than Mnemo opens.`,
        { details: { maxTotalBytes: limits.maxTotalBytes } },
      );
    case 'suspicious_ratio':
      return new ExtractionError(
        'zip_suspicious_ratio',
        'This document is compressed far more than real documents are (it looks like a zip bomb), so it was not opened.',
        { details: { entry, ratio: details.ratio } },
      );
  }
}

/** Runs a guard call with its refusals as the worker's ExtractionErrors. */
async function guarded<T>(limits: ZipLimits, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isZipGuardError(err)) throw extractionError(err, limits);
    throw err;
  }
}

/**
 * The entries of a zip, from its central directory only (nothing is unpacked), refused when the
 * declared figures break the limits.
 */
export function listZipEntries(buffer: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntryInfo[]> {
  return guarded(limits, () => listGuarded(buffer, limits));
}

/**
 * The whole guard: the listing's limits, no password-protected entry, and every entry unpacked into
 * nothing with its real size checked and counted. Returns the entries.
 */
export async function assertZipSafe(buffer: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntryInfo[]> {
  return (await guarded(limits, () => readZipSafely(buffer, limits))).entries;
}

/**
 * The bytes of every entry `wanted` picks, in one pass over the zip (call assertZipSafe first:
 * sizes are trusted here). An entry larger than `maxBytes` is left out.
 */
export function readZipEntries(buffer: Buffer, wanted: (name: string) => boolean, maxBytes: number): Promise<Map<string, Buffer>> {
  return guarded(DEFAULT_ZIP_LIMITS, () => readGuardedEntries(buffer, wanted, maxBytes));
}

/** One entry's bytes (small metadata parts), or null when absent or larger than `maxBytes`. */
export async function readZipEntry(buffer: Buffer, name: string, maxBytes: number): Promise<Buffer | null> {
  return (await readZipEntries(buffer, (n) => n === name, maxBytes)).get(name) ?? null;
}
