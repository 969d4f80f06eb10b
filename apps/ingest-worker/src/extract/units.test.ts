import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { splitUnits } from '@mnemo/contracts/curriculum';
import { extractFile } from './file';

/**
 * Curriculum to space (issue 23): what the extractors give, split into units by the contracts'
 * splitter. Real fixtures have no chapters (one unit each, titled after the document); the
 * multi-chapter documents are written here with the same libraries Word and LaTeX output is read with.
 */
const FIXTURES = process.env.MNEMO_FIXTURES_DIR ?? '/work/shared/fixtures';
const CHAPTERS = ['Cells and membranes', 'Energy and respiration', 'Genetics and inheritance'];
const paragraph = (topic: string, i: number) =>
  `${topic} lesson ${i}: the learner reads how ${topic.toLowerCase()} work, with an example from the laboratory and a question to think about.`;
const body = (topic: string, n = 14) => Array.from({ length: n }, (_, i) => paragraph(topic, i));

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** A Word document with a title, then each chapter as a Heading 1 over its paragraphs. */
async function chapteredDocx(): Promise<Buffer> {
  const p = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
  const paras = [p('Biology 7B course notes', 'Title'), ...CHAPTERS.flatMap((c, i) => [p(`Chapter ${i + 1}: ${c}`, 'Heading1'), ...body(c).map((t) => p(t))])];
  const zip = new JSZip();
  zip.file('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`);
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`);
  zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>`);
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paras.join('')}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A PDF whose chapters open with a "Chapter N" line, as LaTeX's book class prints them. */
async function chapteredPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.setTitle('Biology 7B');
  for (const [i, c] of CHAPTERS.entries()) {
    for (let part = 0; part < 2; part++) {
      const page = pdf.addPage([612, 792]);
      let y = 740;
      const line = (text: string, size = 10) => {
        page.drawText(text, { x: 40, y, size, font });
        y -= size + 8;
      };
      if (part === 0) line(`Chapter ${i + 1} ${c}`, 18);
      for (const t of body(c, 7).map((t) => t.replace(`lesson`, `lesson ${part}.`))) {
        line(t.slice(0, 95));
        line(t.slice(95));
      }
    }
  }
  return pdf.save();
}

describe('curriculum units from extracted documents', () => {
  it('gives a Word document one unit per Heading 1 chapter, titled after it', async () => {
    const extracted = await extractFile({ data: await chapteredDocx(), filename: 'biology.docx' });
    const units = splitUnits(extracted.sections, { fallbackTitle: extracted.title });
    expect(units.map((u) => u.title)).toEqual(CHAPTERS.map((c, i) => `Chapter ${i + 1}: ${c}`));
    expect(units[1]!.text).toContain('Energy and respiration lesson 13');
    expect(units[1]!.text).not.toContain('Genetics');
  });

  it('gives a PDF one unit per chapter line, across its pages', async () => {
    const extracted = await extractFile({ data: await chapteredPdf(), filename: 'biology.pdf' });
    const units = splitUnits(extracted.sections, { fallbackTitle: extracted.title });
    expect(units.map((u) => u.title)).toEqual(CHAPTERS.map((c, i) => `Chapter ${i + 1} ${c}`));
    expect(units[0]!.text).toContain('lesson 1.');
    expect(units[2]!.text).not.toContain('Energy');
  });

  it('gives Markdown one unit per chapter heading', async () => {
    const md = CHAPTERS.map((c, i) => `# Unit ${i + 1}: ${c}\n\n${body(c).join('\n\n')}`).join('\n\n');
    const extracted = await extractFile({ data: Buffer.from(md), filename: 'biology.md' });
    expect(splitUnits(extracted.sections).map((u) => u.title)).toEqual(CHAPTERS.map((c, i) => `Unit ${i + 1}: ${c}`));
  });

  it('keeps each real fixture without chapters whole, as one unit titled after the document', async () => {
    for (const dir of ['pdf', 'docx']) {
      for (const name of readdirSync(join(FIXTURES, dir))) {
        let extracted;
        try {
          extracted = await extractFile({ data: readFileSync(join(FIXTURES, dir, name)), filename: name });
        } catch {
          continue; // the fixtures that are refused (empty, password, not Word) have their own tests
        }
        const units = splitUnits(extracted.sections, { fallbackTitle: extracted.title });
        expect(units, name).toHaveLength(1);
        expect(units[0]!.title, name).toBe((extracted.title ?? '').replace(/\s+/g, ' ').trim().slice(0, 120).trim() || units[0]!.title);
        expect(units[0]!.text.length, name).toBeGreaterThan(0);
      }
    }
  });
});
