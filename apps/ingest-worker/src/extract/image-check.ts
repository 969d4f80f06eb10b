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

/** `pages`: a TIFF's page count (1 for every other kind). */
export type CheckedImage = { kind: ImageKind; width: number; height: number; pages: number };

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
  const pages = kind === 'tiff' ? checkTiffPages(data) : 1;
  if (!isComplete(data, kind)) {
    throw new ExtractionError(
      'truncated_file',
      `This ${name} image is incomplete: the file ends before the picture does (it was probably cut off while downloading or copying). Upload the whole file again.`,
    );
  }
  return { kind, width, height, pages };
}

/**
 * The most pages a TIFF may hold: a fax or a scanner's multi-page file of a handout or a chapter.
 * Each page is decoded and read on its own; a file of thousands of (tiny) pages is refused before
 * any of them is.
 */
export const TIFF_MAX_PAGES = 200;

/**
 * A TIFF's pages, checked from their directories before any is decoded: a chain of directories that
 * loops (the decoder would follow it forever) or runs past the file's end, too many pages, or a page
 * too large each get their own refusal. The first page's size was checked with the others.
 */
function checkTiffPages(data: Uint8Array): number {
  const { pages, broken } = tiffDirectories(data);
  if (broken === 'loop') {
    throw new ExtractionError(
      'corrupt_file',
      'This TIFF image is damaged: its list of pages loops back on itself.',
    );
  }
  if (broken === 'past_end') {
    throw new ExtractionError(
      'truncated_file',
      'This TIFF image is incomplete: the file ends before its last page does (it was probably cut off while downloading or copying). Upload the whole file again.',
    );
  }
  if (pages.length > TIFF_MAX_PAGES) {
    throw new ExtractionError(
      'too_many_pages',
      `This TIFF holds ${pages.length} pages; Mnemo reads at most ${TIFF_MAX_PAGES}. Split it, or save it as a PDF, and upload the parts.`,
      { details: { pages: pages.length } },
    );
  }
  pages.forEach(({ width, height }, i) => {
    if (width * height > IMAGE_MAX_PIXELS || Math.max(width, height) > IMAGE_MAX_SIDE) {
      throw new ExtractionError(
        'image_too_large',
        `Page ${i + 1} of this TIFF is ${width} × ${height} pixels, larger than Mnemo reads (at most ${Math.round(IMAGE_MAX_PIXELS / 1_000_000)} megapixels and ${IMAGE_MAX_SIDE} pixels a side). Scan it at a lower resolution and upload it again.`,
        { details: { page: i + 1, width, height } },
      );
    }
  });
  return Math.max(1, pages.length);
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

type TiffReader = { b: Buffer; u16: (at: number) => number; u32: (at: number) => number };

function tiffReader(data: Uint8Array): TiffReader | null {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 8) return null;
  const le = b[0] === 0x49;
  return {
    b,
    u16: (at) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at)),
    u32: (at) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at)),
  };
}

/** One directory's tags that matter here: size, strips or tiles, and NewSubfileType. */
function directoryTags({ b, u16, u32 }: TiffReader, ifd: number): Map<number, number[]> {
  const count = u16(ifd);
  const values = (at: number): number[] => {
    const type = u16(at + 2);
    const n = u32(at + 4);
    const size = type === 3 ? 2 : 4;
    const start = n * size <= 4 ? at + 8 : u32(at + 8);
    if (n > b.length || start + n * size > b.length) return [];
    return Array.from({ length: n }, (_, i) =>
      size === 2 ? u16(start + i * 2) : u32(start + i * 4),
    );
  };
  const tags = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    const tag = u16(at);
    if ([254, 256, 257, 273, 279, 324, 325].includes(tag)) tags.set(tag, values(at));
  }
  return tags;
}

type TiffDirectory = { offset: number; width: number; height: number; complete: boolean };

/**
 * A TIFF's page directories, following each one's next-directory offset. `broken` says how the
 * chain went wrong: it loops back, or it points (or a directory runs) past the file's end. Reduced-resolution
 * copies (thumbnails, NewSubfileType bit 0) are not pages.
 */
export function tiffDirectories(data: Uint8Array): {
  pages: TiffDirectory[];
  broken: 'loop' | 'past_end' | null;
} {
  const reader = tiffReader(data);
  if (!reader) return { pages: [], broken: 'past_end' };
  const { b, u16, u32 } = reader;
  const pages: TiffDirectory[] = [];
  const seen = new Set<number>();
  let ifd = u32(4);
  while (ifd !== 0) {
    if (seen.has(ifd)) return { pages, broken: 'loop' };
    if (ifd + 2 > b.length || ifd + 2 + u16(ifd) * 12 + 4 > b.length) {
      return { pages, broken: 'past_end' };
    }
    seen.add(ifd);
    const tags = directoryTags(reader, ifd);
    if (((tags.get(254)?.[0] ?? 0) & 1) === 0) {
      const offsets = tags.get(273) ?? tags.get(324) ?? [];
      const counts = tags.get(279) ?? tags.get(325) ?? [];
      pages.push({
        offset: ifd,
        width: tags.get(256)?.[0] ?? 0,
        height: tags.get(257)?.[0] ?? 0,
        complete:
          offsets.length > 0 &&
          offsets.length === counts.length &&
          offsets.every((offset, i) => offset + counts[i]! <= b.length),
      });
    }
    ifd = u32(ifd + 2 + u16(ifd) * 12);
  }
  return { pages, broken: null };
}

/** Every page's strips or tiles (offset + byte count) lie inside the file. */
function tiffComplete(b: Buffer): boolean {
  const { pages, broken } = tiffDirectories(b);
  return broken !== 'past_end' && pages.length > 0 && pages.every((p) => p.complete);
}

/** How many pages a TIFF holds (reduced-resolution copies not counted). */
export function tiffPageCount(data: Uint8Array): number {
  return tiffDirectories(data).pages.length;
}
