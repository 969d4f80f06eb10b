import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateRawSync, crc32 } from 'node:zlib';
import { fixturePath } from '@mnemo/testing/fixtures';
import mammoth from 'mammoth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DECOMPRESSION_BUDGET } from './decompression-budget';
import { extractDocx } from './docx';
import { extractFile } from './file';
import { failure, buildZip, minimalDocxEntries, storedEntry, type ZipSpec } from './test-support';
import { DEFAULT_ZIP_LIMITS } from './zip-guard';

const docx = (name: string) => readFileSync(fixturePath('docx', name));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('extractDocx on the fixtures', () => {
  it('single-paragraph.docx', async () => {
    const result = await extractDocx(docx('single-paragraph.docx'));
    expect(result).toEqual({
      kind: 'docx',
      title: 'Walking on imported air',
      text: 'Walking on imported air',
      sections: [{ text: 'Walking on imported air' }],
      meta: {},
    });
  });

  it('simple-list.docx: one paragraph per item', async () => {
    const result = await extractDocx(docx('simple-list.docx'));
    expect(result.text).toBe('Apple\n\nBanana');
  });

  it('tables.docx: a row per paragraph, cells separated, text around the table kept', async () => {
    const result = await extractDocx(docx('tables.docx'));
    expect(result.text).toBe(
      'Above\n\nTop left | Top right\n\nBottom left | Bottom right\n\nBelow',
    );
  });

  it('footnotes.docx: the footnotes are kept, their back-links are not, and the title has no markers', async () => {
    const result = await extractDocx(docx('footnotes.docx'));
    expect(result.text).toBe('Ouch[1].[2]\n\nA tachyon walks into a bar.\n\nFin.');
    expect(result.title).toBe('Ouch.');
    expect(result.text).not.toContain('↑');
  });

  it('underline.docx: formatting does not change the text', async () => {
    expect((await extractDocx(docx('underline.docx'))).text).toBe('The Sunset Tree');
  });

  it('utf8-bom.docx: a byte-order mark in the XML is no problem', async () => {
    expect((await extractDocx(docx('utf8-bom.docx'))).text).toBe('This XML has a byte order mark.');
  });

  it('empty.docx: refused as an empty document', async () => {
    const err = await failure(extractDocx(docx('empty.docx')));
    expect([err.code, err.reason, err.transient]).toEqual([
      'EXTRACTION_FAILED',
      'empty_document',
      false,
    ]);
    expect(err.message).toMatch(/empty/);
  });

  it('not-a-docx.zip: refused as a zip that is not a Word file, also when named .docx', async () => {
    for (const filename of ['not-a-docx.zip', 'renamed.docx']) {
      const err = await failure(extractFile({ data: docx('not-a-docx.zip'), filename }));
      expect([err.code, err.reason, err.transient]).toEqual([
        'UNSUPPORTED_FILE',
        'not_a_word_file',
        false,
      ]);
      expect(err.message).toMatch(/not a Word document/);
    }
    const direct = await failure(extractDocx(docx('not-a-docx.zip')));
    expect(direct.reason).toBe('not_a_word_file');
  });
});

describe('extractDocx structure', () => {
  it('turns Word headings into sections and takes the first heading as the title', async () => {
    const heading = (style: string, text: string) =>
      `<w:p><w:pPr><w:pStyle w:val="${style}"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const para = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const body = [
      heading('Heading1', 'Cells'),
      para('Cells are small.'),
      heading('Heading2', 'Mitochondria'),
      para('They make ATP.'),
    ].join('');
    const entries = minimalDocxEntries([]).map((e) =>
      e.name === 'word/document.xml'
        ? storedEntry(
            e.name,
            `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
          )
        : e,
    );
    const result = await extractDocx(buildZip(entries));
    expect(result.title).toBe('Cells');
    expect(result.sections).toEqual([
      { heading: 'Cells', text: 'Cells are small.' },
      { heading: 'Mitochondria', text: 'They make ATP.' },
    ]);
    expect(result.text).toBe('Cells\n\nCells are small.\n\nMitochondria\n\nThey make ATP.');
  });

  it('prefers the title set in the document properties', async () => {
    const core =
      '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Biology notes</dc:title></cp:coreProperties>';
    const result = await extractDocx(
      buildZip([...minimalDocxEntries(['First line']), storedEntry('docProps/core.xml', core)]),
    );
    expect(result.title).toBe('Biology notes');
  });
});

describe('zip bomb protection', () => {
  const deflated = (name: string, data: Buffer, declared = data.length): ZipSpec => ({
    name,
    stored: deflateRawSync(data, { level: 9 }),
    method: 8,
    crc: crc32(data),
    uncompressedSize: declared,
  });

  it('refuses an entry compressed far beyond real documents, before mammoth opens it', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml');
    // 20 MB of zeros in about 20 KB: a thousandfold ratio.
    const bomb = buildZip([
      ...minimalDocxEntries(['hi']),
      deflated('word/media/huge.bin', Buffer.alloc(20 * 1024 * 1024)),
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const err = await failure(extractFile({ data: bomb, filename: 'bomb.docx' }));
    expect([err.code, err.reason, err.transient]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'zip_suspicious_ratio',
      false,
    ]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a document that would unpack past the total cap', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml');
    // 210 entries of 1 MB each (at the ratio floor, so only the total trips).
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const part = deflated('x', megabyte);
    const entries = Array.from({ length: 210 }, (_, i) => ({
      ...part,
      name: `word/media/part${i}.bin`,
    }));
    const err = await failure(
      extractFile({
        data: buildZip([...minimalDocxEntries(['hi']), ...entries]),
        filename: 'big.docx',
      }),
    );
    expect([err.code, err.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'zip_too_large']);
    expect(err.message).toContain('200 MB');
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a zip with too many entries from its end record alone', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml');
    const many = Array.from({ length: DEFAULT_ZIP_LIMITS.maxEntries + 1 }, (_, i) =>
      storedEntry(`word/p${i}.xml`, ''),
    );
    const err = await failure(
      extractFile({
        data: buildZip([...minimalDocxEntries(['hi']), ...many]),
        filename: 'many.docx',
      }),
    );
    expect([err.code, err.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'zip_too_many_entries']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('catches an entry that lies about its size in the headers', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml');
    // Declares 1 KB, unpacks to 4 MB: the header checks pass, unpacking does not.
    const liar = deflated('word/media/liar.bin', Buffer.alloc(4 * 1024 * 1024), 1024);
    const err = await failure(extractDocx(buildZip([...minimalDocxEntries(['hi']), liar])));
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'corrupt_file']);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses one part that would unpack past the budget of a stream, the same budget PDFs get', async () => {
    expect([DEFAULT_ZIP_LIMITS.maxEntryBytes, DEFAULT_ZIP_LIMITS.maxTotalBytes]).toEqual([
      DEFAULT_DECOMPRESSION_BUDGET.maxStreamBytes,
      DEFAULT_DECOMPRESSION_BUDGET.maxDocumentBytes,
    ]);
    const spy = vi.spyOn(mammoth, 'convertToHtml');
    // Random bytes do not compress: only the size of the part trips, not its ratio.
    const part = deflated('word/media/photo.bin', randomBytes(2 * 1024 * 1024));
    const zipLimits = { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 1024 * 1024 };
    const err = await failure(
      extractDocx(buildZip([...minimalDocxEntries(['hi']), part]), { zipLimits }),
    );
    expect([err.code, err.reason, err.transient]).toEqual([
      'PAYLOAD_TOO_LARGE',
      'zip_too_large',
      false,
    ]);
    expect(err.message).toBe(
      'One part of this document would unpack to more than 1 MB, more than Mnemo opens.',
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it('lets a normal document through the same checks', async () => {
    const result = await extractDocx(buildZip(minimalDocxEntries(['Plain and small.'])));
    expect(result.text).toBe('Plain and small.');
  });
});
