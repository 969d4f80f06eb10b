/**
 * A scanned PDF page is nearly always one picture covering the page and nothing else. Drawing such
 * a page with pdf.js (the picture decoded, scaled onto a canvas, read back, turned grey) cost about
 * twice what decoding the picture alone does (bench/README.md, "OCR of scanned pages"); handing
 * Tesseract the picture's own pixels skips the canvas. These are the pure rules for when that is
 * safe and the conversion; pdf-render.ts falls back to drawing whenever a rule says no.
 */

/** pdf.js's operator codes this file reads (pdfjs-dist's `OPS`). */
export type PdfOps = Readonly<Record<string, number>>;

/** A 2D affine matrix as PDF writes it: [a, b, c, d, e, f]. */
export type Matrix = readonly [number, number, number, number, number, number];

/** The picture found on a page: how pdf.js names it, and where the page places it. */
export type SinglePicture = { objId: string; transform: Matrix };

/** `m` applied after `n` (PDF's `cm` concatenation: the new matrix is m × n). */
export const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Operators that neither paint nor change how a picture is painted. */
const NEUTRAL = [
  'dependency',
  'beginMarkedContent',
  'beginMarkedContentProps',
  'endMarkedContent',
  'markPoint',
  'markPointProps',
];

/**
 * The one picture a page's operator list paints, with its transform, or null when the page paints
 * anything else (text, paths, a second picture, a form, a graphics state that may change blending
 * or opacity, a clip): those pages are drawn.
 */
export function findSinglePicture(
  ops: PdfOps,
  fnArray: readonly number[],
  argsArray: readonly unknown[],
): SinglePicture | null {
  const neutral = new Set(NEUTRAL.map((name) => ops[name]).filter((op) => op !== undefined));
  const identity: Matrix = [1, 0, 0, 1, 0, 0];
  let current = identity;
  const stack: Matrix[] = [];
  let found: SinglePicture | null = null;
  for (const [i, fn] of fnArray.entries()) {
    const args = argsArray[i];
    if (neutral.has(fn)) continue;
    if (fn === ops.save) stack.push(current);
    else if (fn === ops.restore) current = stack.pop() ?? identity;
    else if (fn === ops.transform) {
      if (!Array.isArray(args) || args.length !== 6 || !args.every((x) => typeof x === 'number'))
        return null;
      current = multiply(args as unknown as Matrix, current);
    } else if (fn === ops.paintImageXObject) {
      const objId = Array.isArray(args) ? args[0] : undefined;
      if (found || typeof objId !== 'string') return null;
      found = { objId, transform: current };
    } else return null;
  }
  return found;
}

/**
 * Whether the picture, placed by `transform`, is upright and covers the page's box ([x0, y0, x1,
 * y1], PDF points) within a hundredth of its size: then its pixels are the page as drawn. A picture
 * turned, mirrored, smaller than the page or off it is drawn instead.
 */
export function coversPage(transform: Matrix, view: readonly number[]): boolean {
  const [a, b, c, d, e, f] = transform;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const width = x1 - x0;
  const height = y1 - y0;
  if (width <= 0 || height <= 0 || a <= 0 || d <= 0) return false;
  if (Math.abs(b) > a * 1e-3 || Math.abs(c) > d * 1e-3) return false;
  const near = (p: number, q: number, size: number) => Math.abs(p - q) <= size / 100;
  return (
    near(e, x0, width) && near(f, y0, height) && near(e + a, x1, width) && near(f + d, y1, height)
  );
}

/**
 * How many of the picture's pixels, each way, make one of Tesseract's: 1 (its own resolution) from
 * `minDpi` up to `maxDpi`, the smallest whole number that brings it to `maxDpi` or under above that
 * (a 600 dpi scan read at 300, 400 dpi at 200), null below `minDpi` (the page is drawn, enlarged).
 */
export function pictureStep(dpi: number, minDpi: number, maxDpi: number): number | null {
  if (!Number.isFinite(dpi) || dpi < minDpi) return null;
  return Math.max(1, Math.ceil(dpi / maxDpi - 1e-9));
}

/** Decoded picture data as pdf.js hands it over (`objs.get`): pdf.js's `ImageKind` 1, 2 or 3. */
export type DecodedPicture = {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
};

const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/**
 * The picture as a binary greyscale PGM (P5) and its size, what pdf-render.ts hands Tesseract: luma weights as
 * there, transparency over white paper as drawing it would, one bit a pixel (fax scans) as black
 * and white, every `step` × `step` pixels averaged into one (pictureStep). Null for data it does not
 * know (pdf.js may hand a bitmap instead of bytes).
 */
export function pictureToPgm(
  picture: DecodedPicture,
  step = 1,
): { width: number; height: number; image: Uint8Array } | null {
  const grey = pictureToGrey(picture);
  if (!grey) return null;
  const { width, height, pixels } = step > 1 ? shrink(grey, step) : grey;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + pixels.length);
  out.set(header, 0);
  out.set(pixels, header.length);
  return { width, height, image: out };
}

type Grey = { width: number; height: number; pixels: Uint8Array };

/** Each `step` × `step` block of pixels averaged into one (the last row and column partly). */
function shrink({ width, height, pixels }: Grey, step: number): Grey {
  const w = Math.ceil(width / step);
  const h = Math.ceil(height / step);
  const sums = new Uint32Array(w);
  const counts = new Uint32Array(w);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    counts.fill(0);
    for (let sy = y * step; sy < Math.min(height, (y + 1) * step); sy++) {
      const row = sy * width;
      for (let sx = 0; sx < width; sx++) {
        const x = (sx / step) | 0;
        sums[x]! += pixels[row + sx]!;
        counts[x]! += 1;
      }
    }
    for (let x = 0; x < w; x++) out[y * w + x] = Math.round(sums[x]! / counts[x]!);
  }
  return { width: w, height: h, pixels: out };
}

function pictureToGrey(picture: DecodedPicture): Grey | null {
  const { width, height, kind, data } = picture;
  if (!data || width < 1 || height < 1) return null;
  const pixels = width * height;
  const bytesPerRow1 = (width + 7) >> 3;
  const expected =
    kind === GRAYSCALE_1BPP
      ? bytesPerRow1 * height
      : kind === RGB_24BPP
        ? pixels * 3
        : kind === RGBA_32BPP
          ? pixels * 4
          : -1;
  if (expected < 0 || data.length < expected) return null;
  const out = new Uint8Array(pixels);
  let o = 0;
  if (kind === GRAYSCALE_1BPP) {
    // pdf.js packs rows to whole bytes, the first pixel in the high bit, 1 for white.
    for (let y = 0; y < height; y++) {
      const row = y * bytesPerRow1;
      for (let x = 0; x < width; x++) {
        out[o++] = data[row + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
      }
    }
  } else if (kind === RGB_24BPP) {
    for (let p = 0; p < pixels * 3; p += 3) {
      out[o++] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
    }
  } else {
    for (let p = 0; p < pixels * 4; p += 4) {
      const grey = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
      const alpha = data[p + 3]!;
      out[o++] = (grey * alpha + 255 * (255 - alpha) + 127) / 255;
    }
  }
  return { width, height, pixels: out };
}
