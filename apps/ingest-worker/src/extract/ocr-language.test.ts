import { describe, expect, it } from 'vitest';
import { OCR_LANGUAGE_TAGS, type OcrEngine, type OcrLanguage } from './ocr-engine';
import { createDocumentOcr } from './ocr-language';
import type { PageCut } from './ocr-strip';

/**
 * The choice of languages, with an engine that stands in for Tesseract: a "page" is its text and
 * the language it is written in, and reading it in languages without that one loses its accents,
 * as Tesseract's English model does on a German page. Every reading is recorded.
 */
const GERMAN = [
  'Die Stadtbibliothek öffnet im Frühjahr nach dem Umbau wieder ihre Türen. Die Leserinnen und Leser finden dann größere Räume, mehr Arbeitsplätze und eine Abteilung für Kinder, die bisher gefehlt hat.',
  'Für die Ausleihe braucht man weiterhin einen Ausweis, der für Schüler und Studenten kostenlos ist. Wer Bücher zu spät zurückgibt, zahlt eine kleine Gebühr für jeden Tag der Verspätung.',
  'Außerdem plant die Stadt, die Öffnungszeiten am Wochenende zu verlängern, weil viele Berufstätige nur samstags Zeit haben, in Ruhe zu lesen und zu lernen.',
];
const ENGLISH =
  'This summary is written in English for readers who do not speak German. It describes how the library was rebuilt, what the new rooms offer, and when the doors will open again to the public.';
const ITALIAN =
  'La biblioteca comunale riapre in primavera dopo i lavori di ristrutturazione. I lettori troveranno sale più grandi, nuovi posti di lavoro e una sezione per i bambini che finora mancava del tutto.';

type Page = { tag: string; text: string };
const page = (tag: string, text: string) => new TextEncoder().encode(JSON.stringify({ tag, text }));

function fakeEngine(languages: readonly OcrLanguage[] = ['eng', 'deu', 'fra', 'spa']) {
  const readings: { page: string; languages: string }[] = [];
  const engine: Pick<OcrEngine, 'languages' | 'recognize'> = {
    languages,
    recognize: async (image, options) => {
      const { tag, text } = JSON.parse(new TextDecoder().decode(image)) as Page;
      const used = options?.languages?.length ? options.languages : languages;
      readings.push({ page: text.slice(0, 12), languages: used.join('+') });
      const known = used.some((l) => OCR_LANGUAGE_TAGS[l] === tag);
      return {
        text: known ? text : text.normalize('NFD').replace(/\p{M}/gu, ''),
        confidence: 90,
      };
    },
  };
  return { engine, readings };
}

describe('createDocumentOcr', () => {
  it('reads an English document in English only, each page once', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine);
    for (let i = 0; i < 3; i++) expect(await doc.read(page('en', ENGLISH))).toBe(ENGLISH);
    expect(readings.map((r) => r.languages)).toEqual(['eng', 'eng', 'eng']);
    expect(doc.languages()).toEqual(['eng']);
  });

  it('reads a German document in German once its first page tells, that page again with its accents', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine);
    const texts = [];
    for (const text of GERMAN) texts.push(await doc.read(page('de', text)));
    expect(texts).toEqual(GERMAN);
    expect(readings).toEqual([
      { page: GERMAN[0]!.slice(0, 12), languages: 'eng' },
      { page: GERMAN[0]!.slice(0, 12), languages: 'deu' },
      { page: GERMAN[1]!.slice(0, 12), languages: 'deu' },
      { page: GERMAN[2]!.slice(0, 12), languages: 'deu' },
    ]);
    expect(doc.languages()).toEqual(['deu']);
  });

  it('reads a page in another language in its own language, and goes on in the document’s', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine);
    await doc.read(page('de', GERMAN[0]!));
    expect(await doc.read(page('en', ENGLISH))).toBe(ENGLISH);
    expect(await doc.read(page('de', GERMAN[1]!))).toBe(GERMAN[1]);
    expect(readings.slice(2).map((r) => r.languages)).toEqual(['deu', 'eng', 'deu']);
  });

  it('reads a document in a language it has no data for in all its languages', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine);
    await doc.read(page('it', ITALIAN));
    await doc.read(page('it', ITALIAN));
    expect(readings.map((r) => r.languages)).toEqual(['eng', 'eng+deu+fra+spa', 'eng+deu+fra+spa']);
  });

  it('leaves the choice to the next page when a page is too short to tell', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine);
    expect(await doc.read(page('de', 'Jahresbericht 2025'))).toBe('Jahresbericht 2025');
    expect(doc.languages()).toEqual(['eng']);
    await doc.read(page('de', GERMAN[0]!));
    await doc.read(page('de', GERMAN[1]!));
    expect(readings.map((r) => r.languages)).toEqual(['eng', 'eng', 'deu', 'deu']);
  });

  it('starts in the main language the engine is given, and never reads again with one language only', async () => {
    const german = fakeEngine(['deu', 'eng']);
    const doc = createDocumentOcr(german.engine);
    await doc.read(page('de', GERMAN[0]!));
    await doc.read(page('en', ENGLISH));
    expect(german.readings.map((r) => r.languages)).toEqual(['deu', 'deu', 'eng']);

    const single = fakeEngine(['eng']);
    const only = createDocumentOcr(single.engine);
    expect(await only.read(page('de', GERMAN[0]!))).toBe(
      GERMAN[0]!.normalize('NFD').replace(/\p{M}/gu, ''),
    );
    expect(single.readings.map((r) => r.languages)).toEqual(['eng']);
  });
});

/**
 * A fake page cut as cutPage cuts a scan: the strip is its first sentence, the rest of the page
 * (below it) the other sentences, in its language.
 */
const stripOf = (image: Uint8Array): PageCut => {
  const { tag, text } = JSON.parse(new TextDecoder().decode(image)) as Page;
  const [first, ...rest] = text.split('. ');
  const part = (t: string) => new TextEncoder().encode(JSON.stringify({ tag, text: t }));
  return { strip: part(`${first!}.`), rest: { above: null, below: part(rest.join('. ')) } };
};
/** A strip alone, its edges not between lines: the page is read whole. */
const stripOnly = (text: string) => (): PageCut => ({
  strip: new TextEncoder().encode(JSON.stringify({ tag: 'de', text })),
  rest: null,
});

describe('createDocumentOcr with a strip of the first page', () => {
  it('tells a German document from a strip, then reads every page once, in German', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine, { strip: stripOf });
    const texts = await Promise.all(GERMAN.map((text) => doc.read(page('de', text))));
    expect(texts).toEqual(GERMAN);
    // The strip in English (the main language), then each page in German only, none twice; the
    // pages read at once waited for the strip.
    expect(readings[0]).toEqual({ page: GERMAN[0]!.slice(0, 12), languages: 'eng' });
    expect(readings.slice(1).map((r) => r.languages)).toEqual(['deu', 'deu', 'deu']);
    expect(doc.languages()).toEqual(['deu']);
  });

  it('reads an English document in English, the first page around its strip, nothing twice', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine, { strip: stripOf });
    for (let i = 0; i < 2; i++) expect(await doc.read(page('en', ENGLISH))).toBe(ENGLISH);
    // The strip (the first sentence), then the rest of the first page only, then the second page.
    const rest = ENGLISH.split('. ').slice(1).join('. ');
    expect(readings).toEqual([
      { page: ENGLISH.slice(0, 12), languages: 'eng' },
      { page: rest.slice(0, 12), languages: 'eng' },
      { page: ENGLISH.slice(0, 12), languages: 'eng' },
    ]);
  });

  it('reads the first page whole when its strip cannot be reused', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine, { strip: stripOnly('This is a short English line.') });
    expect(await doc.read(page('en', ENGLISH))).toBe(ENGLISH);
    expect(readings.map((r) => r.page)).toEqual(['This is a sh', ENGLISH.slice(0, 12)]);
  });

  it("reads the next document's strip in the language the engine's last document was in", async () => {
    const { engine, readings } = fakeEngine();
    await createDocumentOcr(engine, { strip: stripOf }).read(page('de', GERMAN[0]!));
    const next = createDocumentOcr(engine, { strip: stripOf });
    expect(next.languages()).toEqual(['deu']);
    expect(await next.read(page('en', ENGLISH))).toBe(ENGLISH);
    expect(readings.slice(2).map((r) => r.languages)).toEqual(['deu', 'eng']);
  });

  it('goes on from the pages themselves when the strip cannot tell, and reads on when it fails', async () => {
    const short = fakeEngine();
    const doc = createDocumentOcr(short.engine, { strip: stripOnly('Inhalt') });
    for (const text of GERMAN.slice(0, 2)) await doc.read(page('de', text));
    // The strip, the first page in English and again in German, the second in German.
    expect(short.readings.map((r) => r.languages)).toEqual(['eng', 'eng', 'deu', 'deu']);

    const failing = fakeEngine();
    const broken = createDocumentOcr(failing.engine, {
      strip: () => ({ strip: new TextEncoder().encode('not a page'), rest: null }),
    });
    expect(await broken.read(page('de', GERMAN[0]!))).toBe(GERMAN[0]);
  });
});

describe('createDocumentOcr reading a page in bands', () => {
  /** A fake page cut across as splitPage cuts a scan: one band a sentence, in the page's language. */
  const bandsOf = (image: Uint8Array, parts: number) => {
    const { tag, text } = JSON.parse(new TextDecoder().decode(image)) as Page;
    const sentences = text.split(/(?<=\.) /);
    if (sentences.length < parts) return null;
    const size = Math.ceil(sentences.length / parts);
    return Array.from({ length: parts }, (_, k) =>
      new TextEncoder().encode(
        JSON.stringify({ tag, text: sentences.slice(k * size, (k + 1) * size).join(' ') }),
      ),
    );
  };

  it('reads the bands at once in the document’s language and joins them top to bottom', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine, { strip: () => null, split: bandsOf });
    expect(await doc.read(page('en', ENGLISH))).toBe(ENGLISH);
    expect(await doc.read(page('en', ENGLISH), undefined, { parts: 2 })).toBe(ENGLISH);
    const [first, second] = ENGLISH.split(/(?<=\.) /);
    expect(readings.slice(1).map((r) => r.page)).toEqual([
      first!.slice(0, 12),
      second!.slice(0, 12),
    ]);
    expect(readings.map((r) => r.languages)).toEqual(['eng', 'eng', 'eng']);
  });

  it('reads the strip of the first page in one band a thread, at once; a strip that cannot be cut whole', async () => {
    const { engine, readings } = fakeEngine();
    const [first, second] = GERMAN[0]!.split(/(?<=\.) /);
    // The strip is the page's first two sentences, the rest of the page none (a page of two).
    const strip = (image: Uint8Array): PageCut => ({
      strip: page(
        'de',
        JSON.parse(new TextDecoder().decode(image))
          .text.split(/(?<=\.) /)
          .slice(0, 2)
          .join(' '),
      ),
      rest: null,
    });
    const doc = createDocumentOcr({ ...engine, threads: 2 }, { strip, split: bandsOf });
    expect(await doc.read(page('de', GERMAN[0]!))).toBe(GERMAN[0]);
    // The strip's two sentences, one a thread, in English (the main language); then the page in
    // German, the language they told.
    expect(readings.map((r) => r.languages)).toEqual(['eng', 'eng', 'deu']);
    expect(readings.slice(0, 2).map((r) => r.page)).toEqual([
      first!.slice(0, 12),
      second!.slice(0, 12),
    ]);

    const single = fakeEngine();
    const whole = createDocumentOcr({ ...single.engine, threads: 2 }, { strip, split: () => null });
    expect(await whole.read(page('de', GERMAN[0]!))).toBe(GERMAN[0]);
    expect(single.readings.map((r) => r.languages)).toEqual(['eng', 'deu']);
  });

  it('reads a page whole when it cannot be cut', async () => {
    const { engine, readings } = fakeEngine();
    const doc = createDocumentOcr(engine, { strip: () => null, split: () => null });
    expect(await doc.read(page('en', ENGLISH), undefined, { parts: 2 })).toBe(ENGLISH);
    expect(readings).toHaveLength(1);
  });
});
