import { parsePgm, rowChanges } from './ocr-strip';

/**
 * A scanned page made smaller before Tesseract reads it, by its own text size.
 *
 * Tesseract's time on a page grows with its pixels, not only with its text: read at half its
 * resolution, a 200 dpi page of 11 pt text cost 0.58 of the CPU time with the same words
 * (bench/README.md, "OCR of scanned pages"). What it needs is letters of some height: its LSTM
 * recogniser scales every line to its network's height (36 pixels) anyway. So a page whose lines of
 * text are taller than TEXT_LINE_PX is averaged down until they are that tall, never below
 * MIN_SCALE of its size; a page whose text is small already, or that has no lines of text to
 * measure (a picture), is read as it is.
 *
 * The pages OCR reads by document are binary greyscale PGMs (pdf-render.ts, tiff.ts): shrunk here,
 * in the OCR thread, before Tesseract sees them. Written by hand for the same reason as
 * ocr-strip.ts: a few loops over bytes Mnemo writes itself.
 */

/**
 * The height, in pixels, a line of text's ink (ascenders to descenders) is brought down to. Chosen by
 * words kept on pages of several sizes of print (bench/README.md), with room below it.
 */
export const TEXT_LINE_PX = 20;
/** The smallest a page is made: half its width and height (a quarter of its pixels). */
export const MIN_SCALE = 0.5;
/** Runs of inked rows shorter than this are specks or rules, not lines of text. */
const MIN_LINE_PX = 6;

/**
 * The typical height of the page's lines of text: the median height of the runs of rows with ink
 * between rows without any (each line of print is one such run when its neighbours do not touch
 * it). Null when there are too few runs to tell.
 */
export function textLineHeight(image: Uint8Array): number | null {
  const pgm = parsePgm(image);
  if (!pgm) return null;
  const changes = rowChanges(image, pgm);
  const runs: number[] = [];
  let start = -1;
  for (let y = 0; y <= pgm.height; y++) {
    const ink = y < pgm.height && changes[y]! > 0;
    if (ink && start < 0) start = y;
    else if (!ink && start >= 0) {
      if (y - start >= MIN_LINE_PX) runs.push(y - start);
      start = -1;
    }
  }
  // Two lines at least: a single run may be a picture, a table or lines that touch.
  if (runs.length < 2) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/** The factor a page is scaled by before it is read: 1 for a page read as it is. */
export function ocrScale(image: Uint8Array, lineTarget = TEXT_LINE_PX): number {
  const line = textLineHeight(image);
  if (line === null || line <= lineTarget) return 1;
  return Math.max(MIN_SCALE, lineTarget / line);
}

/**
 * The page as Tesseract should read it: a PGM averaged down by ocrScale, or the same bytes when it
 * is read as it is (not a PGM, small print, no lines of text).
 */
export function shrinkForOcr(image: Uint8Array, lineTarget = TEXT_LINE_PX): Uint8Array {
  const scale = ocrScale(image, lineTarget);
  const pgm = parsePgm(image);
  // A shrink by less than a twentieth saves nothing worth blurring the letters for.
  if (!pgm || scale > 0.95) return image;
  const { width, height, offset } = pgm;
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const header = Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + w * h);
  out.set(header);
  // Each new pixel is the mean of the old pixels whose centres fall in its area (a box filter).
  const span = (n: number, size: number) => {
    const starts = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) starts[i] = Math.min(size, Math.round((i * size) / n));
    return starts;
  };
  const xs = span(w, width);
  const ys = span(h, height);
  const sums = new Uint32Array(w);
  const counts = new Uint32Array(w);
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    counts.fill(0);
    for (let sy = ys[y]!; sy < Math.max(ys[y + 1]!, ys[y]! + 1) && sy < height; sy++) {
      const row = offset + sy * width;
      for (let x = 0; x < w; x++) {
        const end = Math.min(width, Math.max(xs[x + 1]!, xs[x]! + 1));
        let sum = 0;
        for (let sx = xs[x]!; sx < end; sx++) sum += image[row + sx]!;
        sums[x] = sums[x]! + sum;
        counts[x] = counts[x]! + Math.max(0, end - xs[x]!);
      }
    }
    const at = header.length + y * w;
    for (let x = 0; x < w; x++)
      out[at + x] = counts[x]! > 0 ? Math.round(sums[x]! / counts[x]!) : 255;
  }
  return out;
}
