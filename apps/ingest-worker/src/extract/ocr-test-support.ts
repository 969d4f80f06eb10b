import { readFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { fixturePath } from '@mnemo/testing/fixtures';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import UTIF from 'utif2';
import { openPdf } from './pdf-read';
import { drawPage } from './pdf-render';

/**
 * Scans made at test time from the real fixture PDFs: a page drawn by pdf.js at a scanner's
 * resolution, encoded as a picture, and, for PDFs, put back into a PDF as an image only (pdf-lib),
 * so OCR reads what a scanner would have produced and its words can be compared with the original.
 */

export const fixturePdf = (name: string) => readFileSync(fixturePath('pdf', name));

/** One page of a PDF as a picture, the top `fraction` of it (smaller pictures read faster). */
export async function scanPage(
  pdf: Uint8Array,
  page: number,
  { dpi = 200, fraction = 1, format = 'png' as 'png' | 'jpeg' | 'webp' } = {},
): Promise<Buffer> {
  const loading = await openPdf(pdf);
  try {
    const doc = await loading.promise;
    const p = await doc.getPage(page);
    const viewport = p.getViewport({ scale: dpi / 72 });
    const { canvas } = await drawPage(p, viewport, Math.floor(viewport.height * fraction));
    return format === 'png' ? canvas.encode('png') : canvas.encode(format, 90);
  } finally {
    await loading.destroy();
  }
}

/**
 * A picture as a phone would take it of a printed page: the page's ink on paper that is not white,
 * lit unevenly (darker towards one corner), with sensor noise, saved as a JPEG. Deterministic.
 */
export async function photoOf(png: Uint8Array): Promise<Buffer> {
  const page = await loadImage(png);
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  const light = context.createLinearGradient(0, 0, page.width, page.height);
  light.addColorStop(0, '#f2ede0');
  light.addColorStop(1, '#b9b3a6');
  context.fillStyle = light;
  context.fillRect(0, 0, page.width, page.height);
  // The ink darkens the paper where it is, as on a print.
  context.globalCompositeOperation = 'multiply';
  context.drawImage(page, 0, 0);
  const pixels = context.getImageData(0, 0, page.width, page.height);
  let seed = 7;
  for (let i = 0; i < pixels.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed % 25) - 12;
    for (let c = 0; c < 3; c++)
      pixels.data[i + c] = Math.max(0, Math.min(255, pixels.data[i + c]! + noise));
  }
  context.putImageData(pixels, 0, 0);
  return canvas.encode('jpeg', 85);
}

/** A PDF whose pages are the given pictures (PNG) only, each at `dpi`: no text layer at all. */
export async function imageOnlyPdf(pngs: readonly Uint8Array[], dpi = 200): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const png of pngs) await addImagePage(doc, png, dpi);
  return doc.save();
}

async function addImagePage(doc: PDFDocument, png: Uint8Array, dpi: number) {
  const image = await doc.embedPng(png);
  const width = (image.width * 72) / dpi;
  const height = (image.height * 72) / dpi;
  doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
}

/**
 * A text PDF of the given paragraphs (A4, Times 11 pt, lines wrapped at word breaks), as a word
 * processor would print them: scanned with scanPage, it stands for a scan of a page in any
 * language the standard fonts write (Western European letters: ä, ß, é, ñ, ¿). A paragraph '\f'
 * starts a new page.
 */
export async function textPdf(paragraphs: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const [width, height, margin, size, leading] = [595, 842, 64, 11, 14];
  let page = doc.addPage([width, height]);
  let y = height - margin;
  const line = (text: string) => {
    if (y < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
    }
    page.drawText(text, { x: margin, y, size, font });
    y -= leading;
  };
  for (const paragraph of paragraphs) {
    if (paragraph === '\f') {
      y = margin - 1;
      continue;
    }
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(candidate, size) > width - 2 * margin) {
        line(current);
        current = word;
      } else current = candidate;
    }
    if (current) line(current);
    y -= leading / 2;
  }
  return doc.save();
}

/** Pages of a text PDF with scanned pages inserted: `layout` lists 'text:<n>' or a PNG per page. */
export async function mixedPdf(
  textPdf: Uint8Array,
  layout: readonly (number | Uint8Array)[],
  dpi = 200,
): Promise<Uint8Array> {
  const source = await PDFDocument.load(textPdf);
  const doc = await PDFDocument.create();
  for (const entry of layout) {
    if (typeof entry === 'number') {
      const [copied] = await doc.copyPages(source, [entry - 1]);
      doc.addPage(copied);
    } else {
      await addImagePage(doc, entry, dpi);
    }
  }
  return doc.save();
}

/** Words as a set: letters only, lower case (OCR's punctuation and line breaks do not count). */
export const wordSet = (text: string) => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);

/** The share of the original's distinct words that the OCR text has. */
export function wordRecall(original: string, read: string): number {
  const want = wordSet(original);
  const got = wordSet(read);
  let found = 0;
  for (const w of want) if (got.has(w)) found++;
  return want.size === 0 ? 0 : found / want.size;
}

/**
 * A baseline TIFF (uncompressed, 8-bit grey, one strip) from a PGM's pixels: what a document
 * scanner writes at its simplest. Little-endian ("II").
 */
export function pgmToTiff(pgm: Uint8Array): Buffer {
  const header = Buffer.from(pgm.subarray(0, 64)).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
  if (!match) throw new Error('not a binary PGM');
  const width = Number(match[1]);
  const height = Number(match[2]);
  const pixels = pgm.subarray(match[0].length);
  const entries: [number, number, number][] = [
    [256, 3, width], // ImageWidth
    [257, 3, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // Photometric: black is zero
    [273, 4, 0], // StripOffsets, filled below
    [277, 3, 1], // SamplesPerPixel
    [278, 3, height], // RowsPerStrip
    [279, 4, pixels.length], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const dataOffset = 8 + ifdSize;
  const out = Buffer.alloc(dataOffset + pixels.length);
  out.write('II*\0', 0, 'latin1');
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(1, at + 4);
    if (type === 3) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(tag === 273 ? dataOffset : value, at + 8);
  });
  out.set(pixels, dataOffset);
  return out;
}

/** A PNG that only claims its size: signature, an IHDR of `width` × `height`, an empty IDAT, IEND. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    // The CRC is not checked before decoding; a zero one keeps this short.
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A TIFF of several greyscale pages (binary PGMs), as a scanner's multi-page file: the directories
 * written by UTIF (utif2's writer), each page's pixels stored uncompressed after them. UTIF writes
 * the directories into 20,000 bytes, so about 150 pages at most.
 */
export function multiPageTiff(pgms: readonly Uint8Array[]): Buffer {
  const pages = pgms.map((pgm) => {
    const header = Buffer.from(pgm.subarray(0, 64)).toString('latin1');
    const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
    if (!match) throw new Error('not a binary PGM');
    return {
      width: Number(match[1]),
      height: Number(match[2]),
      pixels: pgm.subarray(match[0].length),
    };
  });
  const ifdsFor = (start: number) => {
    let offset = start;
    return pages.map(({ width, height, pixels }) => {
      const ifd = {
        t256: [width],
        t257: [height],
        t258: [8],
        t259: [1],
        t262: [1],
        t273: [offset],
        t277: [1],
        t278: [height],
        t279: [pixels.length],
      };
      offset += pixels.length;
      return ifd;
    });
  };
  // The directories' size does not depend on the offsets they hold: measure, then write for real.
  const encode = UTIF.encode as unknown as (ifds: object[]) => ArrayBuffer;
  const start = Buffer.from(encode(ifdsFor(0))).length;
  const head = Buffer.from(encode(ifdsFor(start)));
  return Buffer.concat([head, ...pages.map((p) => p.pixels)]);
}
