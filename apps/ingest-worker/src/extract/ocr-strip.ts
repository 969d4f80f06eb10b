/**
 * A strip of a scanned page, enough text to tell the page's language (ocr-language.ts): reading a
 * fifth of a page costs a fraction of reading it whole, where reading a page in the wrong language
 * first and again in its own costs a whole page more.
 *
 * The pages OCR reads by document (PDF pages drawn by pdf-render.ts, TIFF pages by tiff.ts) are
 * binary greyscale PGMs (P5): the strip is cut from their rows here, no decoding needed. Written by
 * hand because it is a few lines over bytes Mnemo writes itself; an image library would decode and
 * encode the whole page to do the same.
 */

/** The share of the page's height the strip covers: some ten lines of a printed page. */
export const STRIP_SHARE = 0.2;
/** Pages shorter than this (in pixels) are read whole: a strip of them would hold a line or two. */
export const STRIP_MIN_PAGE_HEIGHT = 600;

export type Pgm = { width: number; height: number; offset: number };

/** The header of a binary PGM with 8-bit samples, or null when the bytes are not one. */
export function parsePgm(image: Uint8Array): Pgm | null {
  if (image[0] !== 0x50 || image[1] !== 0x35) return null;
  // Magic, width, height, maximum, each followed by whitespace; comments are not written by ours.
  const head = Buffer.from(image.subarray(0, 64)).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!match) return null;
  const [width, height, max] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const offset = match[0].length;
  if (max > 255 || width < 1 || height < 1 || image.length < offset + width * height) return null;
  return { width, height, offset };
}

/**
 * A page cut for its language: the strip, and the rest of the page around it, so that a page whose
 * strip was read in the language the page is then read in is read as its parts, the strip's
 * reading reused (ocr-language.ts), instead of whole with the strip's lines read twice.
 */
export type PageCut = {
  strip: Uint8Array;
  /**
   * The page's rows above and below the strip, each a PGM of its own (null where they hold no
   * ink); null when an edge of the strip is not a blank row: a line of text cut in two there would
   * be misread in both parts, so the page is read whole.
   */
  rest: { above: Uint8Array | null; below: Uint8Array | null } | null;
};

/**
 * The strip of the page with the most text, as a PGM of its own, or null when the page is not a
 * PGM, too short to cut, or blank. Text is told from pictures and blank paper by the number of
 * changes between dark and light along each row (lines of letters have many, a photo's smooth
 * areas and the margins few); the strip's edges are moved to the nearest rows without ink, so no
 * line of text is cut in two.
 */
export function languageStrip(image: Uint8Array): Uint8Array | null {
  return cutPage(image)?.strip ?? null;
}

/** The strip (languageStrip) and the rest of the page around it, or null as languageStrip. */
export function cutPage(image: Uint8Array): PageCut | null {
  const pgm = parsePgm(image);
  const rows = pgm && stripRows(image, pgm);
  if (!pgm || !rows) return null;
  const { top, bottom, clean, ink } = rows;
  const part = (from: number, to: number) => (ink(from, to) ? pgmRows(image, pgm, from, to) : null);
  return {
    strip: pgmRows(image, pgm, top, bottom),
    rest: clean ? { above: part(0, top), below: part(bottom, pgm.height) } : null,
  };
}

/** Rows `top` up to `bottom` (not included) of a PGM, as a PGM of their own. */
function pgmRows(image: Uint8Array, { width, offset }: Pgm, top: number, bottom: number) {
  const header = Buffer.from(`P5\n${width} ${bottom - top}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + width * (bottom - top));
  out.set(header);
  out.set(image.subarray(offset + top * width, offset + bottom * width), header.length);
  return out;
}

/**
 * The rows languageStrip cuts, from `top` up to `bottom` (not included), or null; `clean` when
 * both edges are rows without ink; `ink` tells whether some rows hold any.
 */
export function stripRows(
  image: Uint8Array,
  pgm: Pgm,
): {
  top: number;
  bottom: number;
  clean: boolean;
  ink: (from: number, to: number) => boolean;
} | null {
  const { height } = pgm;
  if (height < STRIP_MIN_PAGE_HEIGHT) return null;
  const changes = rowChanges(image, pgm);
  const size = Math.round(height * STRIP_SHARE);
  let sum = 0;
  for (let y = 0; y < size; y++) sum += changes[y]!;
  let best = sum;
  let start = 0;
  for (let y = size; y < height; y++) {
    sum += changes[y]! - changes[y - size]!;
    if (sum > best) {
      best = sum;
      start = y - size + 1;
    }
  }
  if (best === 0) return null;
  // Out to the rows between lines, at most a tenth of the strip each way.
  const reach = Math.round(size / 10);
  let top = start;
  while (top > 0 && start - top < reach && changes[top]! > 0) top--;
  let bottom = start + size;
  while (bottom < height && bottom - (start + size) < reach && changes[bottom - 1]! > 0) bottom++;
  return {
    top,
    bottom,
    clean: changes[top] === 0 && changes[bottom - 1] === 0,
    ink: (from, to) => changes.subarray(from, to).some((c) => c > 0),
  };
}

/** Each row's changes between dark and light (below 128 is dark): 0 for a row without ink. */
export function rowChanges(image: Uint8Array, { width, height, offset }: Pgm): Uint32Array {
  const changes = new Uint32Array(height);
  for (let y = 0; y < height; y++) {
    let count = 0;
    let dark = false;
    for (let x = 0, i = offset + y * width; x < width; x++, i++) {
      const isDark = image[i]! < 128;
      if (isDark !== dark) count++;
      dark = isDark;
    }
    changes[y] = count;
  }
  return changes;
}

/**
 * A page cut across into `parts` bands of about equal height, top to bottom, each a PGM of its own
 * (bands without ink left out), so that as many OCR threads read one page at once (ocr-language.ts:
 * the last page of a document, and the strip of its first, which would otherwise leave the other
 * threads idle). Each cut is the row without ink nearest its mark, at most a tenth of the height
 * away: no line of text is cut in two. Null when the page is not a PGM, shorter than `minHeight`,
 * or a mark has no blank row near it; then the page is read whole.
 */
export function splitPage(
  image: Uint8Array,
  parts: number,
  minHeight = STRIP_MIN_PAGE_HEIGHT,
): Uint8Array[] | null {
  const pgm = parsePgm(image);
  if (!pgm || parts < 2 || pgm.height < minHeight) return null;
  const changes = rowChanges(image, pgm);
  const reach = Math.round(pgm.height / 10);
  const cuts = [0];
  for (let k = 1; k < parts; k++) {
    const mark = Math.round((k * pgm.height) / parts);
    let cut = -1;
    for (let d = 0; d <= reach && cut < 0; d++) {
      if (changes[mark - d] === 0 && mark - d > cuts.at(-1)!) cut = mark - d;
      else if (changes[mark + d] === 0 && mark + d > cuts.at(-1)!) cut = mark + d;
    }
    if (cut < 0) return null;
    cuts.push(cut);
  }
  cuts.push(pgm.height);
  const bands: Uint8Array[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [from, to] = [cuts[k]!, cuts[k + 1]!];
    if (changes.subarray(from, to).some((c) => c > 0)) bands.push(pgmRows(image, pgm, from, to));
  }
  return bands;
}
