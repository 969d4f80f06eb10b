import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { mebibytes, type DecompressionBudget } from './decompression-budget';
import { readingOrder } from './pdf-bidi';
import { normaliseInline } from './text';

/**
 * Reading a PDF's pages with pdf.js (the legacy build: the modern one needs APIs Node 20 lacks).
 * This runs inside a PDF thread (pdf-thread.ts); pdf.ts splits a document between threads and puts
 * the pages back together. Lines are rebuilt from pdf.js's text items and joined into paragraphs
 * where the vertical gap says a paragraph ends.
 *
 * pdf.js never touches the network here: the document is passed as bytes, fonts are not loaded as
 * font faces, and the few data files it may want (standard fonts for PDFs that do not embed them,
 * CMaps for CJK, WASM decoders) are read from the installed package on disk, which is how pdf.js's
 * Node factories load them. Without these paths it only warns and extracts less.
 */

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
export const dataDir = (name: string) => join(pdfjsRoot, name) + sep;

type PdfJs = typeof PdfJsModule;
let pdfjsPromise: Promise<PdfJs> | null = null;
/** pdf.js is large: a thread loads it once, ahead of its first document when asked to warm up. */
export const loadPdfJs = () => (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * Opens a document's bytes with pdf.js as both its reading (here) and its drawing for OCR
 * (pdf-render.ts) want it: only what text and pictures need, nothing from the network or the system.
 */
export async function openPdf(data: Uint8Array) {
  const pdfjs = await loadPdfJs();
  return pdfjs.getDocument({
    // A copy: pdf.js transfers (detaches) the buffer it is given, and the caller's may be shared.
    data: new Uint8Array(data),
    // Glyphs are drawn from their outlines: no font faces, system fonts, eval'd glyph programs,
    // offscreen canvases, image decoders, XFA forms, or range requests.
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useWorkerFetch: false,
    enableXfa: false,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    fontExtraProperties: false,
    // Keep going past a broken object: the rest of the page is still worth having.
    stopAtErrors: false,
    standardFontDataUrl: dataDir('standard_fonts'),
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    wasmUrl: dataDir('wasm'),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
}
export type PdfLoading = Awaited<ReturnType<typeof openPdf>>;

type TextItem = {
  str: string;
  /** The item's text glyph by glyph, in drawing order (Mnemo's pdf.js patch; pdf-bidi.ts). */
  mnemoGlyphs?: string[];
  dir: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
};
type Line = { text: string; x: number; y: number; endX: number; height: number };
/** A line being built: its glyphs' text in drawing order, put in reading order when it ends. */
type OpenLine = Omit<Line, 'text'> & { glyphs: string[]; drawn: string };

const isTextItem = (item: unknown): item is TextItem =>
  typeof item === 'object' && item !== null && typeof (item as { str?: unknown }).str === 'string';

/** Lines as pdf.js emits them: a new line at an end-of-line mark or a y change. */
function linesOf(items: readonly TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: OpenLine | null = null;
  const end = () => {
    const line: OpenLine | null = current;
    current = null;
    if (!line || !line.drawn.trim()) return;
    const text = readingOrder(line.glyphs).trim();
    if (text) lines.push({ text, x: line.x, y: line.y, endX: line.endX, height: line.height });
  };
  for (const item of items) {
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const height = item.height || Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) || 10;
    const glyphs = item.mnemoGlyphs ?? [item.str];
    const drawn = glyphs.join('');
    if (drawn === '') {
      if (item.hasEOL) end();
      continue;
    }
    const line: OpenLine | null = current;
    if (line && Math.abs(y - line.y) > Math.max(height, line.height) * 0.5) end();
    if (!current) {
      current = { glyphs: [...glyphs], drawn, x, y, endX: x + item.width, height };
    } else {
      const open: OpenLine = current;
      // A gap wider than a narrow space between two runs is a word break pdf.js did not emit.
      const gap = x - open.endX;
      const spaced = /\s$/.test(open.drawn) || /^\s/.test(drawn);
      if (!spaced && Math.abs(gap) > height * 0.15) {
        open.glyphs.push(' ');
        open.drawn += ' ';
      }
      open.glyphs.push(...glyphs);
      open.drawn += drawn;
      open.endX = x + item.width;
      open.height = Math.max(open.height, height);
    }
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/** Joins a line to the paragraph so far, undoing end-of-line hyphenation ("infor-" + "mation"). */
function joinLine(paragraph: string, line: string): string {
  if (!paragraph) return line;
  if (/\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line)) return paragraph.slice(0, -1) + line;
  return `${paragraph} ${line}`;
}

/**
 * Paragraphs from lines: a paragraph ends where the gap to the next line is clearly larger than the
 * page's usual line spacing, or where the text jumps up (the next column, a sidebar).
 */
function paragraphsOf(lines: readonly Line[]): string[] {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = lines[i - 1]!.y - lines[i]!.y;
    if (gap > 0 && gap < lines[i]!.height * 3) gaps.push(gap);
  }
  const spacing = median(gaps);
  const paragraphs: string[] = [];
  let paragraph = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = lines[i - 1];
    if (previous) {
      const gap = previous.y - line.y;
      const breaks = gap <= 0 || (spacing > 0 ? gap > spacing * 1.4 : gap > line.height * 1.8);
      if (breaks) {
        paragraphs.push(paragraph);
        paragraph = '';
      }
    }
    paragraph = joinLine(paragraph, line.text);
  }
  if (paragraph) paragraphs.push(paragraph);
  return paragraphs;
}

// Titles that PDF producers fill in by themselves and that say nothing about the document.
const NO_TITLE = /^(untitled|untitled document|document\d*|slide \d+|title|unknown|pdf|)$/i;

function metadataTitle(info: unknown, xmpTitle: unknown): string | null {
  for (const candidate of [xmpTitle, (info as { Title?: unknown } | null)?.Title]) {
    if (typeof candidate !== 'string') continue;
    const title = normaliseInline(
      candidate.replace(/^Microsoft (Word|PowerPoint) - /, '').replace(/\.(docx?|pptx?|pdf)$/i, ''),
    );
    if (!NO_TITLE.test(title)) return title;
  }
  return null;
}

/**
 * What is wrong with a document, as pdf.ts turns it into an ExtractionError. Not one itself: this
 * file runs in PDF threads, which stay small (no service kit, no contracts) and whose errors cross
 * to the job's thread as a reason and words.
 */
/** What pdf.js reports of a form field's widget (only the parts read here). */
type WidgetData = {
  fieldType?: unknown;
  fieldName?: unknown;
  alternativeText?: unknown;
  fieldValue?: unknown;
  checkBox?: unknown;
  radioButton?: unknown;
  /** A checkbox's on-state name. */
  exportValue?: unknown;
  /** A radio button's own on-state name. */
  buttonValue?: unknown;
};

/** On-state names that only mean "ticked". */
const GENERIC_ON = /^(yes|on|true|1|x|checked|ja|oui|s[ií])$/i;

const nonBlank = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Filled-in form fields (AcroForm) as "Label: value" lines: a field's value lives in the form,
 * not in the page's text, so a filled form would otherwise lose what was written into it. Text
 * and choice fields give their value; empty fields give nothing. A ticked checkbox gives "Yes"
 * (or its export value when that says more than yes/on), an unticked one nothing, like an empty
 * text field. A radio group gives the chosen button's state name; a state that is only an index
 * (pdf-lib's, naming the option through an /Opt array pdf.js does not report) is left out rather
 * than written as a bare number. The label is the field's tooltip (what a reader sees) or else the
 * last part of its name; a field with several widgets counts once.
 */
export function formFieldLines(annotations: readonly unknown[]): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const raw of annotations) {
    if (typeof raw !== 'object' || raw === null) continue;
    const a = raw as WidgetData;
    const name = typeof a.fieldName === 'string' ? a.fieldName : '';
    const label = nonBlank(a.alternativeText)
      ? a.alternativeText.trim()
      : (name.split('.').pop() ?? '').trim();
    let value: string | null = null;
    if (a.fieldType === 'Tx' && nonBlank(a.fieldValue)) value = a.fieldValue.trim();
    else if (a.fieldType === 'Ch') {
      const chosen = (Array.isArray(a.fieldValue) ? a.fieldValue : [a.fieldValue]).filter(nonBlank);
      if (chosen.length > 0) value = chosen.join(', ');
    } else if (a.fieldType === 'Btn' && a.checkBox === true) {
      if (nonBlank(a.fieldValue) && a.fieldValue !== 'Off' && a.fieldValue === a.exportValue) {
        value = GENERIC_ON.test(a.fieldValue.trim()) ? 'Yes' : a.fieldValue.trim();
      }
    } else if (a.fieldType === 'Btn' && a.radioButton === true) {
      if (
        nonBlank(a.fieldValue) &&
        a.fieldValue !== 'Off' &&
        a.fieldValue === a.buttonValue &&
        !/^\d+$/.test(a.fieldValue.trim())
      ) {
        value = a.fieldValue.trim();
      }
    }
    if (value === null) continue;
    const key = `${name}\u0000${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(label ? `${label}: ${value}` : value);
  }
  return lines;
}

export class PdfReadError extends Error {
  constructor(
    readonly reason: 'password_protected' | 'corrupt_file' | 'decompression_limit',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PdfReadError';
  }
}

const errorName = (err: unknown) => (err as { name?: string } | null)?.name ?? '';

/** Which pages one reader takes: every `count`-th page from page `index + 1`. */
export type PdfStripe = { index: number; count: number };

export type PdfReadTask = {
  data: Uint8Array;
  stripe: PdfStripe;
  /** Pages read at most, counted from the first page of the document. */
  maxPages: number;
  /** The document's title from its metadata; one reader of a document is enough to look. */
  withMetadata: boolean;
  /** What the document may unpack to, and the count of KiB it has unpacked so far in any thread. */
  decompression: { budget: DecompressionBudget; decodedKiB: Int32Array };
};

export type PdfPage = { page: number; text: string; firstLine: string | null };

export type PdfReadResult = {
  pageCount: number;
  /** This stripe's pages in order, empty ones (no text layer) included with text ''. */
  pages: PdfPage[];
  metadataTitle: string | null;
};

/**
 * Reads one stripe of a document's pages. Striping (pages 1, 3, 5… in one thread and 2, 4, 6… in
 * another) rather than halves keeps the threads equally busy when some pages are heavier, and needs
 * no page count before the document is opened.
 */
export async function readPdfStripe(task: PdfReadTask): Promise<PdfReadResult> {
  const meter = meterDecoding(task.decompression);
  // The page cap applies before pages are parsed: pdf.js (patched) neither checks the last page of
  // a longer document nor walks the page tree past the cap.
  globalThis.__mnemoPageLimit = task.maxPages;
  try {
    const result = await readStripe(task);
    meter.check();
    return result;
  } catch (err) {
    meter.check();
    throw err;
  } finally {
    meter.stop();
    globalThis.__mnemoPageLimit = undefined;
  }
}

declare global {
  /** Called by Mnemo's pdf.js patch (patches/pdfjs-dist@*.patch) before it allocates decoded bytes. */
  var __mnemoChargeDecodedBytes: ((addedBytes: number, streamBytes: number) => void) | undefined;
  /** Read by Mnemo's pdf.js patch: the most pages the reader asks for. */
  var __mnemoPageLimit: number | undefined;
}

/**
 * Counts what pdf.js decodes against the document's budget, through the hook the pdf.js patch calls
 * before each allocation of decoded bytes. Over budget, the hook throws, and keeps throwing for every
 * later stream: pdf.js (told to carry on past errors) would otherwise skip the stream and read on,
 * so check() afterwards turns the overrun into the document's verdict. A PDF thread reads one stripe
 * at a time, so one hook per thread is enough.
 */
export function meterDecoding({ budget, decodedKiB }: PdfReadTask['decompression']) {
  let over: 'stream' | 'document' | null = null;
  globalThis.__mnemoChargeDecodedBytes = (addedBytes, streamBytes) => {
    if (!over) {
      const kib = Math.ceil(addedBytes / 1024);
      // Shared with the document's other stripes, which unpack in other threads.
      const total = (Atomics.add(decodedKiB, 0, kib) + kib) * 1024;
      if (streamBytes > budget.maxStreamBytes) over = 'stream';
      else if (total > budget.maxDocumentBytes) over = 'document';
    }
    if (over) throw new Error(`Mnemo: decoded PDF data over its budget (one ${over})`);
  };
  return {
    check() {
      if (!over) return;
      throw new PdfReadError(
        'decompression_limit',
        over === 'stream'
          ? `This PDF unpacks to more than ${mebibytes(budget.maxStreamBytes)} in a single part, more than Mnemo reads, so reading it was stopped. A real document is rarely built like this; if it is one, try saving or exporting it again as a PDF.`
          : `This PDF unpacks to more than ${mebibytes(budget.maxDocumentBytes)} in all, more than Mnemo reads, so reading it was stopped. A real document is rarely built like this; if it is one, try saving or exporting it again as a PDF.`,
      );
    },
    stop() {
      globalThis.__mnemoChargeDecodedBytes = undefined;
    },
  };
}

async function readStripe(task: PdfReadTask): Promise<PdfReadResult> {
  const loading = await openPdf(task.data);
  try {
    let doc;
    try {
      doc = await loading.promise;
    } catch (err) {
      if (errorName(err) === 'PasswordException') {
        throw new PdfReadError(
          'password_protected',
          'This PDF is password-protected. Remove the password (print or export it without one) and upload it again.',
          { cause: err },
        );
      }
      throw new PdfReadError(
        'corrupt_file',
        'This PDF is damaged or not a valid PDF, so its text could not be read.',
        { cause: err },
      );
    }

    const pageCount = doc.numPages;
    const last = Math.min(pageCount, task.maxPages);
    const pages: PdfPage[] = [];
    try {
      for (let n = task.stripe.index + 1; n <= last; n += task.stripe.count) {
        const page = await doc.getPage(n);
        const content = await page.getTextContent({ includeMarkedContent: false });
        const lines = linesOf(content.items.flatMap((item) => (isTextItem(item) ? [item] : [])));
        const fields = formFieldLines(await page.getAnnotations({ intent: 'display' }));
        page.cleanup();
        pages.push({
          page: n,
          text: [...paragraphsOf(lines), ...(fields.length > 0 ? [fields.join('\n')] : [])].join(
            '\n\n',
          ),
          firstLine: lines[0]?.text ?? fields[0] ?? null,
        });
      }
    } catch (err) {
      throw new PdfReadError(
        'corrupt_file',
        'This PDF is damaged, so its text could not be read.',
        {
          cause: err,
        },
      );
    }

    let title: string | null = null;
    if (task.withMetadata) {
      try {
        const { info, metadata } = await doc.getMetadata();
        title = metadataTitle(info, metadata?.get('dc:title'));
      } catch {
        // Broken metadata costs the title, not the text.
      }
    }
    return { pageCount, pages, metadataTitle: title };
  } finally {
    await loading.destroy();
  }
}
