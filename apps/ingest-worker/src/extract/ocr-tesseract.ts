import { startThread } from './thread-start';

/**
 * One Tesseract in a worker thread of our own (ocr-thread.ts), spoken to in tesseract.js's message
 * protocol: tesseract.js's createWorker starts its threads itself with no options, so neither its
 * JavaScript heap nor Tesseract's WebAssembly memory could be limited. Here the thread gets both:
 * `resourceLimits` for the heap, and a ceiling on the WebAssembly memory that the thread enforces.
 */

/** What the engine hands a new OCR thread (workerData). */
export type OcrThreadData = {
  memoryLimitBytes: number;
  /** The line height PGM pages are shrunk to before they are read (ocr-scale.ts); 0: never. */
  textLinePx: number;
};

/** A request in tesseract.js's protocol (its worker-script's dispatchHandlers). */
export type OcrThreadRequest = {
  workerId: string;
  jobId: string;
  action: 'load' | 'loadLanguage' | 'initialize' | 'recognize';
  payload: unknown;
};
/** Its reply; `memoryExceeded` is ocr-thread.ts's own: the request ran into the memory limit. */
export type OcrThreadReply = {
  jobId: string;
  workerId: string;
  action: string;
  status: 'resolve' | 'reject' | 'progress';
  data: unknown;
  memoryExceeded?: boolean;
  /** The size of Tesseract's memory after the request, once it has grown. */
  memoryBytes?: number;
};

/** Tesseract's engine mode: the LSTM recogniser only (its legacy one is not in the data used). */
const OEM_LSTM_ONLY = 1;

/**
 * The JavaScript heap a thread may use: tesseract.js's own code and the messages. Tesseract's data
 * and the pages are in its WebAssembly memory, limited apart (memoryLimitBytes).
 */
export const OCR_THREAD_HEAP_MB = 96;

/** Why a request to the thread failed. */
export class OcrThreadError extends Error {
  constructor(
    readonly reason: 'memory' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'OcrThreadError';
  }
}

export type TesseractThread = {
  /** Sets Tesseract up for these languages ('deu' or 'eng+deu'), loading the data it lacks. */
  setUp(languages: string): Promise<void>;
  /** Reads one picture; the thread keeps no copy of it. */
  recognize(image: Uint8Array): Promise<{ text: string; confidence: number }>;
  /** The size of its Tesseract's memory after the last request (0 before it first grew). */
  memoryBytes(): number;
  terminate(): Promise<void>;
};

export type TesseractThreadOptions = {
  /** The first languages to set up ('eng+deu'). */
  languages: string;
  /** The folder holding `<lang>.traineddata.gz` for every language that may be asked for. */
  langPath: string;
  /** The most WebAssembly memory its Tesseract may hold, models and the page included. */
  memoryLimitBytes: number;
  /**
   * Tesseract's own settings ('tessedit_pageseg_mode' → '6'), given at every set-up as its config
   * file, the only way that also sets those Tesseract reads only when it starts (its dictionaries).
   */
  parameters?: Readonly<Record<string, string>>;
  /** The line height PGM pages are shrunk to before they are read (ocr-scale.ts); 0: never. */
  textLinePx: number;
};

let threads = 0;

/** Starts a thread and sets its Tesseract up; rejects with an OcrThreadError. */
export async function startTesseractThread(
  options: TesseractThreadOptions,
): Promise<TesseractThread> {
  const workerId = `ocr-${process.pid}-${++threads}`;
  const data: OcrThreadData = {
    memoryLimitBytes: options.memoryLimitBytes,
    textLinePx: options.textLinePx,
  };
  const worker = startThread('ocr-thread', {
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: OCR_THREAD_HEAP_MB },
  });
  // An idle thread does not keep the process alive; the engine ends idle ones.
  worker.unref();
  const pending = new Map<string, { resolve: (data: unknown) => void; reject: (e: Error) => void }>();
  let ended: OcrThreadError | null = null;
  let jobs = 0;
  let memoryBytes = 0;

  const failAll = (error: OcrThreadError) => {
    ended ??= error;
    for (const p of pending.values()) p.reject(ended);
    pending.clear();
  };
  worker.on('message', (reply: OcrThreadReply) => {
    const p = pending.get(reply.jobId);
    if (!p || reply.status === 'progress') return;
    if (reply.memoryBytes) memoryBytes = reply.memoryBytes;
    pending.delete(reply.jobId);
    if (reply.status === 'resolve') p.resolve(reply.data);
    else if (reply.memoryExceeded) p.reject(memoryError(options.memoryLimitBytes));
    else p.reject(new OcrThreadError('failed', String(reply.data)));
  });
  worker.on('error', (err: Error & { code?: string }) =>
    failAll(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? memoryError(options.memoryLimitBytes)
        : new OcrThreadError('failed', `OCR thread failed: ${err.message}`),
    ),
  );
  worker.on('exit', () => failAll(new OcrThreadError('failed', 'OCR thread ended')));

  const call = <T>(
    action: OcrThreadRequest['action'],
    payload: unknown,
    transfer: ArrayBuffer[] = [],
  ) =>
    new Promise<T>((resolve, reject) => {
      if (ended) return reject(ended);
      const jobId = `${action}-${++jobs}`;
      pending.set(jobId, { resolve: resolve as (data: unknown) => void, reject });
      worker.postMessage({ workerId, jobId, action, payload } satisfies OcrThreadRequest, transfer);
    });

  /** Languages whose data the thread holds (loaded once, kept across set-ups). */
  const loaded = new Set<string>();
  const setUp = async (languages: string) => {
    const missing = languages.split('+').filter((l) => !loaded.has(l));
    if (missing.length > 0) {
      await call('loadLanguage', {
        langs: missing,
        options: { langPath: options.langPath, cacheMethod: 'none', gzip: true, lstmOnly: true },
      });
      for (const l of missing) loaded.add(l);
    }
    await call('initialize', {
      langs: languages,
      oem: OEM_LSTM_ONLY,
      config: { ...options.parameters },
    });
  };

  try {
    await call('load', { options: { lstmOnly: true, logging: false } });
    await setUp(options.languages);
  } catch (err) {
    void worker.terminate();
    throw err;
  }

  return {
    setUp,
    memoryBytes: () => memoryBytes,
    async recognize(image) {
      // A copy moves to the thread: the caller may read the same picture again.
      const copy = image.slice();
      const result = await call<{ text: string | null; confidence: number | null }>(
        'recognize',
        { image: copy, options: {}, output: { text: true } },
        [copy.buffer as ArrayBuffer],
      );
      return { text: result.text ?? '', confidence: result.confidence ?? 0 };
    },
    async terminate() {
      failAll(new OcrThreadError('failed', 'OCR thread ended'));
      await worker.terminate();
    },
  };
}

const memoryError = (limitBytes: number) =>
  new OcrThreadError(
    'memory',
    `needed more than ${Math.round(limitBytes / 2 ** 20)} MB of memory to read`,
  );
