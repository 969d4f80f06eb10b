import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { DecompressionBudget } from './decompression-budget';
import { ExtractionError } from './errors';
import type { PdfReadError, PdfReadResult, PdfStripe } from './pdf-read';
import type { PdfRenderResult, PdfRenderTask } from './pdf-render';
import { createThreadPool } from './thread-pool';
import { startThread } from './thread-start';

/** What the pool sends a PDF thread (pdf-thread.ts), and what comes back. */
export type ThreadRequest =
  | { type: 'warm'; id: number }
  | {
      type: 'read';
      id: number;
      /** Shared, so the stripes of one document do not each copy it. */
      data: SharedArrayBuffer;
      stripe: PdfStripe;
      maxPages: number;
      withMetadata: boolean;
      budget: DecompressionBudget;
      /** One Int32: KiB the document has unpacked so far, counted by all its stripes' threads. */
      decodedKiB: SharedArrayBuffer;
    }
  /** One page drawn for OCR (pdf-render.ts). */
  | ({ type: 'render'; id: number; data: SharedArrayBuffer } & Omit<PdfRenderTask, 'data'>);
export type ThreadReply =
  | { id: number; ok: true; result: PdfReadResult | PdfRenderResult | null }
  | { id: number; ok: false; reason: PdfReadError['reason'] | null; message: string };

export type PdfReadRequest = Omit<Extract<ThreadRequest, { type: 'read' }>, 'id' | 'type'>;
export type PdfRenderRequest = Omit<Extract<ThreadRequest, { type: 'render' }>, 'id' | 'type'>;

export type PdfPoolOptions = {
  /** Threads at most, shared by every job of the process. */
  threads: number;
  /** How long one thread may spend on one stripe of a document before it is stopped. */
  timeoutMs: number;
  /** Heap limit of a thread: a PDF built to exhaust memory kills its thread, not the worker. */
  memoryMb?: number;
  /**
   * A thread that has read this many tasks (stripes or pages) is replaced by a fresh one when it is
   * next idle: V8 keeps the heap a large document grew, so only ending the thread returns it.
   */
  recycleAfterTasks?: number;
  /**
   * A thread idle this long after work is replaced by a fresh one (pdf.js loaded again in it), so the
   * memory of the last document is returned while the pool stays warm. Default 30 s.
   */
  recycleIdleMs?: number;
};

export type PdfPool = {
  readonly threads: number;
  /** Reads a stripe in a free thread (queued while all are busy); rejects with an ExtractionError. */
  read(request: PdfReadRequest, signal?: AbortSignal): Promise<PdfReadResult>;
  /**
   * Draws one page for OCR in a free thread, stopped after `timeoutMs` (a page's own limit);
   * rejects with an ExtractionError.
   */
  render(
    request: PdfRenderRequest,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<PdfRenderResult>;
  /** Starts the threads and loads pdf.js in them, so the first document does not wait for it. */
  warm(): Promise<void>;
  /** Threads running now, and how many have been replaced to return their memory. */
  stats(): { running: number; recycled: number };
  close(): Promise<void>;
};

/** Threads a pool gets by default: one per core, at most four (each holds a copy of pdf.js). */
export const defaultPdfThreads = () => Math.max(1, Math.min(4, availableParallelism()));

const timedOut = (timeoutMs: number) =>
  new ExtractionError(
    'extraction_timeout',
    `This PDF took too long to read (more than ${Math.round(timeoutMs / 1000)} seconds), so reading it was stopped. It may be damaged or unusually complex; try saving or exporting it again as a PDF.`,
  );

const tooComplex = () =>
  new ExtractionError(
    'too_complex',
    'This PDF needs more memory to read than Mnemo allows, so reading it was stopped. It may be damaged or unusually complex; try saving or exporting it again as a PDF.',
  );

type Task = {
  request: ThreadRequest;
  /** The task's own time limit, when shorter than the pool's. */
  timeoutMs?: number;
  resolve: (result: PdfReadResult | PdfRenderResult | null) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
  onAbort?: () => void;
};
type Slot = {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** Tasks read (not counting the warm-up) since the thread started. */
  done: number;
  idle: NodeJS.Timeout | null;
};

/**
 * A PDF thread's young generation (nursery), in MB. Left to V8, it is sized from the thread's heap
 * limit and kept at what it grew to, idle or not; capped at 24 MB, two warm threads held ~30 MB less
 * at idle and after documents, and three 100-page PDFs took no more CPU to read (bench/README.md,
 * "Idle memory", 11-29); at 6 MB they took up to 18% more.
 */
export const PDF_THREAD_YOUNG_MB = 24;

/** Defaults of the recycling (see PdfPoolOptions). */
export const PDF_RECYCLE_AFTER_TASKS = 64;
export const PDF_RECYCLE_IDLE_MS = 30_000;

/**
 * A small pool of PDF threads. Each job's document is read in stripes, one per thread, so a long
 * PDF uses every core; a thread that runs past the time limit or out of memory is terminated and
 * replaced, and its job fails with a permanent, readable reason instead of holding the worker.
 * Idle threads do not keep the process alive.
 */
export function createPdfPool(options: PdfPoolOptions): PdfPool {
  const recycleAfterTasks = options.recycleAfterTasks ?? PDF_RECYCLE_AFTER_TASKS;
  const recycleIdleMs = options.recycleIdleMs ?? PDF_RECYCLE_IDLE_MS;
  let nextId = 1;
  let recycled = 0;
  const pool = createThreadPool<Task, Slot>({
    threads: options.threads,
    spawn,
    run,
    closedError: () => new Error('The PDF pool is closed'),
    abortError,
  });
  const { slots, remove, dispatch } = pool;

  function spawn(): Slot {
    const worker = startThread('pdf-thread', {
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryMb ?? 512,
        maxYoungGenerationSizeMb: PDF_THREAD_YOUNG_MB,
      },
    });
    const slot: Slot = { worker, task: null, timer: null, done: 0, idle: null };
    worker.unref();
    worker.on('message', (reply: ThreadReply) => {
      const task = slot.task;
      if (!task || task.request.id !== reply.id) return;
      if (task.request.type !== 'warm') slot.done++;
      release(slot);
      // A thread that read a decompression bomb may hold on to what it unpacked (freed buffers stay
      // in the process's memory): it is ended, and a new one takes its place when needed.
      if (!reply.ok && reply.reason === 'decompression_limit') {
        remove(slot);
        void slot.worker.terminate();
      }
      if (reply.ok) task.resolve(reply.result);
      else if (reply.reason) task.reject(new ExtractionError(reply.reason, reply.message));
      else task.reject(new Error(`PDF thread: ${reply.message}`));
      dispatch();
      if (!slot.task && slots.includes(slot)) scheduleRecycle(slot);
    });
    // A thread that dies (out of memory, a crash) fails its task; a new thread takes its place.
    let failure: Error | null = null;
    worker.on('error', (err: Error & { code?: string }) => {
      failure = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : err;
    });
    worker.on('exit', (code) => {
      remove(slot);
      const task = slot.task;
      if (task) {
        release(slot);
        task.reject(failure ?? new Error(`PDF thread stopped (exit code ${code})`));
      }
      dispatch();
    });
    return slot;
  }

  /**
   * An idle thread that has read documents is replaced by a fresh, warmed one: at once after
   * `recycleAfterTasks` tasks, otherwise after `recycleIdleMs` without work.
   */
  function scheduleRecycle(slot: Slot) {
    if (slot.done === 0) return;
    const replace = () => {
      if (slot.task || pool.isClosed() || !slots.includes(slot)) return;
      remove(slot);
      recycled++;
      void slot.worker.terminate();
      if (!pool.hasQueued()) {
        const fresh = pool.add();
        fresh.task = { request: { type: 'warm', id: nextId++ }, resolve: () => {}, reject: () => {}, signal: undefined };
        fresh.worker.postMessage(fresh.task.request);
      } else dispatch();
    };
    if (slot.done >= recycleAfterTasks) return replace();
    slot.idle = setTimeout(replace, recycleIdleMs);
    slot.idle.unref();
  }

  function release(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    if (task?.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
  }

  /** Stops a thread that is busy with a task nobody wants any more (timed out, or aborted). */
  function stop(slot: Slot, error: Error) {
    const task = slot.task;
    release(slot);
    remove(slot);
    void slot.worker.terminate();
    task?.reject(error);
    dispatch();
  }

  /** Sends a task to the thread the pool gave it, under the task's time limit and signal. */
  function run(slot: Slot, task: Task) {
    // A busy thread keeps the process alive until its answer arrives.
    slot.worker.ref();
    if (task.request.type !== 'warm') {
      const timeoutMs = task.timeoutMs ?? options.timeoutMs;
      slot.timer = setTimeout(() => stop(slot, timedOut(timeoutMs)), timeoutMs);
    }
    if (task.signal) {
      task.onAbort = () => stop(slot, abortError(task.signal));
      task.signal.addEventListener('abort', task.onAbort, { once: true });
    }
    slot.worker.postMessage(task.request);
  }

  function submit(request: ThreadRequest, signal?: AbortSignal, timeoutMs?: number) {
    return new Promise<PdfReadResult | PdfRenderResult | null>((resolve, reject) =>
      pool.submit({ request, resolve, reject, signal, ...(timeoutMs ? { timeoutMs } : {}) }),
    );
  }

  return {
    threads: pool.threads,
    async read(request, signal) {
      const result = await submit({ type: 'read', id: nextId++, ...request }, signal);
      if (!result || !('pages' in result))
        throw new Error('PDF thread answered a read without pages');
      return result;
    },
    async render(request, timeoutMs, signal) {
      const result = await submit({ type: 'render', id: nextId++, ...request }, signal, timeoutMs);
      if (!result || !('image' in result))
        throw new Error('PDF thread answered a render without a picture');
      return result;
    },
    async warm() {
      const warming = [];
      for (let i = slots.length; i < pool.threads; i++) {
        warming.push(submit({ type: 'warm', id: nextId++ }));
      }
      await Promise.all(warming);
    },
    stats() {
      return { running: slots.length, recycled };
    },
    async close() {
      await Promise.all(pool.close().map((s) => s.worker.terminate()));
    },
  };
}

/**
 * The worker's pool, started at boot with pdf.js loading in every thread, so the first PDF after a
 * start reads as fast as the next ones. A thread that fails to warm up is started again on demand.
 */
export function startPdfPool(
  options: PdfPoolOptions,
  log: {
    info: (obj: Record<string, unknown>, msg: string) => void;
    warn: (obj: Record<string, unknown>, msg: string) => void;
  },
): PdfPool & { warmed: Promise<void> } {
  const pool = createPdfPool(options);
  const started = performance.now();
  /** Settles (never rejects) when the warm-up has ended, well or not. */
  const warmed = pool
    .warm()
    .then(() => log.info({ ms: Math.round(performance.now() - started) }, 'PDF threads warmed up'))
    .catch((err: unknown) => log.warn({ err }, 'PDF threads did not warm up; they start with the first PDF'));
  return Object.assign(pool, { warmed });
}

const abortError = (signal: AbortSignal | undefined) =>
  signal?.reason instanceof Error ? signal.reason : new Error('PDF reading was cancelled');
