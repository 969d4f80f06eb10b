import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { prepareImageForOcr } from './ocr-image';
import type { OcrThreadData, OcrThreadReply, OcrThreadRequest } from './ocr-tesseract';

/**
 * An OCR thread: one Tesseract (tesseract.js's WebAssembly build) driven by tesseract.js's own
 * handlers (load, loadLanguage, initialize, recognize), started by ocr-tesseract.ts. It takes the
 * place of tesseract.js's node thread script (tesseract.js/src/worker-script/node/index.js), which
 * tesseract.js starts itself with no way to limit it, and differs from it in two ways:
 * - Tesseract's memory may not grow past the thread's limit (workerData.memoryLimitBytes). All of
 *   Tesseract's data, the page's picture and what it makes of it, live in one WebAssembly memory
 *   that grows as they need and never shrinks, outside the JavaScript heap that the thread's
 *   `resourceLimits` bound. A growth past the limit is refused here, as the engine's own 2 GB ceiling
 *   refuses one: Tesseract's allocation fails, and the page with it. The reply to the page then says
 *   that the limit was the cause, and the engine replaces the thread (its Tesseract may be left
 *   half-done).
 * - nothing is fetched: the language data is read from the folder the engine names;
 * - a page whose print is large is shrunk before Tesseract reads it (ocr-scale.ts), an uploaded
 *   picture (PNG, JPEG, WebP, TIFF) decoded first to do so (ocr-image.ts): here, in the thread, so
 *   that it runs beside the other threads and not on the worker's event loop.
 * Built as its own entry (tsup.config.ts).
 */
if (!parentPort) throw new Error('ocr-thread.ts runs as a worker thread of the OCR engine');
const port = parentPort;
const { memoryLimitBytes, textLinePx } = workerData as OcrThreadData;

const require = createRequire(import.meta.url);
type Send = (reply: Omit<OcrThreadReply, 'memoryExceeded' | 'memoryBytes'>) => void;
// tesseract.js's handlers; its types cover only its public API.
const tesseract = require('tesseract.js/src/worker-script') as {
  dispatchHandlers(packet: OcrThreadRequest, send: Send): void;
  setAdapter(adapter: Record<string, unknown>): void;
};

/** Whether a growth was refused since the current request began. */
let exceeded = false;
/** The size Tesseract's memory last grew to (it goes with each reply, for the benches). */
let memoryBytes: number | undefined;
// The compiler's libraries here (Node's) do not declare WebAssembly.Memory.
type WasmMemory = { readonly buffer: ArrayBuffer; grow(pages: number): number };
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } })
  .WebAssembly;
const grow = Memory.prototype.grow;
Memory.prototype.grow = function (this: WasmMemory, pages: number) {
  const size = this.buffer.byteLength + pages * 65_536;
  if (size > memoryLimitBytes) {
    exceeded = true;
    throw new RangeError(`OCR thread: memory limit of ${memoryLimitBytes} bytes reached`);
  }
  const before = grow.call(this, pages);
  memoryBytes = size;
  return before;
};

tesseract.setAdapter({
  getCore: require('tesseract.js/src/worker-script/node/getCore'),
  gunzip: gunzipSync,
  fetch: () => Promise.reject(new Error('OCR threads do not fetch')),
  readCache: (path: string) => readFile(path),
  writeCache: () => Promise.resolve(),
  deleteCache: () => Promise.resolve(),
  checkCache: () => Promise.resolve(false),
});

/** Requests one after the other, as they came: a picture's decoding is asynchronous. */
let queue = Promise.resolve();
port.on('message', (request: OcrThreadRequest) => {
  queue = queue.then(() => handle(request));
});

async function handle(request: OcrThreadRequest) {
  if (request.action === 'recognize') {
    const payload = request.payload as { image: Uint8Array };
    // Never fails: a picture it cannot prepare is handed to Tesseract as it came.
    payload.image = await prepareImageForOcr(payload.image, textLinePx).catch(() => payload.image);
  }
  exceeded = false;
  tesseract.dispatchHandlers(request, (reply) => {
    if (reply.status === 'progress') return;
    // A page that ran into the limit fails even when Tesseract carried on without what it was
    // refused (a part of the page left out): its text would be incomplete.
    if (exceeded)
      port.postMessage({ ...reply, status: 'reject', memoryExceeded: true, memoryBytes });
    else port.postMessage({ ...reply, memoryBytes });
  });
}
