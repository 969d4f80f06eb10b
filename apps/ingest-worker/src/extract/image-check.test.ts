import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { kindsForHead, readHead } from '@mnemo/contracts/file-sniff';
import { checkImage, isComplete, tiffPageCount } from './image-check';
import { languageDataFile, languageFolder, OCR_LANGUAGES } from './ocr-engine';
import { fixturePdf, pgmToTiff, pngHeaderOnly, scanPage } from './ocr-test-support';

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
  /** A one-page TIFF with a second directory, a copy of the first, chained after it. */
  function twoPageTiff(): Buffer {
    const one = pgmToTiff(
      Buffer.concat([Buffer.from('P5\n2 2\n255\n'), Buffer.from([0, 255, 255, 0])]),
    );
    const le = one[0] === 0x49;
    const u16 = (at: number) => (le ? one.readUInt16LE(at) : one.readUInt16BE(at));
    const u32 = (at: number) => (le ? one.readUInt32LE(at) : one.readUInt32BE(at));
    const ifd = u32(4);
    const size = 2 + u16(ifd) * 12 + 4;
    const copy = Buffer.from(one.subarray(ifd, ifd + size));
    const start = one.length + (one.length % 2);
    const out = Buffer.concat([one, Buffer.alloc(start - one.length), copy]);
    const pointer = ifd + size - 4;
    if (le) out.writeUInt32LE(start, pointer);
    else out.writeUInt32BE(start, pointer);
    // The copy ends the chain.
    if (le) out.writeUInt32LE(0, start + size - 4);
    else out.writeUInt32BE(0, start + size - 4);
    return out;
  }

  it('counts its pages, and a one-page TIFF as one', () => {
    const one = pgmToTiff(
      Buffer.concat([Buffer.from('P5\n2 2\n255\n'), Buffer.from([0, 255, 255, 0])]),
    );
    expect(tiffPageCount(one)).toBe(1);
    expect(tiffPageCount(twoPageTiff())).toBe(2);
  });

  it('is refused with its own message instead of reading only the first page', () => {
    const err = refusal(() => checkImage(twoPageTiff(), 'tiff'));
    expect(err.reason).toBe('unsupported_file');
    expect(err.message).toBe(
      'This TIFF holds 2 pages; Mnemo reads a TIFF of one page only. Save the pages as a PDF (or as one picture each) and upload that instead.',
    );
  });
});
