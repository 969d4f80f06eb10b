import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_KINDS,
  FILE_FORMATS,
  HEAD_BYTES,
  type DocumentKind,
  type FileFormat,
  type FileHead,
} from './file-formats';

/**
 * The one file sniffer, run by the deck's upload guard (on the head of a stream) and by the worker
 * (on the whole file) over the format table in `file-formats.ts`. Server-side only: it loads the
 * `file-type` library, which names bytes no entry of ours claims (for refusals) and recognises
 * the formats whose magic is not a fixed prefix.
 */

/** Reads a file's head once for every format's check. */
export async function readHead(bytes: Uint8Array): Promise<FileHead> {
  const head = bytes.subarray(0, HEAD_BYTES);
  let detected: FileHead['detected'];
  try {
    const found = await fileTypeFromBuffer(head);
    if (found) detected = { ext: found.ext, mime: found.mime };
  } catch {
    // A head cut inside a container can trip file-type's parsers: it simply does not know the bytes.
  }
  return { bytes: head, detected };
}

/** The formats a head allows, in table order (several zip formats share one head). */
export const kindsForHead = (head: FileHead): DocumentKind[] =>
  DOCUMENT_KINDS.filter((kind) => (FILE_FORMATS[kind] as FileFormat).head(head));

/** What confirms a container format from inside, or null when its head is enough. */
export const partOf = (kind: DocumentKind): FileFormat['part'] | null =>
  (FILE_FORMATS[kind] as FileFormat).part ?? null;

/** Whether a zip entry of this name confirms a file of `kind`. */
export function isZipPartOf(kind: DocumentKind, entryName: string): boolean {
  const part = partOf(kind);
  return !!part && 'zipEntry' in part && part.zipEntry(entryName);
}

/** The bytes an OLE2 directory holds for the stream `kind` needs (names are UTF-16LE), or null. */
export function ole2StreamName(kind: DocumentKind): Uint8Array | null {
  const part = partOf(kind);
  if (!part || !('ole2Stream' in part)) return null;
  const name = part.ole2Stream;
  const bytes = new Uint8Array(name.length * 2);
  for (let i = 0; i < name.length; i++) bytes[i * 2] = name.charCodeAt(i);
  return bytes;
}

/** Among the zip formats a head allowed, the first one whose part is among `entryNames`. */
export const zipKindOf = (
  candidates: readonly DocumentKind[],
  entryNames: readonly string[],
): DocumentKind | null =>
  candidates.find((kind) => entryNames.some((name) => isZipPartOf(kind, name))) ?? null;

/** What the bytes are, when file-type knows them: "PNG (image/png)". */
export const describeHead = (head: FileHead): string | null =>
  head.detected ? `${head.detected.ext.toUpperCase()} (${head.detected.mime})` : null;

/** A text format: no magic bytes, chosen by name among the text formats its head allows. */
export const isTextKind = (kind: DocumentKind): boolean => !!(FILE_FORMATS[kind] as FileFormat).body;

/** Whether `chunk` (any part of the file) fits `kind`'s body rule; true for formats without one. */
export const bodyFits = (kind: DocumentKind, chunk: Uint8Array, head: FileHead): boolean =>
  (FILE_FORMATS[kind] as FileFormat).body?.(chunk, head) ?? true;
