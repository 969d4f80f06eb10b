import { describe, expect, it } from 'vitest';
import { DEFAULT_DECOMPRESSION_BUDGET } from './decompression-budget';
import { fixturePdf, imageOnlyPdf, scanPage } from './ocr-test-support';
import {
  coversPage,
  findSinglePicture,
  multiply,
  pictureStep,
  pictureToPgm,
  type Matrix,
} from './pdf-picture';
import { drawPage, OCR_RENDER_DPI, renderPdfPage } from './pdf-render';
import { loadPdfJs, openPdf } from './pdf-read';

const { OPS } = await loadPdfJs();
const A4: Matrix = [595, 0, 0, 842, 0, 0];
const pixelsOf = (pgm: Uint8Array) => [...pgm.subarray(pgm.length - 4)];

describe('a page that is one picture', () => {
  it('is found with the transform that places it, through saved and restored states', () => {
    const found = findSinglePicture(
      OPS,
      [
        OPS.save,
        OPS.transform,
        OPS.save,
        OPS.transform,
        OPS.restore,
        OPS.dependency,
        OPS.transform,
        OPS.paintImageXObject,
        OPS.restore,
      ],
      [
        null,
        [1, 0, 0, 1, 10, 20],
        null,
        [9, 0, 0, 9, 0, 0],
        null,
        ['img_p0_1'],
        A4,
        ['img_p0_1'],
        null,
      ],
    );
    expect(found).toEqual({ objId: 'img_p0_1', transform: multiply(A4, [1, 0, 0, 1, 10, 20]) });
    expect(found!.transform).toEqual([595, 0, 0, 842, 10, 20]);
  });

  it('is not found when the page paints anything else: text, a path, a second picture, a form', () => {
    const picture = [OPS.transform, OPS.paintImageXObject];
    const args = [A4, ['img']];
    for (const other of [
      OPS.showText,
      OPS.constructPath,
      OPS.paintImageXObject,
      OPS.paintFormXObjectBegin,
      OPS.setGState,
    ]) {
      expect(findSinglePicture(OPS, [...picture, other], [...args, ['img2']])).toBeNull();
    }
    expect(findSinglePicture(OPS, [OPS.save, OPS.restore], [null, null])).toBeNull();
  });

  it('covers the page only upright, unmirrored and edge to edge within a hundredth', () => {
    const view = [0, 0, 595, 842];
    expect(coversPage(A4, view)).toBe(true);
    expect(coversPage([597, 0, 0, 840, -1, 1], view)).toBe(true);
    expect(coversPage([595, 0, 0, 421, 0, 0], view)).toBe(false); // half the page
    expect(coversPage([595, 0, 0, -842, 0, 842], view)).toBe(false); // upside down
    expect(coversPage([0, 842, -595, 0, 595, 0], view)).toBe(false); // turned
    expect(coversPage([595, 0, 0, 842, 100, 100], [100, 100, 695, 942])).toBe(true);
  });

  it('is read at its own resolution from 150 to 300 dpi, a whole fraction of it above', () => {
    expect(
      [100, 149, 150, 200, 300, 301, 400, 600, 1200].map((d) => pictureStep(d, 150, 300)),
    ).toEqual([null, null, 1, 1, 1, 2, 2, 2, 4]);
  });

  it('turns colour, transparency over white and one-bit pixels grey, and averages when shrunk', () => {
    const rgb = pictureToPgm({
      width: 2,
      height: 1,
      kind: 2,
      data: new Uint8Array([255, 255, 255, 255, 0, 0]),
    });
    expect(rgb!.image.subarray(0, 11).toString()).toBe(
      [...Buffer.from('P5\n2 1\n255\n')].toString(),
    );
    expect(pixelsOf(rgb!.image).slice(2)).toEqual([255, 76]);
    const rgba = pictureToPgm({
      width: 2,
      height: 1,
      kind: 3,
      data: new Uint8Array([0, 0, 0, 0, 0, 0, 0, 255]),
    });
    expect(pixelsOf(rgba!.image).slice(2)).toEqual([255, 0]);
    // 10 pixels of one bit, rows padded to two bytes: black, white, then eight black.
    const bits = pictureToPgm({
      width: 10,
      height: 1,
      kind: 1,
      data: new Uint8Array([0b0100_0000, 0]),
    });
    expect([...bits!.image.subarray(bits!.image.length - 10)]).toEqual([
      0, 255, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const shrunk = pictureToPgm(
      {
        width: 3,
        height: 2,
        kind: 2,
        data: new Uint8Array(
          [0, 0, 0, 255, 255, 255, 9, 9, 9, 0, 0, 0, 255, 255, 255, 9, 9, 9].map((v) => v),
        ),
      },
      2,
    );
    expect(shrunk).toMatchObject({ width: 2, height: 1 });
    expect(pixelsOf(shrunk!.image).slice(2)).toEqual([128, 9]);
    expect(pictureToPgm({ width: 2, height: 2, kind: 2, data: new Uint8Array(3) })).toBeNull();
    expect(pictureToPgm({ width: 2, height: 2, kind: 7, data: new Uint8Array(64) })).toBeNull();
  });
});

describe('drawing a scanned page for OCR', () => {
  const budget = DEFAULT_DECOMPRESSION_BUDGET;
  const page1 = (dpi: number) =>
    scanPage(fixturePdf('pdflatex-4-pages.pdf'), 1, { dpi, fraction: 0.5 });

  it('hands over the picture itself, the same pixels as drawing it', async () => {
    const scan = await imageOnlyPdf([await page1(OCR_RENDER_DPI)], OCR_RENDER_DPI);
    const own = await renderPdfPage({ data: scan, documentKey: 'own-200', page: 1, budget });
    const loading = await openPdf(scan);
    try {
      const page = await (await loading.promise).getPage(1);
      const viewport = page.getViewport({ scale: OCR_RENDER_DPI / 72 });
      const { context } = await drawPage(page, viewport, Math.floor(viewport.height));
      expect([own.width, own.height]).toEqual([
        Math.floor(viewport.width),
        Math.floor(viewport.height),
      ]);
      const drawn = context.getImageData(0, 0, own.width, own.height).data;
      const start = own.image.length - own.width * own.height;
      let differ = 0;
      for (let i = 0; i < own.width * own.height; i++) {
        if (Math.abs(own.image[start + i]! - drawn[i * 4]!) > 8) differ++;
      }
      expect(differ / (own.width * own.height)).toBeLessThan(0.01);
    } finally {
      await loading.destroy();
    }
  });

  it('keeps a 300 dpi scan at 300 dpi and draws a 100 dpi one at 200', async () => {
    const fine = await page1(300);
    const own = await renderPdfPage({
      data: await imageOnlyPdf([fine], 300),
      documentKey: 'own-300',
      page: 1,
      budget,
    });
    expect(own.width).toBe(fine.readUInt32BE(16));
    const coarse = await renderPdfPage({
      data: await imageOnlyPdf([await page1(100)], 100),
      documentKey: 'own-100',
      page: 1,
      budget,
    });
    expect(Math.abs(coarse.width - (595 * OCR_RENDER_DPI) / 72)).toBeLessThan(2);
  });
});
