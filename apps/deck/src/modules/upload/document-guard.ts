import { Transform, type TransformCallback } from 'node:stream';
import {
  FILE_FORMATS,
  HEAD_BYTES,
  kindOfFilename,
  type DocumentKind,
} from '@mnemo/contracts/file-formats';
import { bodyFits, isZipPartOf, ole2StreamName, partOf, readHead } from '@mnemo/contracts/file-sniff';
import type { FileHead } from '@mnemo/contracts/file-formats';
import { AppError } from '@mnemo/service-kit';

export type { DocumentKind };
export { kindOfFilename };

/** The type a stored document gets: decided by what the bytes are, never by what the browser said. */
export const contentTypeOf = (kind: DocumentKind): string => FILE_FORMATS[kind].contentType;

const notA = (kind: DocumentKind) =>
  new AppError('UNSUPPORTED_FILE', `This file is not a valid ${FILE_FORMATS[kind].label}`);

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
/** Where a zip header keeps its name's length, and where the name starts. */
const LOCAL = { nameLength: 26, name: 30 };
const CENTRAL = { nameLength: 28, name: 46 };
/** Longer entry names are never a format's main part; they are not read. */
const MAX_PART_NAME = 512;

/**
 * The entry names in `buf` that sit in a real zip header (a local file header or a central
 * directory one) and fit wholly in `buf`. A name that merely appears in the bytes (inside a
 * stored file, say) is not one.
 */
function zipEntryNames(buf: Buffer): string[] {
  const names: string[] = [];
  for (let at = buf.indexOf('PK'); at >= 0 && at + 4 <= buf.length; at = buf.indexOf('PK', at + 1)) {
    const signature = buf.readUInt32LE(at);
    const layout = signature === ZIP_LOCAL_HEADER ? LOCAL : signature === ZIP_CENTRAL_HEADER ? CENTRAL : null;
    if (!layout || at + layout.name > buf.length) continue;
    const length = buf.readUInt16LE(at + layout.nameLength);
    if (length > MAX_PART_NAME || at + layout.name + length > buf.length) continue;
    names.push(buf.toString('utf8', at + layout.name, at + layout.name + length));
  }
  return names;
}

/**
 * A pass-through stream for one uploaded document that fails, with an AppError, as soon as the bytes
 * are not the promised kind or exceed `maxBytes`. The rules are the shared sniffer's
 * (`@mnemo/contracts/file-sniff`, the same the worker reads files with):
 * - the head (its first `HEAD_BYTES`) must be one the kind's format allows (`%PDF-` within the
 *   first 1024 bytes, a zip, an OLE2 compound file);
 * - a text format must be text throughout (no NUL byte), a saved web page open with markup;
 * - a container must hold its part: a zip entry such as `word/document.xml`, found by its header in
 *   the local headers or the central directory as the bytes stream past, or an OLE2 stream name
 *   such as `WordDocument`.
 * Memory stays constant: only the head and a few hundred bytes across chunk boundaries are kept. An
 * error makes the storage write fail, so nothing of a refused file is kept.
 */
export function documentGuard({ kind, maxBytes, tooLarge }: { kind: DocumentKind; maxBytes: number; tooLarge: () => AppError }): Transform {
  const part = partOf(kind);
  const ole2Name = ole2StreamName(kind);
  const zipPart = !!part && 'zipEntry' in part;
  let seen = 0;
  /** The chunks held back until the head has been judged. */
  let held: Buffer[] = [];
  let headChecked = false;
  let found = !part; // a format without a part needs nothing past its head
  // Enough bytes before a match to read the header it belongs to, or the whole stream name.
  const carry = zipPart ? CENTRAL.name + MAX_PART_NAME : (ole2Name?.length ?? 1) - 1;
  let tail = Buffer.alloc(0);
  let head: FileHead | null = null;

  /** Text formats: every chunk must be text; containers: look for the part. */
  const scan = (chunk: Buffer) => {
    if (head && !bodyFits(kind, chunk, head)) throw notA(kind);
    if (found) return;
    const buf = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    found = zipPart ? zipEntryNames(buf).some((name) => isZipPartOf(kind, name)) : !!ole2Name && buf.indexOf(ole2Name) >= 0;
    tail = Buffer.from(buf.subarray(Math.max(0, buf.length - carry)));
  };

  /** Judges the head once enough bytes (or all of them) arrived, then lets the held chunks go. */
  const checkHead = async (stream: Transform): Promise<void> => {
    headChecked = true;
    const all = Buffer.concat(held);
    held = [];
    head = await readHead(all);
    if (!FILE_FORMATS[kind].head(head)) throw notA(kind);
    scan(all);
    stream.push(all);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) return callback(tooLarge());
      if (headChecked) {
        try {
          scan(chunk);
        } catch (err) {
          return callback(err as AppError);
        }
        return callback(null, chunk);
      }
      held.push(chunk);
      if (seen < HEAD_BYTES) return callback();
      checkHead(this).then(() => callback(), callback);
    },
    flush(callback: TransformCallback) {
      if (seen === 0) return callback(new AppError('UNSUPPORTED_FILE', 'This file is empty'));
      const finish = () => callback(found ? null : notA(kind));
      if (headChecked) return finish();
      checkHead(this).then(finish, callback);
    },
  });
}
