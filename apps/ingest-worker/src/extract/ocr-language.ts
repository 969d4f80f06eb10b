import { detectLanguage } from '@mnemo/ai/language';
import { OCR_LANGUAGE_TAGS, type OcrEngine, type OcrLanguage } from './ocr-engine';
import { readableOcrText } from './ocr-text';

/**
 * The scanned pages of one document, read in the document's language.
 *
 * Tesseract reads every word it is unsure of again in each other language it has, so the four
 * installed languages cost about a quarter more than one, and setting a thread up for all four
 * again costs as much as a third of a page (bench/README.md, "OCR of scanned pages"). A document is
 * nearly always in one language, so pages are read in one:
 * - until the document's language is known, in the engine's main language (the first of
 *   OCR_LANGUAGES: English by default), whose reading of a German, French or Spanish page still
 *   tells the language apart (it misses accents, not words);
 * - the document's language is recognised from the text of the pages read so far, with the rule
 *   that tags sources (@mnemo/ai/language), and the pages after them are read in it; in all
 *   languages when the engine has no data for it;
 * - a page whose own text reads as another language than the one it was read in (the first pages
 *   of a German document, an English abstract in a German thesis) is read again in its language
 *   (all of them when the engine has no data for it), and that reading is kept.
 * A page too short to tell (a cover, a caption) keeps the reading it got.
 */
export type DocumentOcr = {
  /** Reads one page: its readable text ('' when Tesseract found none, readableOcrText). */
  read(image: Uint8Array, signal?: AbortSignal): Promise<string>;
  /** The languages the next page will be read in. */
  languages(): readonly OcrLanguage[];
};

/** The installed language whose BCP 47 tag detectLanguage answered, if any. */
const ocrLanguageOf = (tag: string): OcrLanguage | undefined =>
  (Object.keys(OCR_LANGUAGE_TAGS) as OcrLanguage[]).find((l) => OCR_LANGUAGE_TAGS[l] === tag);

export function createDocumentOcr(ocr: Pick<OcrEngine, 'languages' | 'recognize'>): DocumentOcr {
  const all = ocr.languages;
  /** A language's own reading: itself when the engine has it, all languages otherwise. */
  const readingFor = (tag: string): readonly OcrLanguage[] => {
    const language = ocrLanguageOf(tag);
    return language && all.includes(language) ? [language] : all;
  };
  const main = all.slice(0, 1);
  /** The document's languages, once its text has told them. */
  let chosen: readonly OcrLanguage[] | null = all.length <= 1 ? all : null;
  /** Text of the pages read before the choice, what it is made from. */
  let sample = '';

  const learn = (text: string) => {
    if (chosen || !text) return;
    sample = sample ? `${sample}\n\n${text}` : text;
    const tag = detectLanguage(sample);
    if (tag !== null) chosen = readingFor(tag);
  };

  return {
    languages: () => chosen ?? main,
    async read(image, signal) {
      const languages = chosen ?? main;
      const text = readableOcrText(await ocr.recognize(image, { signal, languages }));
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
