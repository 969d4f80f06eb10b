import { extname } from 'node:path';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_NAMES,
  FILE_FORMATS,
  kindOfFilename,
  type DocumentKind,
} from '@mnemo/contracts/file-formats';
import {
  bodyFits,
  describeHead,
  isTextKind,
  isZipPartOf,
  kindsForHead,
  partOf,
  readHead,
  zipKindOf,
} from '@mnemo/contracts/file-sniff';
import { ExtractionError } from './errors';
import { DEFAULT_ZIP_LIMITS, listZipEntries, type ZipLimits } from './zip-guard';

export type FileKind = DocumentKind;

/** The part that holds a Word document's body; some producers number it (document2.xml). */
export const isWordMainPart = (name: string) => isZipPartOf('docx', name);

export type DetectedFile = {
  kind: FileKind;
  /** The name said one kind and the bytes another; the bytes win, and this says so. */
  extensionMismatch?: string;
};

/** What Mnemo reads, for refusals. */
const READS = `${DOCUMENT_NAMES} files (${DOCUMENT_EXTENSIONS.join(', ')})`;

/** What a refused file is: its name ending, else its declared type, else what its bytes are. */
const describe = (
  filename: string | null | undefined,
  contentType: string | null | undefined,
  bytesAre: string | null,
) =>
  (filename && extname(filename).toLowerCase()) ||
  contentType?.split(';')[0]?.trim() ||
  bytesAre ||
  'this kind of file';

/**
 * What a file is, by its bytes first, through the shared sniffer (`@mnemo/contracts/file-sniff`,
 * the same rules the deck's upload guard applies): %PDF-, an OLE2 compound file (Word 97-2003), a
 * zip whose directory lists a format's main part (.docx, .pptx, .epub), or, for a file named as
 * text (.txt, .md, .html), bytes that are text throughout. The zip's directory is read through the zip
 * guard, so a bomb is refused before anything is unpacked. An OLE2 file is taken as a .doc here and
 * its reader names what else it might be (a workbook, an encrypted package). The name only explains
 * a refusal or flags a mismatch: a file called .docx that is really a PDF is read as the PDF it is,
 * and a .pdf that is not one is refused.
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
  const named = filename ? kindOfFilename(filename) : null;
  if (data.length === 0) {
    throw new ExtractionError('empty_document', 'This file is empty (0 bytes).');
  }
  const head = await readHead(data);
  const candidates = kindsForHead(head);
  const binary = candidates.filter((kind) => !isTextKind(kind));
  const zipCandidates = binary.filter((kind) => {
    const part = partOf(kind);
    return !!part && 'zipEntry' in part;
  });
  // The bytes decide among the binary formats; a text file has no magic, so its name decides.
  let kind: FileKind | null = binary.find((k) => !zipCandidates.includes(k)) ?? null;
  if (!kind && zipCandidates.length > 0) {
    const entries = await listZipEntries(data, zipLimits);
    kind = zipKindOf(
      zipCandidates,
      entries.map((e) => e.name),
    );
    if (!kind && named && named !== 'docx' && zipCandidates.includes(named)) {
      throw new ExtractionError(
        'not_a_document_archive',
        `This file is a zip archive, not a ${FILE_FORMATS[named].label}.`,
        { details: { filename: filename ?? null } },
      );
    }
    if (!kind) {
      throw new ExtractionError(
        'not_a_word_file',
        `This ${ext && ext !== '.docx' ? `${ext} ` : ''}file is a zip archive, not a Word document. Upload a PDF, .doc or .docx file.`,
        { details: { filename: filename ?? null } },
      );
    }
  }
  if (!kind && named && isTextKind(named)) {
    if (!candidates.includes(named) || !bodyFits(named, data, head)) {
      throw new ExtractionError(
        'not_text',
        named === 'html' && candidates.length > 0 && bodyFits(named, data, head)
          ? `This file is named ${ext} but it is not a web page: it has no HTML markup.`
          : `This file is named ${ext} but its content is not text (it looks like a binary file).`,
        { details: { filename: filename ?? null } },
      );
    }
    kind = named;
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
      `Mnemo reads ${READS}, not ${describe(filename, contentType, describeHead(head))}.`,
      { details: { filename: filename ?? null, contentType: contentType ?? null } },
    );
  }
  return named && named !== kind
    ? { kind, extensionMismatch: `named ${ext}, read as ${kind}` }
    : { kind };
}
