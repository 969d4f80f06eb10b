import { extname } from 'node:path';
import { ExtractionError } from './errors';
import { DEFAULT_ZIP_LIMITS, listZipEntries, type ZipLimits } from './zip-guard';

export type FileKind = 'pdf' | 'docx' | 'doc';

const EXTENSIONS: Record<string, FileKind> = { '.pdf': 'pdf', '.docx': 'docx', '.doc': 'doc' };

const OLE2 = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/** PDF readers accept the header anywhere in the first kilobyte (some producers prepend junk). */
export const looksLikePdf = (data: Uint8Array) =>
  Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024)).includes('%PDF-');

const looksLikeZip = (data: Buffer) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && [0x03, 0x05, 0x07].includes(data[2]!);

/** The part that holds a Word document's body; some producers number it (document2.xml). */
export const isWordMainPart = (name: string) => /^word\/document\d*\.xml$/i.test(name);

export type DetectedFile = {
  kind: FileKind;
  /** The name said one kind and the bytes another; the bytes win, and this says so. */
  extensionMismatch?: string;
};

const describe = (filename: string | null | undefined, contentType: string | null | undefined) =>
  (filename && extname(filename).toLowerCase()) ||
  contentType?.split(';')[0]?.trim() ||
  'this kind of file';

/**
 * What a file is, by its bytes first: %PDF-, an OLE2 compound file (Word 97-2003), or a zip whose
 * directory lists word/document.xml. The name only explains a refusal or flags a mismatch: a file
 * called .docx that is really a PDF is read as the PDF it is, and a .pdf that is not one is refused.
 */
export async function detectFileType(
  data: Buffer,
  {
    filename,
    contentType,
    zipLimits = DEFAULT_ZIP_LIMITS,
  }: { filename?: string | null; contentType?: string | null; zipLimits?: ZipLimits } = {},
): Promise<DetectedFile> {
  const ext = filename ? extname(filename).toLowerCase() : '';
  const named: FileKind | undefined = EXTENSIONS[ext];
  let kind: FileKind | null = null;
  if (data.length === 0) {
    throw new ExtractionError('empty_document', 'This file is empty (0 bytes).');
  }
  if (looksLikePdf(data)) kind = 'pdf';
  else if (data.subarray(0, 8).equals(OLE2)) kind = 'doc';
  else if (looksLikeZip(data)) {
    const entries = await listZipEntries(data, zipLimits);
    if (!entries.some((e) => isWordMainPart(e.name))) {
      throw new ExtractionError(
        'not_a_word_file',
        `This ${ext && ext !== '.docx' ? `${ext} ` : ''}file is a zip archive, not a Word document. Upload a PDF, .doc or .docx file.`,
        { details: { filename: filename ?? null } },
      );
    }
    kind = 'docx';
  }
  if (!kind) {
    if (named) {
      throw new ExtractionError(
        'corrupt_file',
        `This file is named ${ext} but its content is not a ${ext.slice(1).toUpperCase()} document; it may be damaged.`,
        { details: { filename: filename ?? null } },
      );
    }
    throw new ExtractionError(
      'unsupported_file',
      `Mnemo reads PDF and Word documents (.pdf, .doc, .docx), not ${describe(filename, contentType)}.`,
      { details: { filename: filename ?? null, contentType: contentType ?? null } },
    );
  }
  return named && named !== kind
    ? { kind, extensionMismatch: `named ${ext}, read as ${kind}` }
    : { kind };
}
