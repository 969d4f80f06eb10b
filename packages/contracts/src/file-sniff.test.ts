import { describe, expect, it } from 'vitest';
import { DOCUMENT_EXTENSIONS, FILE_FORMATS, kindOfContentType, kindOfFilename } from './file-formats';
import { describeHead, isZipPartOf, kindsForHead, ole2StreamName, readHead, zipKindOf } from './file-sniff';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));

describe('the file sniffer', () => {
  it('tells PDF, zip containers and OLE2 files apart by their first bytes', async () => {
    // A text-only PDF head is text too: the text formats are chosen by name, after the others.
    expect(kindsForHead(await readHead(bytes('%PDF-1.7\n')))).toEqual(['pdf', 'txt', 'md']);
    // Producers may put junk before the header: readers accept it within the first kilobyte.
    expect(kindsForHead(await readHead(bytes('x'.repeat(1000), '%PDF-1.4')))).toContain('pdf');
    expect(kindsForHead(await readHead(bytes('x'.repeat(1020), '%PDF-1.4')))).not.toContain('pdf');
    expect(kindsForHead(await readHead(bytes([0x50, 0x4b, 3, 4, 20, 0], 'rest of a zip')))).toEqual(['docx', 'pptx', 'epub']);
    expect(kindsForHead(await readHead(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0], 'ole')))).toEqual(['doc']);
    // Text has no magic: every text format allows it, a saved web page only with markup.
    expect(kindsForHead(await readHead(bytes('plain words')))).toEqual(['txt', 'md']);
    expect(kindsForHead(await readHead(bytes('<!DOCTYPE html><p>hi')))).toEqual(['txt', 'md', 'html']);
    expect(kindsForHead(await readHead(bytes([0x41, 0, 0x42])))).toEqual([]);
  });

  it('confirms a Word zip by its main part, numbered or not, and nothing else', () => {
    expect(isZipPartOf('docx', 'word/document.xml')).toBe(true);
    expect(isZipPartOf('docx', 'word/document2.xml')).toBe(true);
    expect(isZipPartOf('docx', 'word/documenX.xml')).toBe(false);
    expect(isZipPartOf('pdf', 'word/document.xml')).toBe(false);
    expect(zipKindOf(['docx'], ['[Content_Types].xml', 'word/document2.xml'])).toBe('docx');
    expect(zipKindOf(['docx'], ['xl/workbook.xml'])).toBeNull();
  });

  it('gives the OLE2 stream name a .doc must hold, as its directory spells it', () => {
    expect(Buffer.from(ole2StreamName('doc')!).equals(Buffer.from('WordDocument', 'utf16le'))).toBe(true);
    expect(ole2StreamName('pdf')).toBeNull();
  });

  it('names bytes no format of ours claims, for the refusal', async () => {
    const png = await readHead(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
    expect(describeHead(png)).toBe('PNG (image/png)');
    expect(describeHead(await readHead(bytes('nothing known')))).toBeNull();
  });

  it('does not fail on a head cut inside a zip entry', async () => {
    const cut = bytes([0x50, 0x4b, 3, 4, 20, 0, 0, 0, 8, 0], 'x'.repeat(40));
    expect(kindsForHead(await readHead(cut))).toEqual(['docx', 'pptx', 'epub']);
  });

  it('reads the format a name or a stored type promises', () => {
    expect(kindOfFilename('Notes.PDF')).toBe('pdf');
    expect(kindOfFilename('a.docx')).toBe('docx');
    expect(kindOfFilename('a.doc')).toBe('doc');
    expect(kindOfFilename('a.pdf.exe')).toBeNull();
    expect(kindOfContentType(FILE_FORMATS.docx.contentType)).toBe('docx');
    expect(kindOfContentType('application/pdf; charset=binary')).toBe('pdf');
    expect(kindOfContentType(null)).toBeNull();
    expect(DOCUMENT_EXTENSIONS).toEqual(expect.arrayContaining(['.pdf', '.doc', '.docx']));
  });
});
