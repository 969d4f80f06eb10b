import { describe, expect, it } from 'vitest';
import { MIN_SCALE, shrinkForOcr, TEXT_LINE_PX, textLineHeight } from './ocr-scale';
import { parsePgm } from './ocr-strip';

/** A white page with `lines` lines of "print" `lineHeight` rows tall, as many blank rows apart. */
function page(width: number, lineHeight: number, lines: number) {
  const height = lineHeight * 2 * lines + lineHeight;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + width * height).fill(255);
  out.set(header);
  for (let y = lineHeight; y < height; y++) {
    if ((y - lineHeight) % (lineHeight * 2) >= lineHeight) continue;
    const row = header.length + y * width;
    for (let x = 10; x < width - 10; x++) if (x % 6 < 3) out[row + x] = 0;
  }
  return out;
}

describe('shrinkForOcr', () => {
  it('measures the height of the lines of print', () => {
    expect(textLineHeight(page(200, 30, 5))).toBe(30);
    // One line cannot be told from a picture or a table.
    expect(textLineHeight(page(200, 30, 1))).toBeNull();
    expect(textLineHeight(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('brings large print down to the line height Tesseract needs, keeping the page’s shape and tone', () => {
    const large = page(400, TEXT_LINE_PX * 2, 6);
    const before = parsePgm(large)!;
    const shrunk = shrinkForOcr(large);
    const after = parsePgm(shrunk)!;
    expect(after.width).toBe(Math.round(before.width / 2));
    expect(after.height).toBe(Math.round(before.height / 2));
    expect(textLineHeight(shrunk)).toBeGreaterThanOrEqual(TEXT_LINE_PX - 1);
    expect(textLineHeight(shrunk)).toBeLessThanOrEqual(TEXT_LINE_PX + 1);
    // Averaged, not sampled: where a new pixel covers dark and light ones it is grey.
    const pixels = [...shrunk.subarray(after.offset)];
    expect(pixels.some((v) => v > 0 && v < 255)).toBe(true);
    expect(Math.max(...pixels)).toBe(255);
  });

  it('never shrinks a page below half its size, however large its print', () => {
    const huge = page(400, TEXT_LINE_PX * 5, 3);
    const after = parsePgm(shrinkForOcr(huge))!;
    expect(after.width).toBe(Math.round(400 * MIN_SCALE));
  });

  it('leaves small print, pictures and other formats as they are', () => {
    const small = page(400, TEXT_LINE_PX, 6);
    expect(shrinkForOcr(small)).toBe(small);
    const photo = page(400, 300, 1);
    expect(shrinkForOcr(photo)).toBe(photo);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(shrinkForOcr(png)).toBe(png);
  });
});
