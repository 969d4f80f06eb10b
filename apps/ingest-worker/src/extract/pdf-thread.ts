import { parentPort } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { DEFAULT_DECOMPRESSION_BUDGET } from './decompression-budget';
import { loadPdfJs, PdfReadError, readPdfStripe } from './pdf-read';
import { renderPdfPage } from './pdf-render';
import type { ThreadReply, ThreadRequest } from './pdf-pool';
import { collectGarbage, collectGarbageWhenIdle } from '@mnemo/service-kit/memory';

/**
 * A PDF thread: reads the stripes of documents it is sent, one at a time, and answers each with
 * its pages or with the reason it failed (errors do not survive the trip between threads, so an
 * extraction verdict travels as its reason and words). Built as its own entry (tsup.config.ts).
 */
const port = parentPort;
if (!port) throw new Error('pdf-thread.ts runs as a worker thread of the PDF pool');

// pdf.js must never reach for the network from here; the documents are bytes.
globalThis.fetch = () => Promise.reject(new Error('PDF threads do not fetch'));
// A document's text and pdf.js's objects for it are garbage once read; without a major GC an idle
// thread keeps them (issue 25: the worker returning memory after large documents).
collectGarbageWhenIdle();

port.on('message', (request: ThreadRequest) => {
  void handle(request).then((reply) =>
    // A page's picture moves to the pool's thread rather than being copied.
    port.postMessage(
      reply,
      reply.ok && reply.result && 'image' in reply.result
        ? [reply.result.image.buffer as ArrayBuffer]
        : [],
    ),
  );
});

async function handle(request: ThreadRequest): Promise<ThreadReply> {
  if (request.type === 'warm') {
    await loadPdfJs();
    await readWarmUpDocument();
    // The warm-up document is garbage now, and a thread kept warm for its first PDF may idle long.
    collectGarbage();
    return { id: request.id, ok: true, result: null };
  }
  try {
    if (request.type === 'render') {
      const { id: _id, type: _type, data, ...task } = request;
      const result = await renderPdfPage({ ...task, data: new Uint8Array(data) });
      return { id: request.id, ok: true, result };
    }
    const result = await readPdfStripe({
      data: new Uint8Array(request.data),
      stripe: request.stripe,
      maxPages: request.maxPages,
      withMetadata: request.withMetadata,
      decompression: { budget: request.budget, decodedKiB: new Int32Array(request.decodedKiB) },
    });
    return { id: request.id, ok: true, result };
  } catch (err) {
    if (err instanceof PdfReadError) {
      return { id: request.id, ok: false, reason: err.reason, message: err.message };
    }
    return {
      id: request.id,
      ok: false,
      reason: null,
      message: String((err as Error)?.message ?? err),
    };
  }
}

/**
 * Loading pdf.js was not enough: the first document a thread read still took 3-4 times as long
 * as the next ones (bench/ingest-e2e.ts, first PDF after a start), its parser, stream decoding,
 * font and text code running cold. A small document of a few pages of text is read once through
 * the path of a real one before the thread takes any.
 */
// Enough pages for V8 to optimise the hot loops, not so many that the start drags on.
const WARM_UP_PAGES = 12;

async function readWarmUpDocument(): Promise<void> {
  await readPdfStripe({
    data: warmUpPdf(WARM_UP_PAGES),
    stripe: { index: 0, count: 1 },
    maxPages: WARM_UP_PAGES,
    withMetadata: true,
    decompression: {
      budget: DEFAULT_DECOMPRESSION_BUDGET,
      decodedKiB: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)),
    },
  });
}

/**
 * A PDF of `pages` pages of Helvetica text with Flate-compressed content streams, as document
 * writers make them. Written here (a few objects and their offsets) so the worker ships no file
 * and needs no PDF writer at run time.
 */
function warmUpPdf(pages: number): Uint8Array {
  const line = 'Warm-up text, read once when the thread starts, through the path of a real document.';
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(
      `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ')}] >>`,
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
  ];
  for (let i = 0; i < pages; i++) {
    const text = Array.from({ length: 40 }, (_, l) => `BT /F1 11 Tf 56 ${736 - 16 * l} Td (${line} ${i}.${l}) Tj ET`).join('\n');
    const stream = deflateSync(Buffer.from(text, 'latin1'));
    objects.push(
      Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`),
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
        stream,
        Buffer.from('\nendstream'),
      ]),
    );
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(size);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    size += object.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(parts));
}
