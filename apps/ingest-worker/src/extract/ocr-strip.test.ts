import { describe, expect, it } from 'vitest';
import { languageStrip, parsePgm, STRIP_SHARE, stripRows } from './ocr-strip';

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

  it('reads nothing from a page that is not a binary PGM, too short to cut, or blank', () => {
    expect(languageStrip(new TextEncoder().encode('{"text":"hello"}'))).toBeNull();
    expect(languageStrip(Buffer.from('P5\n10 10\n255\n'))).toBeNull();
    expect(languageStrip(page(400, 300, [[0, 300]]))).toBeNull();
    expect(languageStrip(page(400, 1000, []))).toBeNull();
  });
});
