import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '@mnemo/service-kit';

export type DocumentKind = 'pdf' | 'docx' | 'doc';

/** The type a stored document gets: decided by what the bytes are, never by what the browser said. */
export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

/** The kind a file name promises by its extension (spec 01 §2.6: .pdf, .doc, .docx), or null. */
export function kindOfFilename(filename: string): DocumentKind | null {
  const match = /\.(pdf|docx|doc)$/i.exec(filename.trim());
  return match ? (match[1]!.toLowerCase() as DocumentKind) : null;
}

const NOT_A: Record<DocumentKind, string> = {
  pdf: 'This file is not a valid PDF document',
  docx: 'This file is not a valid Word document (.docx)',
  doc: 'This file is not a valid Word document (.doc)',
};

const PDF_HEADER = Buffer.from('%PDF-');
/** PDF readers accept the header anywhere in the first 1024 bytes. */
const PDF_HEADER_WITHIN = 1024;
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const DOCX_MAIN_PART = Buffer.from('word/document.xml');
/** Word 97-2003 keeps its text in a stream of this name; OLE2 directory names are UTF-16LE. */
const DOC_MAIN_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * Whether `buf` holds a zip entry named `word/document.xml` at `at`: the name follows a local file
 * header (30 bytes) or a central directory header (46 bytes) whose name length is 17.
 */
function isDocxEntryName(buf: Buffer, at: number): boolean {
  const local = at - 30;
  if (local >= 0 && buf.readUInt32LE(local) === ZIP_LOCAL_HEADER && buf.readUInt16LE(local + 26) === DOCX_MAIN_PART.length) {
    return true;
  }
  const central = at - 46;
  return central >= 0 && buf.readUInt32LE(central) === ZIP_CENTRAL_HEADER && buf.readUInt16LE(central + 28) === DOCX_MAIN_PART.length;
}

/**
 * A pass-through stream for one uploaded document that fails, with an AppError, as soon as the bytes
 * are not the promised kind or exceed `maxBytes`:
 * - pdf: `%PDF-` within the first 1024 bytes;
 * - docx: a zip (local file header first) with a `word/document.xml` entry, found by its header in
 *   the local headers or the central directory as the bytes stream past;
 * - doc: the OLE2 signature and a `WordDocument` stream name.
 * Memory stays constant: only the head and a few dozen bytes across chunk boundaries are kept. An
 * error makes the storage write fail, so nothing of a refused file is kept.
 */
export function documentGuard({ kind, maxBytes, tooLarge }: { kind: DocumentKind; maxBytes: number; tooLarge: () => AppError }): Transform {
  let seen = 0;
  let head = Buffer.alloc(0);
  let headChecked = false;
  let found = kind === 'pdf'; // a PDF needs nothing past its header
  const needle = kind === 'docx' ? DOCX_MAIN_PART : DOC_MAIN_STREAM;
  // Enough bytes before a match to read the zip header it belongs to.
  const carry = needle.length - 1 + 46;
  let tail = Buffer.alloc(0);

  const headOk = (): boolean => {
    if (kind === 'pdf') return head.indexOf(PDF_HEADER) >= 0; // head is the first 1024 bytes
    if (kind === 'docx') return head.length >= 4 && head.readUInt32LE(0) === ZIP_LOCAL_HEADER;
    return head.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC);
  };
  const headNeeded = kind === 'pdf' ? PDF_HEADER_WITHIN : kind === 'docx' ? 4 : OLE2_MAGIC.length;

  const scan = (chunk: Buffer) => {
    if (found) return;
    const buf = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1)) {
      if (kind === 'doc' || isDocxEntryName(buf, at)) {
        found = true;
        break;
      }
    }
    tail = Buffer.from(buf.subarray(Math.max(0, buf.length - carry)));
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) return callback(tooLarge());
      if (!headChecked) {
        head = Buffer.concat([head, chunk.subarray(0, Math.max(0, headNeeded - head.length))]);
        if (head.length >= headNeeded) {
          headChecked = true;
          if (!headOk()) return callback(new AppError('UNSUPPORTED_FILE', NOT_A[kind]));
        }
      }
      scan(chunk);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (seen === 0) return callback(new AppError('UNSUPPORTED_FILE', 'This file is empty'));
      if (!headChecked && !headOk()) return callback(new AppError('UNSUPPORTED_FILE', NOT_A[kind]));
      if (!found) return callback(new AppError('UNSUPPORTED_FILE', NOT_A[kind]));
      callback();
    },
  });
}
