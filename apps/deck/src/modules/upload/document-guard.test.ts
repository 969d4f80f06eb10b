import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@mnemo/testing/fixtures';
import { AppError } from '@mnemo/service-kit';
import { documentGuard, kindOfFilename, type DocumentKind } from './document-guard';

/** Streams `bytes` through the guard in chunks of `chunk` bytes; resolves with what came out. */
async function run(kind: DocumentKind, bytes: Buffer, { chunk = 1000, maxBytes = 50 * 1024 * 1024 } = {}) {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(parts),
    documentGuard({ kind, maxBytes, tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'too large') }),
    new Writable({
      write(c: Buffer, _e, cb) {
        out.push(c);
        cb();
      },
    }),
  );
  return Buffer.concat(out);
}

const docx = readFileSync(fixturePath('docx', 'single-paragraph.docx'));
const pdf = readFileSync(fixturePath('pdf', 'minimal-document.pdf'));
/** The head of an OLE2 compound file and a directory entry named WordDocument, as Word 97 writes. */
const wordDoc = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(1024),
  Buffer.from('WordDocument', 'utf16le'),
  Buffer.alloc(512),
]);

describe('the document guard', () => {
  it('passes a real PDF and a real .docx through unchanged, whatever the chunk size', async () => {
    for (const chunk of [1, 7, 64, 65536]) {
      expect((await run('pdf', pdf, { chunk })).equals(pdf)).toBe(true);
      expect((await run('docx', docx, { chunk })).equals(docx)).toBe(true);
    }
    expect((await run('doc', wordDoc, { chunk: 5 })).equals(wordDoc)).toBe(true);
  });

  it('refuses bytes that are not the kind the name promises', async () => {
    const text = Buffer.from('Just some notes, saved as text.\n'.repeat(50));
    await expect(run('pdf', text)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'This file is not a valid PDF document' });
    await expect(run('docx', text)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    await expect(run('doc', text)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    await expect(run('docx', pdf)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    await expect(run('pdf', docx)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });

  it('refuses a zip that is not a Word document, even one that mentions the Word part name elsewhere', async () => {
    await expect(run('docx', readFileSync(fixturePath('docx', 'not-a-docx.zip')))).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    // The same .docx with its main part renamed: still a zip, no longer a Word document.
    const renamed = Buffer.from(docx.toString('latin1').replaceAll('word/document.xml', 'word/documenX.xml'), 'latin1');
    await expect(run('docx', renamed)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
    const mention = Buffer.concat([renamed, Buffer.from('word/document.xml')]);
    await expect(run('docx', mention)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });

  it('accepts a .docx whose main part is numbered (word/document2.xml), as the worker reads it', async () => {
    const zip = await JSZip.loadAsync(docx);
    const main = await zip.file('word/document.xml')!.async('uint8array');
    zip.remove('word/document.xml');
    zip.file('word/document2.xml', main);
    const numbered = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    for (const chunk of [3, 64, 65536]) expect((await run('docx', numbered, { chunk })).equals(numbered)).toBe(true);
  });

  it('passes PowerPoint, EPUB, text, Markdown and saved web pages, and refuses each when the bytes are not one', async () => {
    const zipOf = (files: Record<string, string>) => {
      const z = new JSZip();
      for (const [name, data] of Object.entries(files)) z.file(name, data);
      return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    const pptx = await zipOf({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p:presentation/>' });
    const epub = await zipOf({ mimetype: 'application/epub+zip', 'META-INF/container.xml': '<container/>' });
    const html = Buffer.from('<!-- saved from url=(0019)https://example.com -->\n<html><body><p>Hi</p></body></html>');
    const text = Buffer.from('Plain notes\nwith two lines, and ünïcödé.\n'.repeat(300));
    for (const chunk of [5, 4096, 65536]) {
      expect((await run('pptx', pptx, { chunk })).equals(pptx)).toBe(true);
      expect((await run('epub', epub, { chunk })).equals(epub)).toBe(true);
      expect((await run('html', html, { chunk })).equals(html)).toBe(true);
      expect((await run('txt', text, { chunk })).equals(text)).toBe(true);
      expect((await run('md', text, { chunk })).equals(text)).toBe(true);
    }
    await expect(run('pptx', epub)).rejects.toMatchObject({ message: 'This file is not a valid PowerPoint presentation (.pptx)' });
    await expect(run('epub', docx)).rejects.toMatchObject({ message: 'This file is not a valid EPUB e-book (.epub)' });
    await expect(run('html', text)).rejects.toMatchObject({ message: 'This file is not a valid saved web page (.html)' });
    await expect(run('txt', pdf)).rejects.toMatchObject({ message: 'This file is not a valid text file (.txt)' });
    // Text all the way through: a NUL byte far past the head is caught too.
    const late = Buffer.concat([text, Buffer.from([0]), text]);
    await expect(run('md', late)).rejects.toMatchObject({ message: 'This file is not a valid Markdown file (.md)' });
    await expect(run('txt', Buffer.alloc(0))).rejects.toMatchObject({ message: 'This file is empty' });
  });

  it('refuses an OLE2 file that is not a Word document (a spreadsheet, say)', async () => {
    const workbook = Buffer.concat([wordDoc.subarray(0, 8), Buffer.alloc(1024), Buffer.from('Workbook', 'utf16le')]);
    await expect(run('doc', workbook)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE' });
  });

  it('refuses an empty file and one past the size limit', async () => {
    await expect(run('pdf', Buffer.alloc(0))).rejects.toMatchObject({ message: 'This file is empty' });
    await expect(run('pdf', pdf, { maxBytes: pdf.length - 1 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await run('pdf', pdf, { maxBytes: pdf.length })).length).toBe(pdf.length);
  });

  it('passes pictures of text (PNG, JPEG, WebP, TIFF) by their signature, and refuses one that is another kind', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000)]);
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(5000)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(5000)]);
    const tiff = Buffer.concat([Buffer.from('II*\0'), Buffer.alloc(5000)]);
    for (const [kind, bytes] of [['png', png], ['jpeg', jpeg], ['webp', webp], ['tiff', tiff]] as const) {
      expect((await run(kind, bytes, { chunk: 7 })).equals(bytes)).toBe(true);
    }
    await expect(run('jpeg', png)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'This file is not a valid JPEG image' });
    await expect(run('png', pdf)).rejects.toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'This file is not a valid PNG image' });
    expect(['a.PNG', 'a.jpg', 'a.jpeg', 'a.webp', 'a.tif', 'a.tiff'].map(kindOfFilename)).toEqual(['png', 'jpeg', 'jpeg', 'webp', 'tiff', 'tiff']);
  });

  it('takes the kind from the extension, in any case, and nothing else', () => {
    expect(kindOfFilename('Notes.PDF')).toBe('pdf');
    expect(kindOfFilename('a.docx')).toBe('docx');
    expect(kindOfFilename('a.doc')).toBe('doc');
    expect(kindOfFilename('a.pdf.exe')).toBeNull();
    expect(kindOfFilename('pdf')).toBeNull();
    expect(kindOfFilename('a.odt')).toBeNull();
    expect(kindOfFilename('Slides.PPTX')).toBe('pptx');
    expect(kindOfFilename('book.epub')).toBe('epub');
    expect(kindOfFilename('notes.markdown')).toBe('md');
    expect(kindOfFilename('page.htm')).toBe('html');
  });
});
