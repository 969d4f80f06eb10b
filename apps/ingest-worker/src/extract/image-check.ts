import type { ImageKind } from '@mnemo/contracts/file-formats';
import { imageSize } from 'image-size';
import { ExtractionError } from './errors';

/**
 * Whether an uploaded picture (its format known from the shared sniffer, file-type.ts) is whole, from its header and container alone, before
 * anything decodes it: a 20,000 × 20,000 px image would need gigabytes once decoded, and a file cut
 * off in the middle decodes to a half-grey page that OCR reads as nothing. Each gets its own reason.
 */

export type { ImageKind };

/**
 * The most pixels an image may have: a 48-megapixel phone photo is about the largest real picture
 * of a page, and Tesseract's working memory grows with the pixel count (several bytes a pixel).
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** The longest side an image may have, whatever its area (a 100,000 × 10 strip is not a page). */
export const IMAGE_MAX_SIDE = 12_000;

const NAMES: Record<ImageKind, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', tiff: 'TIFF' };

export type CheckedImage = { kind: ImageKind; width: number; height: number };

/** Reads an image's size from its header and checks it is complete; throws an ExtractionError if not. */
export function checkImage(data: Uint8Array, kind: ImageKind): CheckedImage {
  const name = NAMES[kind];
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch (err) {
    throw truncatedOrCorrupt(data, kind, err);
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width <= 0 || height <= 0) {
    throw new ExtractionError(
      'corrupt_file',
      `This ${name} image has no size in its header; it may be damaged.`,
    );
  }
  if (width * height > IMAGE_MAX_PIXELS || Math.max(width, height) > IMAGE_MAX_SIDE) {
    throw new ExtractionError(
      'image_too_large',
      `This image is ${width} × ${height} pixels, larger than Mnemo reads (at most ${Math.round(IMAGE_MAX_PIXELS / 1_000_000)} megapixels and ${IMAGE_MAX_SIDE} pixels a side). Resize it (a page scanned at 300 dpi is about 2,500 × 3,500) and upload it again.`,
      { details: { width, height } },
    );
  }
  if (kind === 'tiff' && tiffPageCount(data) > 1) {
    // Tesseract.js (Leptonica's reader) reads only the first page of a TIFF; reading one page of
    // several and calling it the document would lose the rest without a word.
    throw new ExtractionError(
      'unsupported_file',
      `This TIFF holds ${tiffPageCount(data)} pages; Mnemo reads a TIFF of one page only. Save the pages as a PDF (or as one picture each) and upload that instead.`,
      { details: { pages: tiffPageCount(data) } },
    );
  }
  if (!isComplete(data, kind)) {
    throw new ExtractionError(
      'truncated_file',
      `This ${name} image is incomplete: the file ends before the picture does (it was probably cut off while downloading or copying). Upload the whole file again.`,
    );
  }
  return { kind, width, height };
}

function truncatedOrCorrupt(data: Uint8Array, kind: ImageKind, cause: unknown) {
  // A header cut short is a truncated file too.
  if (data.byteLength < 64 || !isComplete(data, kind)) {
    return new ExtractionError(
      'truncated_file',
      `This ${NAMES[kind]} image is incomplete: the file ends before the picture does (it was probably cut off while downloading or copying). Upload the whole file again.`,
      { cause },
    );
  }
  return new ExtractionError(
    'corrupt_file',
    `This ${NAMES[kind]} image is damaged: its header could not be read.`,
    { cause },
  );
}

/** Whether the container holds everything it announces: its end marker, or every byte it points to. */
export function isComplete(data: Uint8Array, kind: ImageKind): boolean {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  switch (kind) {
    case 'png':
      return pngComplete(b);
    case 'jpeg': {
      // Entropy-coded data never holds FF D9 (an FF there is followed by 00 or a restart marker), so
      // the picture ends with an end-of-image marker after its last start-of-scan. An embedded
      // thumbnail's markers come before the main picture's scans.
      const lastScan = b.lastIndexOf(Buffer.from([0xff, 0xda]));
      const lastEnd = b.lastIndexOf(Buffer.from([0xff, 0xd9]));
      return lastScan >= 0 && lastEnd > lastScan;
    }
    case 'webp':
      // RIFF: the size after the first eight bytes is the rest of the file.
      return b.length >= 12 && b.readUInt32LE(4) + 8 <= b.length;
    case 'tiff':
      return tiffComplete(b);
  }
}

/** Walks the chunks from the signature to IEND; a chunk running past the end means a cut file. */
function pngComplete(b: Buffer): boolean {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (at > b.length) return false;
    if (type === 'IEND') return true;
  }
  return false;
}

/** The first image's strips or tiles (offset + byte count) lie inside the file. */
function tiffComplete(b: Buffer): boolean {
  if (b.length < 8) return false;
  const le = b[0] === 0x49;
  const u16 = (at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return false;
  const count = u16(ifd);
  if (ifd + 2 + count * 12 > b.length) return false;
  const values = (at: number): number[] => {
    const type = u16(at + 2);
    const n = u32(at + 4);
    const size = type === 3 ? 2 : 4;
    const start = n * size <= 4 ? at + 8 : u32(at + 8);
    if (start + n * size > b.length) return [];
    return Array.from({ length: n }, (_, i) =>
      size === 2 ? u16(start + i * 2) : u32(start + i * 4),
    );
  };
  const tags = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    const tag = u16(at);
    if (tag === 273 || tag === 279 || tag === 324 || tag === 325) tags.set(tag, values(at));
  }
  const offsets = tags.get(273) ?? tags.get(324) ?? [];
  const counts = tags.get(279) ?? tags.get(325) ?? [];
  if (offsets.length === 0 || offsets.length !== counts.length) return false;
  return offsets.every((offset, i) => offset + counts[i]! <= b.length);
}

/**
 * How many pages (image file directories) a TIFF chains together, following each directory's
 * next-directory offset; a pointer out of the file or back to a visited directory ends the count.
 */
export function tiffPageCount(data: Uint8Array): number {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 8) return 0;
  const le = b[0] === 0x49;
  const u16 = (at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const seen = new Set<number>();
  let ifd = u32(4);
  while (ifd !== 0 && ifd + 2 <= b.length && !seen.has(ifd)) {
    seen.add(ifd);
    const next = ifd + 2 + u16(ifd) * 12;
    if (next + 4 > b.length) break;
    ifd = u32(next);
  }
  return seen.size;
}
