import { mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TEXT_LINE_PX } from './ocr-scale';
import { OcrThreadError, startTesseractThread, type TesseractThread } from './ocr-tesseract';
import { createThreadPool } from './thread-pool';

/**
 * Optical character recognition with tesseract.js (Tesseract compiled to WebAssembly), a small pool
 * of threads shared by every job of the process, like the PDF pool. Each page is one task with its
 * own time and memory limits: a page that runs past either has its thread stopped and replaced, and
 * only that page is lost. The threads are our own (ocr-tesseract.ts, ocr-thread.ts), running
 * tesseract.js's handlers, so that their memory can be limited.
 *
 * Nothing is downloaded: the language data comes from the @tesseract.js-data/* npm packages, read
 * from disk here and handed to each thread as bytes, so tesseract.js never builds a URL (its default
 * is a CDN) and, with caching off, never writes a copy anywhere (node_modules may be read-only).
 * The WebAssembly core is the tesseract.js-core package, loaded from node_modules by tesseract.js.
 */

/** Languages whose data is installed; Tesseract's codes (ISO 639-2). */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Each installed language's BCP 47 tag, as @mnemo/ai's detectLanguage answers it. */
export const OCR_LANGUAGE_TAGS: Readonly<Record<OcrLanguage, string>> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
};

const requireFromHere = createRequire(import.meta.url);

/**
 * The "best_int" models: LSTM only, integer weights, the fastest tesseract.js offers and what it
 * loads by default for the LSTM engine. The other folder adds the legacy engine's data, unused here.
 */
export const languageDataFile = (lang: OcrLanguage) =>
  join(
    dirname(requireFromHere.resolve(`@tesseract.js-data/${lang}/package.json`)),
    '4.0.0_best_int',
    `${lang}.traineddata.gz`,
  );

/**
 * One folder holding every language's data, as tesseract.js wants (`${langPath}/${lang}.traineddata.gz`),
 * while each package has its own: a folder of links to the installed files, made once per process in
 * the temporary directory (never in node_modules, which may be read-only). tesseract.js's other way,
 * language objects carrying their bytes, fails when it initialises Tesseract (7.0.0 joins the bytes
 * instead of the codes).
 */
const languageFolders = new Map<string, string>();
export function languageFolder(languages: readonly OcrLanguage[]): string {
  const key = languages.join('+');
  let folder = languageFolders.get(key);
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'mnemo-ocr-'));
    for (const lang of languages) {
      symlinkSync(languageDataFile(lang), join(folder, `${lang}.traineddata.gz`));
    }
    languageFolders.set(key, folder);
  }
  return folder;
}

export type OcrResult = {
  text: string;
  /** Tesseract's mean word confidence, 0-100. */
  confidence: number;
};

/** Why one page's OCR failed; the caller names the page and carries on with the others. */
export class OcrPageError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'unreadable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OcrPageError';
  }
}

export type OcrEngineOptions = {
  /** Pages recognised at once, by as many threads, shared by every job of the process. */
  threads: number;
  /** How long one page may take before its thread is stopped and the page given up. */
  pageTimeoutMs: number;
  /**
   * The most memory one thread's Tesseract may hold while it reads a page, its models included
   * (DEFAULT_OCR_MEMORY_LIMIT_MB): a page that needs more is given up and the thread replaced.
   */
  memoryLimitMb?: number;
  /**
   * Languages the engine can read, the first the main one: a page is read in all of them unless
   * its caller names fewer (a document whose language is known, ocr-language.ts).
   */
  languages?: readonly OcrLanguage[];
  /** Tesseract settings for every thread (DEFAULT_TESSERACT_PARAMETERS by default). */
  tesseractParameters?: Readonly<Record<string, string>>;
  /**
   * The height in pixels a page's lines of print are shrunk to before it is read, when taller
   * (ocr-scale.ts; TEXT_LINE_PX by default); 0 reads every page at the size it comes in.
   */
  textLinePx?: number;
};

export type RecognizeOptions = {
  signal?: AbortSignal;
  /**
   * The page's languages, among the engine's, the first the main one; all the engine's by default.
   * Fewer languages read faster: Tesseract reads every word it is unsure of again in each other one.
   */
  languages?: readonly OcrLanguage[];
};

export type OcrEngine = {
  readonly threads: number;
  /** The languages it can read, the first the main one. */
  readonly languages: readonly OcrLanguage[];
  /**
   * Reads the text of one image (PNG, JPEG, WebP, TIFF, or a binary PGM as the PDF renderer
   * makes). Rejects with an OcrPageError when the page cannot be read.
   */
  recognize(image: Uint8Array, options?: RecognizeOptions): Promise<OcrResult>;
  close(): Promise<void>;
};

/** Threads by default: one per core, at most four (each holds a Tesseract and its models). */
export const defaultOcrThreads = () => Math.max(1, Math.min(4, availableParallelism()));
export const DEFAULT_OCR_PAGE_TIMEOUT_MS = 60_000;
/**
 * Measured (bench/README.md, "OCR of scanned pages"): a thread's Tesseract holds 20 MB set up for
 * English and 42 MB after an A4 page at 200 dpi, 50 and 87 MB in all four languages; a picture of
 * 49 megapixels (7,000 × 7,000, near the most an upload may have, image-check.ts) took 793 MB in
 * all four. The default lets every picture the upload rules accept be read.
 */
export const DEFAULT_OCR_MEMORY_LIMIT_MB = 1024;
/** English first: the main language, the one a document is read in until its text tells its own. */
export const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = OCR_LANGUAGES;
/**
 * Tesseract's settings: none, its own defaults (a page read as one block of text, PSM 6); the
 * others measured saved no time (bench/README.md, "OCR of scanned pages").
 */
export const DEFAULT_TESSERACT_PARAMETERS: Readonly<Record<string, string>> = {};

let ownEngine: OcrEngine | null = null;
/** An engine of this process's own, for callers that give none (tests, scripts); the worker gives its. */
export const defaultOcrEngine = () =>
  (ownEngine ??= createOcrEngine({
    threads: defaultOcrThreads(),
    pageTimeoutMs: DEFAULT_OCR_PAGE_TIMEOUT_MS,
  }));

type Task = {
  image: Uint8Array;
  /** Tesseract's form of the page's languages: 'deu' or 'eng+deu+fra+spa'. */
  languages: string;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
};
type Slot = {
  worker: Promise<TesseractThread>;
  /** The languages its Tesseract is set up for (Task['languages']). */
  languages: string;
  task: Task | null;
  idle: NodeJS.Timeout | null;
};

/**
 * An idle thread is ended after this long: each holds Tesseract's models (tens of megabytes), and a
 * running thread keeps the process alive.
 */
const IDLE_MS = 30_000;

export function createOcrEngine(options: OcrEngineOptions): OcrEngine {
  const languages = options.languages?.length ? options.languages : DEFAULT_OCR_LANGUAGES;
  const all = languages.join('+');
  const memoryLimitBytes = (options.memoryLimitMb ?? DEFAULT_OCR_MEMORY_LIMIT_MB) * 2 ** 20;

  // A thread starts with its first page's languages; the others' data is loaded when a page needs
  // them (setUp, below), from the same folder.
  const spawn = (task?: Task): Slot => {
    const first = task?.languages ?? all;
    const worker = startTesseractThread({
      languages: first,
      langPath: languageFolder(languages),
      memoryLimitBytes,
      parameters: options.tesseractParameters ?? DEFAULT_TESSERACT_PARAMETERS,
      textLinePx: options.textLinePx ?? TEXT_LINE_PX,
    });
    // A thread that fails to start fails the task waiting for it, not the process.
    worker.catch(() => {});
    return { worker, languages: first, task: null, idle: null };
  };

  /**
   * A thread set up for other languages is set up again before the page: Tesseract starts anew
   * with those languages' models, parsed from the data the thread holds (loaded once, kept).
   */
  const ready = async (slot: Slot, wanted: string) => {
    const worker = await slot.worker;
    if (slot.languages !== wanted) {
      // Unknown until it succeeds: a failure ends the thread (run's catch) before anyone asks.
      slot.languages = '';
      await worker.setUp(wanted);
      slot.languages = wanted;
    }
    return worker;
  };

  const remove = (slot: Slot) => {
    pool.remove(slot);
    // Whatever it was doing is dropped: a page still waiting on it fails with it (ocr-tesseract.ts).
    void slot.worker.then((w) => w.terminate()).catch(() => {});
  };

  const run = async (slot: Slot, task: Task) => {
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    // Settles first: the page's text, its time limit, or the job giving up on it.
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new OcrPageError(
              'timeout',
              `took longer than ${Math.round(options.pageTimeoutMs / 1000)} seconds to read`,
            ),
          ),
        options.pageTimeoutMs,
      );
      onAbort = () =>
        reject(
          task.signal?.reason instanceof Error ? task.signal.reason : new Error('OCR cancelled'),
        );
      task.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const recognised = ready(slot, task.languages).then((w) => w.recognize(task.image));
      // Lost the race (time limit, abort): the stopped thread's answer, or its failure, is dropped.
      recognised.catch(() => {});
      const result = await Promise.race([recognised, stopped]);
      slot.task = null;
      slot.idle = setTimeout(() => remove(slot), IDLE_MS);
      slot.idle.unref();
      task.resolve(result);
    } catch (err) {
      // The thread may still be busy with the page (a time limit, an abort) or broken: replaced.
      remove(slot);
      task.reject(
        err instanceof OcrPageError || (task.signal?.aborted && err === task.signal.reason)
          ? (err as Error)
          : err instanceof OcrThreadError && err.reason === 'memory'
            ? new OcrPageError('memory', err.message, { cause: err })
            : new OcrPageError('unreadable', 'could not be decoded as an image', { cause: err }),
      );
    } finally {
      clearTimeout(timer);
      if (onAbort) task.signal?.removeEventListener('abort', onAbort);
      pool.dispatch();
    }
  };

  const pool = createThreadPool<Task, Slot>({
    threads: options.threads,
    spawn,
    // A free thread already set up for the page's languages is taken first: setting one up again
    // costs a fraction of a second (bench/README.md).
    prefers: (slot, task) => slot.languages === task.languages,
    run: (slot, task) => void run(slot, task),
    closedError: () => new Error('The OCR engine is closed'),
    abortError: (signal) => signal.reason as Error,
  });

  return {
    threads: pool.threads,
    languages,
    recognize(image, { signal, languages: wanted } = {}) {
      // In the caller's order (the main one first), only those the engine has; none of them: all.
      const chosen = [...new Set(wanted ?? [])].filter((l) => languages.includes(l));
      const pageLanguages = chosen.length > 0 ? chosen.join('+') : all;
      return new Promise<OcrResult>((resolve, reject) =>
        pool.submit({ image, languages: pageLanguages, resolve, reject, signal }),
      );
    },
    async close() {
      await Promise.all(pool.close().map((s) => s.worker.then((w) => w.terminate()).catch(() => {})));
    },
  };
}
