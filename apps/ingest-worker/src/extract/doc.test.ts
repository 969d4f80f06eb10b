import { describe, expect, it } from 'vitest';
import { extractDoc } from './doc';
import { extractFile } from './file';
import { failure, buildDoc } from './test-support';

// No .doc is among the shared fixtures; these are Word 97 files written by test-support's buildDoc
// (an OLE2 container, a FIB and a one-piece text table), read by the real word-extractor.

describe('extractDoc', () => {
  it('reads the body of a Word 97 document, one paragraph per paragraph mark', async () => {
    const result = await extractDoc(
      buildDoc('Photosynthesis\rPlants turn light into sugar.\rThey release oxygen.\r'),
    );
    expect(result).toEqual({
      kind: 'doc',
      title: 'Photosynthesis',
      text: 'Photosynthesis\n\nPlants turn light into sugar.\n\nThey release oxygen.',
      sections: [
        { text: 'Photosynthesis\n\nPlants turn light into sugar.\n\nThey release oxygen.' },
      ],
      meta: {},
    });
  });

  it('is chosen for an OLE2 file whatever it is called', async () => {
    const result = await extractFile({ data: buildDoc('Mitosis\r'), filename: 'notes.docx' });
    expect(result.kind).toBe('doc');
    expect(result.meta.warnings).toEqual(['File named .docx, read as doc.']);
  });

  it('refuses an empty document', async () => {
    const err = await failure(extractDoc(buildDoc('\r\r')));
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'empty_document']);
  });

  it('refuses an Office file that is not Word (no WordDocument stream)', async () => {
    const err = await failure(extractDoc(buildDoc('Sheet\r', { streamName: 'Workbook' })));
    expect([err.code, err.reason]).toEqual(['UNSUPPORTED_FILE', 'not_a_word_file']);
  });

  it('says a password-protected Office file is password-protected', async () => {
    const err = await failure(extractDoc(buildDoc('x\r', { streamName: 'EncryptedPackage' })));
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'password_protected']);
  });

  it('says a damaged file is damaged', async () => {
    const damaged = buildDoc('Some text\r');
    // Break the FIB's magic number inside the WordDocument stream (sector 2, after header, FAT, directory).
    damaged.writeUInt16LE(0x0000, 512 * 3);
    const err = await failure(extractDoc(damaged));
    expect([err.code, err.reason]).toEqual(['EXTRACTION_FAILED', 'corrupt_file']);
    const truncated = await failure(extractDoc(buildDoc('Some text\r').subarray(0, 1600)));
    expect(truncated.reason).toBe('corrupt_file');
  });
});
