import { createCanvas } from '@napi-rs/canvas';
import type { DecompressionBudget } from './decompression-budget';
import {
  coversPage,
  type DecodedPicture,
  findSinglePicture,
  pictureStep,
  pictureToPgm,
} from './pdf-picture';
import { loadPdfJs, meterDecoding, openPdf, type PdfLoading } from './pdf-read';

/**
 * Renders one page of a PDF to a greyscale picture for OCR, inside a PDF thread (pdf-thread.ts):
 * the pages without a text layer (scans) are drawn by pdf.js on a @napi-rs/canvas canvas (pdf.js's
 * own choice for Node) and handed back as a binary PGM, which Tesseract reads without decoding.
 *
 * The page's pixel count is capped whatever its size in the PDF, and what pdf.js decodes for the
 * page (the scan's image, usually) is counted against the decompression budget, the page alone:
 * these two bound the memory one page can take.
 *
 * A page that is one picture covering it (a scan) is not drawn: the picture's own pixels, as pdf.js
 * decodes them, are handed over in grey (pdf-picture.ts), at their own resolution from 150 to 300
 * dpi, a whole fraction of it above (Tesseract is made for 300 dpi; body text reads well from about
 * 200). Drawing it cost as much again as decoding it, a tenth of the page's OCR.
 */

/** Resolution of the picture; Tesseract reads body text well from about 200 dpi. */
export const OCR_RENDER_DPI = 200;
/** At most this many pixels a page (A4 at 200 dpi is 3.9 million), whatever its size. */
export const OCR_RENDER_MAX_PIXELS = 12_000_000;
/** A page's own picture is read at its resolution within these; drawn at OCR_RENDER_DPI below. */
export const OCR_PICTURE_MIN_DPI = 150;
export const OCR_PICTURE_MAX_DPI = 300;

export type PdfRenderTask = {
  data: Uint8Array;
  /** Identifies the document, so a thread rendering several of its pages opens it once. */
  documentKey: string;
  page: number;
  budget: DecompressionBudget;
};

export type PdfRenderResult = { page: number; width: number; height: number; image: Uint8Array };

type OpenDocument = {
  key: string;
  loading: PdfLoading;
  closeTimer: NodeJS.Timeout | null;
};
let open: OpenDocument | null = null;

/** The document a thread last rendered stays open briefly for its next page. */
const KEEP_OPEN_MS = 5_000;

async function openDocument(task: PdfRenderTask) {
  if (open && open.key !== task.documentKey) {
    await closeDocument();
  }
  if (!open) {
    const loading = await openPdf(task.data);
    open = { key: task.documentKey, loading, closeTimer: null };
  }
  if (open.closeTimer) clearTimeout(open.closeTimer);
  open.closeTimer = null;
  return open;
}

async function closeDocument() {
  const current = open;
  open = null;
  if (current) {
    if (current.closeTimer) clearTimeout(current.closeTimer);
    await current.loading.destroy();
  }
}

type PdfPageProxy = Awaited<ReturnType<Awaited<PdfLoading['promise']>['getPage']>>;
type PdfViewport = ReturnType<PdfPageProxy['getViewport']>;

/**
 * Draws a page at `viewport` on a @napi-rs/canvas canvas (what pdf.js itself uses in Node), as wide
 * as the viewport and `height` tall (less than the viewport keeps the top of the page). Pages are
 * drawn over white: a transparent background would read as black.
 */
export async function drawPage(page: PdfPageProxy, viewport: PdfViewport, height: number) {
  const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types the canvas as the DOM's.
  type RenderParameters = Parameters<typeof page.render>[0];
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as unknown as RenderParameters['canvasContext'],
    viewport,
  }).promise;
  return { canvas, context };
}

/**
 * The page's one picture in grey, when the page paints that and nothing else, upright over the
 * whole page (pdf-picture.ts); null when it must be drawn. The picture's pixels are what pdf.js
 * decoded for the operator list, metered like any drawing.
 */
async function ownPicture(page: PdfPageProxy) {
  if (page.rotate % 360 !== 0) return null;
  const { OPS } = await loadPdfJs();
  const list = await page.getOperatorList();
  const found = findSinglePicture(OPS, list.fnArray, list.argsArray);
  if (!found || !coversPage(found.transform, page.view)) return null;
  // Pictures used on several pages are the document's ("g_"), the others the page's.
  const objs = found.objId.startsWith('g_') ? page.commonObjs : page.objs;
  const picture = await new Promise<DecodedPicture | null>((resolve) =>
    objs.get(found.objId, (data: unknown) => resolve((data as DecodedPicture | null) ?? null)),
  );
  if (!picture) return null;
  const inches = (page.view[2]! - page.view[0]!) / 72;
  const step = pictureStep(picture.width / inches, OCR_PICTURE_MIN_DPI, OCR_PICTURE_MAX_DPI);
  if (step === null) return null;
  if (Math.ceil(picture.width / step) * Math.ceil(picture.height / step) > OCR_RENDER_MAX_PIXELS)
    return null;
  return pictureToPgm(picture, step);
}

/** Renders one page; throws (the caller names the page as unreadable) when it cannot be drawn. */
export async function renderPdfPage(task: PdfRenderTask): Promise<PdfRenderResult> {
  const meter = meterDecoding({
    budget: task.budget,
    decodedKiB: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)),
  });
  const doc = await openDocument(task);
  try {
    const pdf = await doc.loading.promise;
    const page = await pdf.getPage(task.page);
    let own: Awaited<ReturnType<typeof ownPicture>>;
    try {
      own = await ownPicture(page);
      meter.check();
    } catch (err) {
      page.cleanup();
      throw err;
    }
    if (own) {
      page.cleanup();
      return { page: task.page, ...own };
    }
    const natural = page.getViewport({ scale: OCR_RENDER_DPI / 72 });
    const shrink = Math.min(1, Math.sqrt(OCR_RENDER_MAX_PIXELS / (natural.width * natural.height)));
    const viewport = page.getViewport({ scale: (OCR_RENDER_DPI / 72) * shrink });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    let drawn: Awaited<ReturnType<typeof drawPage>>;
    try {
      drawn = await drawPage(page, viewport, height);
      meter.check();
    } finally {
      page.cleanup();
    }
    return {
      page: task.page,
      width,
      height,
      image: toPgm(drawn.context.getImageData(0, 0, width, height).data, width, height),
    };
  } finally {
    meter.stop();
    const current = open;
    if (current) {
      current.closeTimer = setTimeout(() => void closeDocument(), KEEP_OPEN_MS);
      current.closeTimer.unref();
    }
  }
}

/** RGBA pixels to a binary greyscale PGM (P5), with the usual luma weights. */
function toPgm(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + width * height);
  out.set(header, 0);
  for (let i = 0, o = header.length; i < width * height; i++, o++) {
    const p = i * 4;
    out[o] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  }
  return out;
}
