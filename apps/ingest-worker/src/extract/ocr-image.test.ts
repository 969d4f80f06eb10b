import { describe, expect, it } from 'vitest';
import { decodeToPgm, prepareImageForOcr } from './ocr-image';
import { TEXT_LINE_PX, textLineHeight } from './ocr-scale';
import { parsePgm } from './ocr-strip';
import { fixturePdf, pgmToTiff, photoOf, scanPage } from './ocr-test-support';

describe('prepareImageForOcr', () => {
  it('decodes an uploaded picture to grey, and shrinks a large photo of large print as a scan is shrunk', async () => {
    // A third of a LaTeX page photographed at 300 dpi: its lines of print are some 40 pixels tall.
    const png = await scanPage(fixturePdf('pdflatex-4-pages.pdf'), 1, { dpi: 300, fraction: 0.3 });
    const photo = await photoOf(png);
    const grey = (await decodeToPgm(photo))!;
    const size = parsePgm(grey)!;
    expect(textLineHeight(grey)).toBeGreaterThan(TEXT_LINE_PX * 1.5);

    const prepared = await prepareImageForOcr(photo, TEXT_LINE_PX);
    const after = parsePgm(prepared)!;
    expect(after.width).toBeLessThan(size.width * 0.7);
    expect(after.height).toBeLessThan(size.height * 0.7);
    expect(textLineHeight(prepared)).toBeLessThanOrEqual(TEXT_LINE_PX + 1);
    // The same pixels from a PNG and from a one-page TIFF of it.
    const tiff = pgmToTiff(grey);
    expect(Buffer.from((await decodeToPgm(tiff))!).equals(Buffer.from(grey))).toBe(true);
    expect(parsePgm(await prepareImageForOcr(tiff, TEXT_LINE_PX))!.width).toBe(after.width);
  });

  it('hands over as they came: small print, a picture it cannot decode, one EXIF turns, and everything when shrinking is off', async () => {
    const small = await scanPage(fixturePdf('minimal-document.pdf'), 1, {
      dpi: 100,
      fraction: 0.3,
    });
    expect(await prepareImageForOcr(small, TEXT_LINE_PX)).toBe(small);
    const broken = small.subarray(0, 200);
    expect(await prepareImageForOcr(broken, TEXT_LINE_PX)).toBe(broken);
    const large = await scanPage(fixturePdf('pdflatex-4-pages.pdf'), 1, {
      dpi: 300,
      fraction: 0.2,
    });
    expect(await prepareImageForOcr(large, 0)).toBe(large);
    // A JPEG whose EXIF says "turned 90°" (big-endian): tesseract.js turns it itself.
    const jpeg = await scanPage(fixturePdf('pdflatex-4-pages.pdf'), 1, {
      dpi: 300,
      fraction: 0.2,
      format: 'jpeg',
    });
    const exif = Buffer.from([
      0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00,
      0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    const turned = Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
    expect(await prepareImageForOcr(turned, TEXT_LINE_PX)).toBe(turned);
  });
});
