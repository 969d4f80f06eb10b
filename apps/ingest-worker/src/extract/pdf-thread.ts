import { parentPort } from 'node:worker_threads';
import { loadPdfJs, PdfReadError, readPdfStripe } from './pdf-read';
import { renderPdfPage } from './pdf-render';
import type { ThreadReply, ThreadRequest } from './pdf-pool';

/**
 * A PDF thread: reads the stripes of documents it is sent, one at a time, and answers each with
 * its pages or with the reason it failed (errors do not survive the trip between threads, so an
 * extraction verdict travels as its reason and words). Built as its own entry (tsup.config.ts).
 */
const port = parentPort;
if (!port) throw new Error('pdf-thread.ts runs as a worker thread of the PDF pool');

// pdf.js must never reach for the network from here; the documents are bytes.
globalThis.fetch = () => Promise.reject(new Error('PDF threads do not fetch'));

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
