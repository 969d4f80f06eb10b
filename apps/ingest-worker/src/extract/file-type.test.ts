import { readFileSync } from 'node:fs';
import { fixturePath } from '@mnemo/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { extractFile } from './file';
import { detectFileType } from './file-type';
import { failure, buildDoc, buildZip, minimalDocxEntries, storedEntry } from './test-support';

const pdf = readFileSync(fixturePath('pdf', 'minimal-document.pdf'));
const docx = readFileSync(fixturePath('docx', 'single-paragraph.docx'));

describe('detectFileType', () => {
  it('knows PDF, DOCX and DOC by their bytes', async () => {
    expect(await detectFileType(pdf, { filename: 'a.pdf' })).toEqual({ kind: 'pdf' });
    expect(await detectFileType(docx, { filename: 'a.docx' })).toEqual({ kind: 'docx' });
    expect(await detectFileType(buildDoc('x\r'), { filename: 'a.doc' })).toEqual({ kind: 'doc' });
    // Without a name, or with junk before %PDF- (allowed in the first kilobyte).
    expect(await detectFileType(docx)).toEqual({ kind: 'docx' });
    expect(await detectFileType(Buffer.concat([Buffer.from('junk\n'), pdf]))).toEqual({
      kind: 'pdf',
    });
  });

  it('believes the bytes over the name, and says when they disagree', async () => {
    expect(await detectFileType(pdf, { filename: 'report.docx' })).toEqual({
      kind: 'pdf',
      extensionMismatch: 'named .docx, read as pdf',
    });
    expect(await detectFileType(docx, { filename: 'report.doc' })).toEqual({
      kind: 'docx',
      extensionMismatch: 'named .doc, read as docx',
    });
    expect(await detectFileType(pdf, { filename: 'scan' })).toEqual({ kind: 'pdf' });
  });

  it('refuses a zip without word/document.xml, whatever its name', async () => {
    const zip = buildZip([
      storedEntry('notes.txt', 'hello'),
      storedEntry('xl/workbook.xml', '<workbook/>'),
    ]);
    for (const filename of ['notes.zip', 'notes.docx', 'sheet.xlsx']) {
      const err = await failure(detectFileType(zip, { filename }));
      expect([err.code, err.reason]).toEqual(['UNSUPPORTED_FILE', 'not_a_word_file']);
    }
  });

  it('refuses a file named like a document whose bytes are not one', async () => {
    const err = await failure(
      detectFileType(Buffer.from('just some text'), { filename: 'essay.pdf' }),
    );
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'corrupt_file']);
    expect(err.message).toContain('named .pdf');
  });

  it('refuses other kinds of file by name or type', async () => {
    // A GIF: a picture, but not one of the formats read by OCR (PNG, JPEG, WebP, TIFF).
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const byName = await failure(detectFileType(gif, { filename: 'photo.gif' }));
    expect([byName.code, byName.reason]).toEqual(['UNSUPPORTED_FILE', 'unsupported_file']);
    expect(byName.message).toContain('.gif');
    const byType = await failure(detectFileType(gif, { contentType: 'image/gif' }));
    expect(byType.message).toContain('image/gif');
    // A PNG is one (ocr.test.ts reads them).
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
    expect(await detectFileType(png, { filename: 'photo.png' })).toEqual({ kind: 'png' });
  });

  it('refuses an empty file', async () => {
    const err = await failure(detectFileType(Buffer.alloc(0), { filename: 'a.pdf' }));
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'empty_document']);
  });
});

describe('extractFile', () => {
  it('runs the extractor the bytes call for and keeps the content type it was given', async () => {
    const fromPdf = await extractFile({
      data: pdf,
      filename: 'Lecture 1.pdf',
      contentType: 'application/pdf',
    });
    expect([fromPdf.kind, fromPdf.meta.contentType]).toEqual(['pdf', 'application/pdf']);
    const fromDocx = await extractFile({
      data: buildZip(minimalDocxEntries(['Week 3'])),
      filename: 'w3.docx',
    });
    expect([fromDocx.kind, fromDocx.title, fromDocx.meta.contentType]).toEqual([
      'docx',
      'Week 3',
      null,
    ]);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const err = await failure(extractFile({ data: pdf, filename: 'a.pdf' }, { maxBytes: 1000 }));
    expect([err.code, err.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'too_large']);
  });

  it('accepts a Uint8Array view into a larger buffer', async () => {
    const padded = Buffer.concat([Buffer.alloc(16), docx]);
    const view = new Uint8Array(padded.buffer, padded.byteOffset + 16, docx.length);
    expect((await extractFile({ data: view, filename: 'a.docx' })).text).toBe(
      'Walking on imported air',
    );
  });
});
