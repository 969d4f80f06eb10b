import { detectLanguage } from '@mnemo/ai/language';
import { OCR_LANGUAGE_TAGS, type OcrEngine, type OcrLanguage, type OcrResult } from './ocr-engine';
import { cutPage, splitPage, type PageCut } from './ocr-strip';
import { readableOcrText } from './ocr-text';

/**
 * The scanned pages of one document, read in the document's language.
 *
 * Tesseract reads every word it is unsure of again in each other language it has, so the four
 * installed languages cost about a quarter more than one, and setting a thread up for all four
 * again costs as much as a third of a page (bench/README.md, "OCR of scanned pages"). A document is
 * nearly always in one language, so pages are read in one:
 * - before the first page, a strip of it (a fifth, the part with the most text, ocr-strip.ts) is
 *   read and the document's language recognised in that text with the rule that tags sources
 *   (@mnemo/ai/language); every page is then read in that language (in all languages when the
 *   engine has no data for it). Pages wait for the strip rather than guess: a page read in the
 *   wrong language is read twice, where the strip costs a fifth of one;
 * - the strip is read in the language the engine's previous document was in (its threads are
 *   set up for it already), the engine's main language (the first of OCR_LANGUAGES, English by
 *   default) at first: any of them reads a page of the others well enough to tell the language
 *   (English misses accents, not words);
 * - the strip is cut across at blank rows into one band a thread, read at once: every page waits
 *   for it, so read whole it kept one thread busy while the others had nothing to do;
 * - when the first page is then read in that same language, its strip's reading is kept and only
 *   the rest of the page, above and below the strip, is read (the strip's edges are blank rows):
 *   the strip costs nothing more then;
 * - when the strip cannot tell (a page that is not a PGM, a picture, a strip of two words), pages
 *   are read in that same language until the text of those read so far tells the document's, and
 *   the pages after them in it;
 * - a page whose own text reads as another language than the one it was read in (the first pages
 *   of a German document, an English abstract in a German thesis) is read again in its language
 *   (all of them when the engine has no data for it), and that reading is kept.
 * A page too short to tell (a cover, a caption) keeps the reading it got.
 */
export type DocumentOcr = {
  /**
   * Reads one page: its readable text ('' when Tesseract found none, readableOcrText). With
   * `parts`, the page is cut across into that many bands at blank rows (splitPage), read at once by
   * as many threads and joined: for the last page of a document, which would otherwise keep one
   * thread busy while the others wait (read whole when it cannot be cut so).
   */
  read(image: Uint8Array, signal?: AbortSignal, options?: { parts?: number }): Promise<string>;
  /** The languages the next page will be read in. */
  languages(): readonly OcrLanguage[];
};

/** The installed language whose BCP 47 tag detectLanguage answered, if any. */
const ocrLanguageOf = (tag: string): OcrLanguage | undefined =>
  (Object.keys(OCR_LANGUAGE_TAGS) as OcrLanguage[]).find((l) => OCR_LANGUAGE_TAGS[l] === tag);

/** The language each engine's last document was found to be in (a single language only). */
const previous = new WeakMap<object, readonly OcrLanguage[]>();

export type DocumentOcrOptions = {
  /**
   * Cuts the strip the language is told from, and the rest of the page around it; null reads
   * without one (cutPage by default).
   */
  strip?: (image: Uint8Array) => PageCut | null;
  /**
   * Cuts a page into bands read at once (splitPage by default); `minHeight` 0 for the strip, which
   * is short by design.
   */
  split?: (image: Uint8Array, parts: number, minHeight?: number) => Uint8Array[] | null;
};

/** Readings of a page's parts, top to bottom, as one reading of the page. */
function joinReadings(readings: readonly OcrResult[]): OcrResult {
  const parts = readings.filter((r) => r.text.trim() !== '');
  // Tesseract's confidence is a mean over words: the parts weigh by the letters they hold.
  const weight = (r: OcrResult) => r.text.replace(/\s/g, '').length;
  const total = parts.reduce((sum, r) => sum + weight(r), 0);
  return {
    // A line break, not a blank line: a paragraph running over a cut is joined up again
    // (readableOcrText), a hyphenated word with it.
    text: parts.map((r) => r.text.trimEnd()).join('\n'),
    confidence: total > 0 ? parts.reduce((sum, r) => sum + r.confidence * weight(r), 0) / total : 0,
  };
}

export function createDocumentOcr(
  ocr: Pick<OcrEngine, 'languages' | 'recognize'> & Partial<Pick<OcrEngine, 'threads'>>,
  { strip = cutPage, split = splitPage }: DocumentOcrOptions = {},
): DocumentOcr {
  const all = ocr.languages;
  /** A language's own reading: itself when the engine has it, all languages otherwise. */
  const readingFor = (tag: string): readonly OcrLanguage[] => {
    const language = ocrLanguageOf(tag);
    return language && all.includes(language) ? [language] : all;
  };
  const recent = previous.get(ocr);
  const main = recent?.every((l) => all.includes(l)) ? recent : all.slice(0, 1);
  /** The document's languages, once its text has told them. */
  let chosen: readonly OcrLanguage[] | null = all.length <= 1 ? all : null;
  /** Text of the pages read before the choice, what it is made from. */
  let sample = '';
  /** The strip of the first page being read; every page waits for it. */
  let probe: Promise<void> | null = null;
  /** The first page's strip as read, kept until that page is read (in `main`) around it. */
  let probed: { image: Uint8Array; reading: OcrResult; rest: NonNullable<PageCut['rest']> } | null =
    null;

  const choose = (tag: string) => {
    chosen = readingFor(tag);
    if (chosen.length === 1) previous.set(ocr, chosen);
  };
  const learn = (text: string) => {
    if (chosen || !text) return;
    sample = sample ? `${sample}\n\n${text}` : text;
    const tag = detectLanguage(sample);
    if (tag !== null) choose(tag);
  };
  const readStrip = async (image: Uint8Array, signal: AbortSignal | undefined) => {
    const cut = strip(image);
    if (!cut) return;
    try {
      const threads = ocr.threads ?? 1;
      const bands = threads > 1 ? split(cut.strip, threads, 0) : null;
      const reading = bands
        ? joinReadings(
            await Promise.all(
              bands.map((band) => ocr.recognize(band, { signal, languages: main })),
            ),
          )
        : await ocr.recognize(cut.strip, { signal, languages: main });
      if (cut.rest) probed = { image, reading, rest: cut.rest };
      const tag = detectLanguage(readableOcrText(reading));
      if (tag !== null && !chosen) choose(tag);
    } catch {
      // The strip is only a hint: the page itself is read next, and fails or is cancelled on its own.
    }
  };

  /** A page in these languages: around its strip when that was read in them, whole otherwise. */
  const readPage = async (
    image: Uint8Array,
    languages: readonly OcrLanguage[],
    signal: AbortSignal | undefined,
    parts: number,
  ) => {
    const kept = probed?.image === image ? probed : null;
    if (kept) probed = null;
    if (!kept || languages.join('+') !== main.join('+')) {
      const bands = parts > 1 ? split(image, parts) : null;
      if (!bands) return ocr.recognize(image, { signal, languages });
      return joinReadings(
        await Promise.all(bands.map((band) => ocr.recognize(band, { signal, languages }))),
      );
    }
    const { above, below } = kept.rest;
    const [top, bottom] = await Promise.all(
      [above, below].map((part) =>
        part ? ocr.recognize(part, { signal, languages }) : { text: '', confidence: 0 },
      ),
    );
    return joinReadings([top!, kept.reading, bottom!]);
  };

  return {
    languages: () => chosen ?? main,
    async read(image, signal, { parts = 1 } = {}) {
      if (!chosen) await (probe ??= readStrip(image, signal));
      const languages = chosen ?? main;
      const text = readableOcrText(await readPage(image, languages, signal, parts));
      learn(text);
      const tag = detectLanguage(text);
      if (tag === null || languages.some((l) => OCR_LANGUAGE_TAGS[l] === tag)) return text;
      const again = readingFor(tag);
      // Read in all languages already (a language the engine lacks): nothing better to try.
      if (again.length === languages.length && again.every((l) => languages.includes(l)))
        return text;
      return readableOcrText(await ocr.recognize(image, { signal, languages: again }));
    },
  };
}
