import { createCanvas, Image } from '@napi-rs/canvas';
import { shrinkForOcr } from './ocr-scale';
import { parsePgm } from './ocr-strip';
import { openTiff } from './tiff';

/**
 * An uploaded picture (PNG, JPEG, WebP, a one-page TIFF) made ready for Tesseract as the scanned
 * pages of a PDF are: decoded here, turned grey and shrunk by its own print size (ocr-scale.ts), so
 * that a large photo of large print costs what a scan of it would. Tesseract's time grows with the
 * pixels it is handed, not with the text on them (bench/README.md, "OCR of scanned pages").
 *
 * Runs in the OCR thread (ocr-thread.ts), beside the other threads. Whatever it cannot do, it leaves
 * to Tesseract (Leptonica decodes the picture itself, as before): a format it does not decode, a
 * picture that fails to decode (Tesseract then says why), one that EXIF turns (tesseract.js turns
 * those upright itself, by the same rule), and any picture whose print is small already, handed over
 * as it came (no decoding cost wasted on a copy that is no smaller).
 */

/** Rows drawn and read back at a time: the canvas holds this many, not the whole picture. */
const BAND_ROWS = 256;

/** A picture as Tesseract should read it: a smaller grey PGM, or the same bytes. */
export async function prepareImageForOcr(
  image: Uint8Array,
  lineTarget: number,
): Promise<Uint8Array> {
  if (lineTarget <= 0) return image;
  if (parsePgm(image)) return shrinkForOcr(image, lineTarget);
  let grey: Uint8Array | null;
  try {
    grey = await decodeToPgm(image);
  } catch {
    // Tesseract reads the bytes and fails or not on its own, with its own message.
    return image;
  }
  if (!grey) return image;
  const shrunk = shrinkForOcr(grey, lineTarget);
  return shrunk === grey ? image : shrunk;
}

const startsWith = (data: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => data[i] === b);

/**
 * The EXIF orientation tesseract.js reads and applies (its setImage: a big-endian orientation
 * entry in the first 500 bytes), 1 when none.
 */
function exifOrientation(data: Uint8Array): number {
  const found = /1 18 0 3 0 0 0 1 0 (\d)/.exec(data.subarray(0, 500).join(' '));
  return found ? Number(found[1]) : 1;
}

/**
 * The picture as a binary PGM (luma, transparency over white paper as tiff.ts and pdf-picture.ts
 * do), or null for a picture it leaves to Tesseract. Throws when the picture cannot be decoded.
 */
export async function decodeToPgm(data: Uint8Array): Promise<Uint8Array | null> {
  // A TIFF ("II*\0", "MM\0*"): the decoder the worker uses for TIFF pages already.
  if (startsWith(data, 0x49, 0x49, 0x2a, 0x00) || startsWith(data, 0x4d, 0x4d, 0x00, 0x2a)) {
    const tiff = openTiff(data);
    return tiff.pages === 1 ? tiff.page(1) : null;
  }
  // The upload's format was told by the shared sniffer (file-type.ts) and checked (image-check.ts);
  // Skia tells PNG, JPEG and WebP apart itself, and fails on anything else.
  if (exifOrientation(data) !== 1) return null;
  // @napi-rs/canvas (Skia) decodes it, as it draws PDF pages (pdf-render.ts).
  const picture = new Image();
  picture.src = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await picture.decode();
  const { width, height } = picture;
  if (!width || !height) throw new Error('the picture has no pixels');
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  // Drawn a band at a time over white: a canvas the whole picture's size would hold four bytes a
  // pixel (200 MB for the largest upload allowed) besides the decoded picture.
  const band = Math.min(BAND_ROWS, height);
  const canvas = createCanvas(width, band);
  const context = canvas.getContext('2d');
  for (let top = 0; top < height; top += band) {
    const rows = Math.min(band, height - top);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, band);
    context.drawImage(picture, 0, -top);
    const rgba = context.getImageData(0, 0, width, rows).data;
    for (let i = 0, o = header.length + top * width; i < width * rows; i++, o++) {
      const p = i * 4;
      out[o] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
    }
  }
  return out;
}
