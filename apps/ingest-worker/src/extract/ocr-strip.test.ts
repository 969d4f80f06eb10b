import { describe, expect, it } from 'vitest';
import { cutPage, languageStrip, parsePgm, splitPage, STRIP_SHARE, stripRows } from './ocr-strip';

/**
 * A page as the PDF renderer hands it over: white, with "lines of text" (rows of dark and light
 * runs) between the given rows, and a solid dark block (a photo) where asked.
 */
function page(width: number, height: number, text: [number, number][], photo?: [number, number]) {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + width * height).fill(255);
  out.set(header);
  for (let y = 0; y < height; y++) {
    const row = header.length + y * width;
    // Lines 12 rows tall with 6 blank rows between them, letters 3 pixels wide every 6.
    if (text.some(([a, b]) => y >= a && y < b) && y % 18 < 12)
      for (let x = 40; x < width - 40; x++) if (x % 6 < 3) out[row + x] = 0;
    if (photo && y >= photo[0] && y < photo[1]) out.fill(20, row, row + width);
  }
  return out;
}

describe('languageStrip', () => {
  it('cuts a fifth of the page where the text is, its edges between lines', () => {
    const image = page(400, 1000, [[540, 1000]], [0, 400]);
    const pgm = parsePgm(image)!;
    const { top, bottom } = stripRows(image, pgm)!;
    // In the text, not in the photo, and about a fifth of the page.
    expect(top).toBeGreaterThanOrEqual(530);
    expect(bottom - top).toBeGreaterThanOrEqual(Math.round(1000 * STRIP_SHARE));
    expect(bottom - top).toBeLessThanOrEqual(Math.round(1000 * STRIP_SHARE * 1.2));
    // Neither edge cuts a line: the first and last rows hold no ink.
    const row = (y: number) => image.subarray(pgm.offset + y * 400, pgm.offset + (y + 1) * 400);
    expect(row(top).every((b) => b === 255)).toBe(true);
    expect(row(bottom - 1).every((b) => b === 255)).toBe(true);

    // The strip is a PGM of those rows.
    const strip = languageStrip(image)!;
    const cut = parsePgm(strip)!;
    expect([cut.width, cut.height]).toEqual([400, bottom - top]);
    expect(
      Buffer.from(strip.subarray(cut.offset)).equals(
        Buffer.from(image.subarray(pgm.offset + top * 400, pgm.offset + bottom * 400)),
      ),
    ).toBe(true);
  });

  it('hands the rest of the page over as the rows above and below the strip', () => {
    // A photo at the top, then text: the strip is the first text, the photo above it.
    const image = page(400, 1000, [[300, 1000]], [0, 200]);
    const pgm = parsePgm(image)!;
    const { top, bottom } = stripRows(image, pgm)!;
    const { rest } = cutPage(image)!;
    // Each part is a PGM of the page's rows (compared as bytes: a deep comparison is slow).
    const same = (part: Uint8Array, from: number, to: number) => {
      const cut = parsePgm(part)!;
      return (
        cut.width === 400 &&
        cut.height === to - from &&
        Buffer.from(part.subarray(cut.offset)).equals(
          Buffer.from(image.subarray(pgm.offset + from * 400, pgm.offset + to * 400)),
        )
      );
    };
    expect(same(rest!.above!, 0, top)).toBe(true);
    expect(same(rest!.below!, bottom, 1000)).toBe(true);

    // Blank paper above the strip: no part there.
    expect(cutPage(page(400, 1000, [[300, 1000]]))!.rest!.above).toBeNull();

    // Ink on every row (no blank row between lines): the page is not cut around the strip.
    const dense = page(400, 1000, []);
    const offset = parsePgm(dense)!.offset;
    for (let y = 0; y < 1000; y++)
      for (let x = 40; x < 360; x++) if ((x + y) % 6 < 3) dense[offset + y * 400 + x] = 0;
    expect(cutPage(dense)!.rest).toBeNull();
  });

  it('reads nothing from a page that is not a binary PGM, too short to cut, or blank', () => {
    expect(languageStrip(new TextEncoder().encode('{"text":"hello"}'))).toBeNull();
    expect(languageStrip(Buffer.from('P5\n10 10\n255\n'))).toBeNull();
    expect(languageStrip(page(400, 300, [[0, 300]]))).toBeNull();
    expect(languageStrip(page(400, 1000, []))).toBeNull();
  });
});

describe('splitPage', () => {
  it('cuts a page into bands of about equal height at blank rows, every row in one band', () => {
    const image = page(400, 1000, [[0, 1000]]);
    for (const parts of [2, 3]) {
      const bands = splitPage(image, parts)!.map((b) => ({ pgm: parsePgm(b)!, bytes: b }));
      expect(bands).toHaveLength(parts);
      expect(bands.reduce((sum, b) => sum + b.pgm.height, 0)).toBe(1000);
      let from = 0;
      for (const [k, { pgm, bytes }] of bands.entries()) {
        expect(pgm.width).toBe(400);
        expect(Math.abs(pgm.height - 1000 / parts)).toBeLessThanOrEqual(1000 / 10);
        // The band is the page's rows from where the last one ended, and starts between lines.
        const rows = (b: Uint8Array, o: number, y: number, n: number) =>
          Buffer.from(b.subarray(o + y * 400, o + (y + n) * 400));
        const pageOffset = parsePgm(image)!.offset;
        expect(
          rows(bytes, pgm.offset, 0, pgm.height).equals(rows(image, pageOffset, from, pgm.height)),
        ).toBe(true);
        if (k > 0) expect(rows(bytes, pgm.offset, 0, 1).every((b) => b === 255)).toBe(true);
        from += pgm.height;
      }
    }
  });

  it('leaves out bands of blank paper and does not cut where no blank row is near', () => {
    expect(splitPage(page(400, 1000, [[0, 400]]), 2)).toHaveLength(1);
    const dense = page(400, 1000, []);
    const offset = parsePgm(dense)!.offset;
    for (let y = 0; y < 1000; y++)
      for (let x = 40; x < 360; x++) if ((x + y) % 6 < 3) dense[offset + y * 400 + x] = 0;
    expect(splitPage(dense, 2)).toBeNull();
    expect(splitPage(page(400, 300, [[0, 300]]), 2)).toBeNull();
    expect(splitPage(new TextEncoder().encode('not a page'), 2)).toBeNull();
  });
});
