import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { kindsForHead, readHead } from '@mnemo/contracts/file-sniff';
import { checkImage, isComplete, tiffPageCount, TIFF_MAX_PAGES } from './image-check';
import { languageDataFile, languageFolder, OCR_LANGUAGES } from './ocr-engine';
import { fixturePdf, multiPageTiff, pgmToTiff, pngHeaderOnly, scanPage } from './ocr-test-support';

/** The checks that run before any decoding: no OCR here, so these are quick. */

const refusal = (fn: () => unknown): ExtractionError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ExtractionError);
    return err as ExtractionError;
  }
  throw new Error('expected a refusal');
};

describe('image-check', () => {
  it('PNG, JPEG, WebP and TIFF are known by their bytes (the shared sniffer), and each cut short is called incomplete', async () => {
    const page = fixturePdf('minimal-document.pdf');
    const [png, jpeg, webp] = await Promise.all(
      (['png', 'jpeg', 'webp'] as const).map((format) => scanPage(page, 1, { dpi: 30, format })),
    );
    const tiff = pgmToTiff(
      Buffer.concat([Buffer.from('P5\n2 2\n255\n'), Buffer.from([0, 255, 255, 0])]),
    );
    const kinds = await Promise.all(
      [png, jpeg, webp, tiff].map(async (d) => kindsForHead(await readHead(d!))),
    );
    expect(kinds).toEqual([['png'], ['jpeg'], ['webp'], ['tiff']]);
    expect(kindsForHead(await readHead(page))).toEqual(['pdf']);
    for (const [data, kind] of [
      [png, 'png'],
      [jpeg, 'jpeg'],
      [webp, 'webp'],
      [tiff, 'tiff'],
    ] as const) {
      expect(checkImage(data!, kind).kind).toBe(kind);
      // Every format, cut short, is called incomplete rather than damaged or read half grey.
      const cut = data!.subarray(0, Math.floor(data!.length * 0.6));
      expect(isComplete(cut, kind)).toBe(false);
      const err = refusal(() => checkImage(cut, kind));
      expect(err.reason).toBe('truncated_file');
    }
  });

  it('refuses an image too large by its header, before reading any pixel', () => {
    const err = refusal(() => checkImage(pngHeaderOnly(20_000, 20_000), 'png'));
    expect([err.code, err.reason, err.details]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'image_too_large',
      { reason: 'image_too_large', width: 20_000, height: 20_000 },
    ]);
    // A long strip is refused by its side even when its area would pass.
    expect(refusal(() => checkImage(pngHeaderOnly(100_000, 10), 'png')).reason).toBe(
      'image_too_large',
    );
  });

  it('finds every language data file in node_modules, linked from one folder outside it', () => {
    const folder = languageFolder(OCR_LANGUAGES);
    expect(folder).not.toContain('node_modules');
    for (const lang of OCR_LANGUAGES) {
      expect(existsSync(languageDataFile(lang))).toBe(true);
      const link = join(folder, `${lang}.traineddata.gz`);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe(languageDataFile(lang));
    }
  });
});

describe('a TIFF of several pages', () => {
  /** A one-page TIFF with `pages - 1` copies of its directory chained after it. */
  function chainedTiff(pages: number): Buffer {
    const one = pgmToTiff(
      Buffer.concat([Buffer.from('P5\n2 2\n255\n'), Buffer.from([0, 255, 255, 0])]),
    );
    const le = one[0] === 0x49;
    const u16 = (at: number) => (le ? one.readUInt16LE(at) : one.readUInt16BE(at));
    const u32 = (at: number) => (le ? one.readUInt32LE(at) : one.readUInt32BE(at));
    const ifd = u32(4);
    const size = 2 + u16(ifd) * 12 + 4;
    const parts: Buffer[] = [one, Buffer.alloc(one.length % 2)];
    let length = one.length + (one.length % 2);
    let pointer = ifd + size - 4;
    let out = Buffer.concat(parts);
    for (let i = 1; i < pages; i++) {
      const copy = Buffer.from(one.subarray(ifd, ifd + size));
      out = Buffer.concat([out, copy]);
      if (le) out.writeUInt32LE(length, pointer);
      else out.writeUInt32BE(length, pointer);
      pointer = length + size - 4;
      // The last copy ends the chain.
      if (le) out.writeUInt32LE(0, pointer);
      else out.writeUInt32BE(0, pointer);
      length += size;
    }
    return out;
  }
  const twoPageTiff = () => chainedTiff(2);

  it('counts its pages, and a one-page TIFF as one', () => {
    const one = pgmToTiff(
      Buffer.concat([Buffer.from('P5\n2 2\n255\n'), Buffer.from([0, 255, 255, 0])]),
    );
    expect(tiffPageCount(one)).toBe(1);
    expect(tiffPageCount(twoPageTiff())).toBe(2);
  });

  const pgm = (w: number, h: number) =>
    Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`), Buffer.alloc(w * h, 200)]);

  it('passes the checks with its page count when every page is whole and within the limits', () => {
    const tiff = multiPageTiff([pgm(4, 4), pgm(6, 3), pgm(2, 2)]);
    expect(tiffPageCount(tiff)).toBe(3);
    expect(checkImage(tiff, 'tiff')).toMatchObject({ kind: 'tiff', pages: 3, width: 4, height: 4 });
  });

  it('refuses a chain of pages that loops back, which a decoder would follow forever', () => {
    const looped = twoPageTiff();
    const le = looped[0] === 0x49;
    const first = le ? looped.readUInt32LE(4) : looped.readUInt32BE(4);
    const second = (() => {
      const count = le ? looped.readUInt16LE(first) : looped.readUInt16BE(first);
      const at = first + 2 + count * 12;
      return { at: (le ? looped.readUInt32LE(at) : looped.readUInt32BE(at)) };
    })();
    const count2 = le ? looped.readUInt16LE(second.at) : looped.readUInt16BE(second.at);
    const pointer = second.at + 2 + count2 * 12;
    if (le) looped.writeUInt32LE(first, pointer);
    else looped.writeUInt32BE(first, pointer);
    const err = refusal(() => checkImage(looped, 'tiff'));
    expect([err.reason, err.message]).toEqual([
      'corrupt_file',
      'This TIFF image is damaged: its list of pages loops back on itself.',
    ]);
  });

  it('refuses a file cut off inside a later page as incomplete', () => {
    const tiff = multiPageTiff([pgm(40, 40), pgm(40, 40), pgm(40, 40)]);
    const err = refusal(() => checkImage(tiff.subarray(0, tiff.length - 100), 'tiff'));
    expect(err.reason).toBe('truncated_file');
  });

  it('refuses a later page too large by its directory, naming the page, before decoding any', () => {
    const tiff = multiPageTiff([pgm(4, 4), pgm(4, 4)]);
    // Page 2's directory claims 20,000 × 20,000 (its strip is still the 16 bytes written).
    const second = multiPageDirectory(tiff, 1);
    setTag(tiff, second, 256, 20_000);
    setTag(tiff, second, 257, 20_000);
    const err = refusal(() => checkImage(tiff, 'tiff'));
    expect([err.code, err.reason, err.details]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'image_too_large',
      { reason: 'image_too_large', page: 2, width: 20_000, height: 20_000 },
    ]);
    expect(err.message).toMatch(/^Page 2 of this TIFF is 20000 × 20000 pixels/);
  });

  it(`refuses more than ${TIFF_MAX_PAGES} pages with its own message`, () => {
    const tiff = chainedTiff(TIFF_MAX_PAGES + 1);
    const err = refusal(() => checkImage(tiff, 'tiff'));
    expect([err.code, err.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'too_many_pages']);
    expect(err.message).toBe(
      `This TIFF holds ${TIFF_MAX_PAGES + 1} pages; Mnemo reads at most ${TIFF_MAX_PAGES}. Split it, or save it as a PDF, and upload the parts.`,
    );
  });
});

/** The offset of directory `index` (from 0) of a TIFF written by multiPageTiff (big-endian). */
function multiPageDirectory(tiff: Buffer, index: number): number {
  let ifd = tiff.readUInt32BE(4);
  for (let i = 0; i < index; i++) ifd = tiff.readUInt32BE(ifd + 2 + tiff.readUInt16BE(ifd) * 12);
  return ifd;
}

/** Overwrites a SHORT or LONG tag's single value in place. */
function setTag(tiff: Buffer, ifd: number, tag: number, value: number) {
  const count = tiff.readUInt16BE(ifd);
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (tiff.readUInt16BE(at) !== tag) continue;
    if (tiff.readUInt16BE(at + 2) === 3) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
    return;
  }
  throw new Error(`tag ${tag} not found`);
}
