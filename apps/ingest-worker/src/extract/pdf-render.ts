import { createCanvas } from '@napi-rs/canvas';
import type { DecompressionBudget } from './decompression-budget';
import { meterDecoding, openPdf, type PdfLoading } from './pdf-read';

/**
 * Renders one page of a PDF to a greyscale picture for OCR, inside a PDF thread (pdf-thread.ts):
 * the pages without a text layer (scans) are drawn by pdf.js on a @napi-rs/canvas canvas (pdf.js's
 * own choice for Node) and handed back as a binary PGM, which Tesseract reads without decoding.
 *
 * The page's pixel count is capped whatever its size in the PDF, and what pdf.js decodes for the
 * page (the scan's image, usually) is counted against the decompression budget, the page alone:
 * these two bound the memory one page can take.
 */

/** Resolution of the picture; Tesseract reads body text well from about 200 dpi. */
export const OCR_RENDER_DPI = 200;
/** At most this many pixels a page (A4 at 200 dpi is 3.9 million), whatever its size. */
export const OCR_RENDER_MAX_PIXELS = 12_000_000;

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
