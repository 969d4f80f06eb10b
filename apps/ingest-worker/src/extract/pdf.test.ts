import { readFileSync } from 'node:fs';
import { fixturePath } from '@mnemo/testing/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractPdf, inlinePdfReader } from './pdf';
import { failure, buildLongPdf, buildPdf } from './test-support';

const pdf = (name: string) => readFileSync(fixturePath('pdf', name));
/** This package's own fixtures (test/fixtures/README.md). */
const localFixture = (name: string) => new URL(`../../test/fixtures/pdf/${name}`, import.meta.url);
const localPdf = (name: string) => readFileSync(localFixture(name));
/** The text of each heading and paragraph of a fixture's HTML source, the PDF's expected text. */
const htmlParagraphs = (name: string) =>
  [...readFileSync(localFixture(name), 'utf8').matchAll(/<(?:h1|p)[^>]*>(.*?)<\/(?:h1|p)>/g)].map(
    (m) => m[1]!.replace(/<[^>]+>/g, ''),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('extractPdf on the fixtures', () => {
  it('minimal-document.pdf: one page, lines joined into a paragraph, hyphenation undone, title from the first line', async () => {
    const result = await extractPdf(pdf('minimal-document.pdf'));
    expect(result.kind).toBe('pdf');
    expect(result.meta.pageCount).toBe(1);
    expect(result.sections.map((s) => s.page)).toEqual([1]);
    expect(result.title).toBe(
      'Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod',
    );
    // "taki-" at a line end and "mata" on the next are one word again.
    expect(result.text).toContain('no sea takimata sanctus est');
    expect(result.text).toContain('sed diam nonumy eirmod tempor invidunt');
    expect(result.text).not.toMatch(/eirmod\ntempor/);
  });

  it('pdflatex-4-pages.pdf: four pages, each a section with its page number', async () => {
    const result = await extractPdf(pdf('pdflatex-4-pages.pdf'));
    expect(result.meta.pageCount).toBe(4);
    expect(result.sections.map((s) => s.page)).toEqual([1, 2, 3, 4]);
    for (const s of result.sections) expect(s.text.split(/\s+/).length).toBeGreaterThan(100);
    expect(result.sections[0]!.text.startsWith('Hello, here is some text without a meaning.')).toBe(
      true,
    );
    expect(result.text).toContain('“Huardest gefburn”');
    // The printed page numbers are not text, and a sentence that runs on to the next page is one
    // sentence in the document's text (page-furniture.ts).
    for (const s of result.sections) expect(s.text).not.toMatch(/\n\s*\d+\s*$/);
    expect(result.text).toContain('If you read this text, you will get no information. Really?');
    expect(result.text).not.toMatch(/(^|\n)\d+(\n|$)/);
  });

  it('multicolumn.pdf: three pages; the title, headings and both columns come out as paragraphs', async () => {
    const result = await extractPdf(pdf('multicolumn.pdf'));
    expect(result.meta.pageCount).toBe(3);
    expect(result.sections.map((s) => s.page)).toEqual([1, 2, 3]);
    expect(result.title).toBe('Two-Column Document with Lorem Ipsum');
    const first = result.sections[0]!.text.split('\n\n');
    expect(first.slice(0, 4)).toEqual([
      'Two-Column Document with Lorem Ipsum',
      'Your Name',
      'January 3, 2024',
      'Abstract',
    ]);
    expect(result.sections[2]!.text).toContain('Austria');
  });

  it('habibi.pdf: right-to-left Arabic comes out in reading order, title from metadata', async () => {
    const result = await extractPdf(pdf('habibi.pdf'));
    expect(result.title).toBe('habibi');
    expect(result.sections.map((s) => s.page)).toEqual([1]);
    expect(result.text).toContain('habibi');
    // حَبيبي in reading order, never as drawn (يبيبَح). This WeasyPrint file maps the text of the
    // whole cluster to two glyphs, so the word is there twice, as the PDF says.
    expect(result.text).toContain('حَبيبي');
    expect(result.text).not.toContain('يبيبَح');
    // Glyphs the PDF maps to no text give none (they gave Greek letters and control characters).
    expect(result.text).toMatch(/^[\p{Script=Arabic}\p{Script=Latin}\p{M} ]+$/u);
  });

  it('a right-to-left page drawn glyph by glyph (Chromium) reads as written: numbers, Latin words, brackets, ligatures', async () => {
    const result = await extractPdf(localPdf('arabic-lesson.pdf'));
    for (const sentence of htmlParagraphs('arabic-lesson.html')) {
      expect(result.text).toContain(sentence);
    }
    // The document's own title (its HTML <title>), from the metadata.
    expect(result.title).toBe('درس');
  });

  it('right-to-left words inside English lines and a Hebrew paragraph read as written', async () => {
    const result = await extractPdf(localPdf('hebrew-arabic-in-english.pdf'));
    const sentences = htmlParagraphs('hebrew-arabic-in-english.html');
    expect(sentences).toHaveLength(3);
    for (const sentence of sentences) expect(result.text).toContain(sentence);
  });

  it('inline-image.pdf: the text beside the image; a placeholder "untitled" is not a title', async () => {
    const result = await extractPdf(pdf('inline-image.pdf'));
    expect(result.text).toBe('Test');
    expect(result.title).toBe('Test');
  });

  it('google-doc-document.pdf: title from the document information, body paragraphs kept', async () => {
    const result = await extractPdf(pdf('google-doc-document.pdf'));
    expect(result.title).toBe('PDF Example Document');
    expect(result.text.startsWith('Example document\n\nBeautiful is better than ugly.')).toBe(true);
    expect(result.text).toContain('Explicit is better than implicit.');
  });

  it('libreoffice-writer-password.pdf: refused as password-protected, permanently', async () => {
    const err = await failure(extractPdf(pdf('libreoffice-writer-password.pdf')));
    expect([err.code, err.reason, err.transient]).toEqual([
      'EXTRACTION_FAILED',
      'password_protected',
      false,
    ]);
    expect(err.message).toMatch(/password-protected/);
  });
});

describe('extractPdf on made-up files', () => {
  it('reads text set in a standard font the PDF does not embed', async () => {
    const result = await extractPdf(
      buildPdf(
        'BT /F1 12 Tf 20 250 Td (Cells divide by mitosis.) Tj 0 -14 Td (The second line of the para-) Tj 0 -14 Td (graph ends here.) Tj 0 -40 Td (A new paragraph.) Tj ET',
      ),
    );
    expect(result.text).toBe(
      'Cells divide by mitosis. The second line of the paragraph ends here.\n\nA new paragraph.',
    );
    expect(result.title).toBe('Cells divide by mitosis.');
  });

  it('says a PDF with only images and shapes needs OCR when OCR is off (ocr.test.ts reads them)', async () => {
    const scan = buildPdf(
      'q 100 0 0 100 10 10 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q 0 0 1 rg 150 150 50 50 re f',
    );
    const err = await failure(extractPdf(scan, { ocr: false }));
    expect([err.code, err.reason, err.transient]).toEqual([
      'EXTRACTION_FAILED',
      'needs_ocr',
      false,
    ]);
    expect(err.message).toMatch(/needs OCR/);
  });

  it('says a damaged file is damaged', async () => {
    for (const bytes of [
      Buffer.from('%PDF-1.7\nthis is not really a pdf'),
      pdf('multicolumn.pdf').subarray(0, 400),
      Buffer.alloc(0),
    ]) {
      const err = await failure(extractPdf(bytes));
      expect([err.code, err.reason, err.transient]).toEqual([
        'EXTRACTION_FAILED',
        'corrupt_file',
        false,
      ]);
    }
  });

  it('never reaches for the network', async () => {
    // pdf.js read in this thread, where the spy can see it (PDF threads have no fetch at all).
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const inline = { reader: inlinePdfReader };
    await extractPdf(pdf('google-doc-document.pdf'), inline);
    await extractPdf(buildPdf('BT /F1 12 Tf 20 250 Td (Standard font) Tj ET'), inline);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('applies the page cap before walking the pages: nothing past the cap is looked at', async () => {
    // 150,000 declared pages, 10 real ones. pdf.js used to check the last page on opening and walk
    // the whole tree to find it (a flat tree of 150,000 pages took minutes and a gigabyte); finding
    // the missing pages, it recounted the document as 10 pages long. Capped first, it never looks.
    const result = await extractPdf(buildLongPdf(150_000, 10), {
      reader: inlinePdfReader,
      maxPages: 5,
    });
    expect(result.sections.map((s) => s.page)).toEqual([1, 2, 3, 4, 5]);
    expect(result.meta).toEqual({
      pageCount: 150_000,
      warnings: ['Only the first 5 of 150000 pages were read.'],
    });
  });

  it('reads at most maxPages pages and says so', async () => {
    const result = await extractPdf(pdf('pdflatex-4-pages.pdf'), { maxPages: 2 });
    expect(result.sections.map((s) => s.page)).toEqual([1, 2]);
    expect(result.meta.warnings).toEqual(['Only the first 2 of 4 pages were read.']);
  });
});

describe('extractPdf on a filled-in form (AcroForm)', () => {
  it('adds the values written into the fields, labelled, to their page', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText('Course enrolment form for the photosynthesis seminar', {
      x: 50,
      y: 780,
      size: 14,
      font,
    });
    const form = doc.getForm();
    const name = form.createTextField('student.name');
    name.setText('Ada Lovelace');
    name.addToPage(page, { x: 50, y: 700, width: 200, height: 20, font });
    const topic = form.createTextField('student.topic');
    topic.setText('Chlorophyll absorbs red and blue light');
    topic.addToPage(page, { x: 50, y: 650, width: 400, height: 20, font });
    const empty = form.createTextField('student.notes');
    empty.addToPage(page, { x: 50, y: 600, width: 200, height: 20, font });
    const level = form.createDropdown('student.level');
    level.addOptions(['Beginner', 'Advanced']);
    level.select('Advanced');
    level.addToPage(page, { x: 50, y: 550, width: 200, height: 20, font });

    const result = await extractPdf(await doc.save(), { reader: inlinePdfReader });
    const text = result.sections[0]!.text;
    expect(text).toContain('Course enrolment form for the photosynthesis seminar');
    expect(text).toContain('name: Ada Lovelace');
    expect(text).toContain('topic: Chlorophyll absorbs red and blue light');
    expect(text).toContain('level: Advanced');
    expect(text).not.toContain('notes:');
    // Once each, although pdf-lib also drew the values into the fields' appearances.
    expect(text.match(/Ada Lovelace/g)).toHaveLength(1);
  });

  it('adds ticked checkboxes ("Yes", or what they stand for) and the chosen radio button, not unticked ones', async () => {
    const { PDFDict, PDFDocument, PDFName, StandardFonts } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText('Field trip consent form', { x: 50, y: 780, size: 14, font });
    const form = doc.getForm();
    const agree = form.createCheckBox('consent.agree');
    agree.addToPage(page, { x: 50, y: 700, width: 20, height: 20 });
    agree.check();
    const newsletter = form.createCheckBox('consent.newsletter');
    newsletter.addToPage(page, { x: 50, y: 650, width: 20, height: 20 });
    // pdf-lib names every radio state by an index (0, 1) with an /Opt array: left out, as a bare
    // number says nothing.
    const byIndex = form.createRadioGroup('transport');
    byIndex.addOptionToPage('Bus', page, { x: 50, y: 600, width: 20, height: 20 });
    byIndex.addOptionToPage('Train', page, { x: 100, y: 600, width: 20, height: 20 });
    byIndex.select('Train');
    // A radio group as Acrobat writes it: each button's on-state named by its option.
    const meal = form.createRadioGroup('meal');
    meal.addOptionToPage('Vegetarian', page, { x: 50, y: 550, width: 20, height: 20 });
    meal.addOptionToPage('Standard', page, { x: 100, y: 550, width: 20, height: 20 });
    meal.select('Vegetarian');
    const options = ['Vegetarian', 'Standard'];
    meal.acroField.getWidgets().forEach((widget, i) => {
      for (const kind of ['N', 'D']) {
        const states = widget.dict.lookup(PDFName.of('AP'), PDFDict).lookup(PDFName.of(kind));
        if (!(states instanceof PDFDict)) continue;
        const on = states.get(PDFName.of(String(i)));
        if (!on) continue;
        states.delete(PDFName.of(String(i)));
        states.set(PDFName.of(options[i]!), on);
      }
      widget.setAppearanceState(PDFName.of(i === 0 ? options[0]! : 'Off'));
    });
    meal.acroField.dict.delete(PDFName.of('Opt'));
    meal.acroField.dict.set(PDFName.of('V'), PDFName.of('Vegetarian'));

    const result = await extractPdf(await doc.save({ updateFieldAppearances: false }), {
      reader: inlinePdfReader,
    });
    const text = result.sections[0]!.text;
    expect(text).toContain('Field trip consent form');
    expect(text).toContain('agree: Yes');
    expect(text).toContain('meal: Vegetarian');
    expect(text).not.toContain('newsletter');
    expect(text).not.toContain('transport');
    expect(text.match(/meal: /g)).toHaveLength(1);
  });
});
