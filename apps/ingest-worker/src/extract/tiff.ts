import UTIF from 'utif2';

/**
 * The pages of a multi-page TIFF (a fax, a scanner's many-page file) as pictures Tesseract reads
 * one by one: Tesseract.js (Leptonica) reads only a TIFF's first page, so each page is decoded here
 * with UTIF (utif2: every TIFF compression scanners write, CCITT fax, LZW, Deflate, JPEG, PackBits)
 * and handed over as a greyscale PGM, the form the PDF renderer gives scanned PDF pages in too.
 * Call only after image-check.ts has walked the file's directories (no loop, nothing past the
 * end, every page within the size limits): UTIF follows the directory chain without such checks.
 */
export function openTiff(data: Uint8Array) {
  // A copy UTIF owns: it reads with offsets from the start of the buffer it is given.
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  // UTIF.decode takes options its typings leave out: no maker notes (camera EXIF), no logging.
  const decode = UTIF.decode as (b: ArrayBuffer, options: { parseMN: boolean; debug: boolean }) => UTIF.IFD[];
  const ifds = decode(buffer, { parseMN: false, debug: false }).filter(
    // Reduced-resolution copies (thumbnails) are not pages, as image-check counts them.
    (ifd) => ifd.t256 !== undefined && ((Number((ifd.t254 as number[] | undefined)?.[0]) || 0) & 1) === 0,
  );
  return {
    pages: ifds.length,
    /** Page `n` (from 1) as a binary PGM; throws when its data cannot be decoded. */
    page(n: number): Uint8Array {
      const ifd = ifds[n - 1];
      if (!ifd) throw new Error(`no page ${n}`);
      UTIF.decodeImage(buffer, ifd);
      const rgba = UTIF.toRGBA8(ifd);
      const { width, height } = ifd;
      if (!width || !height || rgba.length < width * height * 4) throw new Error(`page ${n} has no pixels`);
      const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
      const out = Buffer.alloc(header.length + width * height);
      header.copy(out);
      for (let i = 0, o = header.length; i < width * height; i++, o++) {
        const r = rgba[i * 4]!;
        const g = rgba[i * 4 + 1]!;
        const b = rgba[i * 4 + 2]!;
        const a = rgba[i * 4 + 3]!;
        // Luma (ITU-R 601) over a white page where the picture is transparent.
        const luma = (r * 299 + g * 587 + b * 114) / 1000;
        out[o] = Math.round((luma * a + 255 * (255 - a)) / 255);
      }
      // Decoded pixels are kept by UTIF on the directory; drop them once the page is handed over.
      (ifd as { data?: Uint8Array }).data = undefined;
      return out;
    },
  };
}
