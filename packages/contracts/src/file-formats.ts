/**
 * The document formats Mnemo reads, one entry each: what a name ending promises, the type a stored
 * file gets, how it is called in messages, and how its bytes are recognised. The deck's upload
 * guard and the worker's reader both decide from this table (`file-sniff.ts` runs it), so the two
 * sides of the queue cannot disagree about what a file is. A new format is one entry here (plus its
 * reader in the worker).
 *
 * Plain data and pure predicates only: the web app imports this file for its file pickers, so it
 * must not pull the sniffing library into the browser bundle.
 */

/** What the first bytes of a file are, as `file-sniff.ts` reads them once for every format. */
export type FileHead = {
  /** The first `HEAD_BYTES` bytes (fewer when the file is shorter). */
  bytes: Uint8Array;
  /** The `file-type` library's verdict on those bytes, when it knows them. */
  detected?: { ext: string; mime: string } | undefined;
};

/** How many leading bytes the sniffer reads: file-type's own sample size, past PDF's 1 KB window. */
export const HEAD_BYTES = 4100;

export type FileFormat = {
  /** Lower-case name endings, with the dot. */
  extensions: readonly string[];
  /** The type a stored file of this format gets: decided by the bytes, never by what the browser said. */
  contentType: string;
  /** Its name in messages: "This file is not a valid {label}". */
  label: string;
  /** Its short name in lists of what may be uploaded: "PDF, Word or PowerPoint files". */
  name: string;
  /** Whether a file may be of this format, judged by its first bytes alone. */
  head: (head: FileHead) => boolean;
  /**
   * A container format is confirmed by a part inside it, which the head cannot show: a zip entry
   * (matched by name) or an OLE2 stream (by its directory name).
   */
  part?: { zipEntry: (name: string) => boolean } | { ole2Stream: string };
  /**
   * Text formats have no magic bytes: every chunk of the file must pass this (the head decides
   * UTF-16, whose ASCII is half NUL bytes). Several text formats share one head; the name chooses.
   */
  body?: (chunk: Uint8Array, head: FileHead) => boolean;
};

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/** PDF readers accept the header anywhere in the first 1024 bytes (some producers prepend junk). */
const PDF_HEADER_WITHIN = 1024;
const isPdf = ({ bytes }: FileHead) => {
  const end = Math.min(bytes.length, PDF_HEADER_WITHIN) - PDF_MAGIC.length;
  for (let at = 0; at <= end; at++) if (startsWith(bytes, PDF_MAGIC, at)) return true;
  return false;
};
/**
 * A zip: a local file header, or an empty (PK\5\6) or spanned (PK\7\8) archive, which hold no
 * document but are still refused as "a zip archive, not a ..." rather than as unknown bytes.
 */
const isZip = ({ bytes }: FileHead) =>
  startsWith(bytes, [0x50, 0x4b]) && [0x03, 0x05, 0x07].includes(bytes[2] ?? -1);
/** An OLE2 compound file (Office 97-2003). */
const isOle2 = ({ bytes }: FileHead) =>
  startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const isPng = ({ bytes }: FileHead) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg = ({ bytes }: FileHead) => startsWith(bytes, [0xff, 0xd8, 0xff]);
/** RIFF, a size, then WEBP. */
const isWebp = ({ bytes }: FileHead) =>
  startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
/** Little-endian (II*\0) or big-endian (MM\0*). */
const isTiff = ({ bytes }: FileHead) =>
  startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]);
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];
const isUtf16 = ({ bytes }: FileHead) => UTF16_BOMS.some((bom) => startsWith(bytes, bom));
/**
 * Text: no NUL byte (binary files are full of them; UTF-8 and legacy 8-bit text never has one),
 * unless the file opens with a UTF-16 byte order mark.
 */
const textBody = (chunk: Uint8Array, head: FileHead) => isUtf16(head) || !chunk.includes(0);
const isText = (head: FileHead) => head.bytes.length > 0 && textBody(head.bytes, head);
/** A saved web page opens with markup (a doctype, <html>, or "saved from" comment) near its start. */
const isHtmlPage = (head: FileHead) => {
  if (!isText(head)) return false;
  const start = isUtf16(head)
    ? new TextDecoder(head.bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(head.bytes)
    : new TextDecoder('latin1').decode(head.bytes);
  return /<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(start);
};

/*
 * Why the zip formats keep their own entry rule rather than file-type's verdict: file-type calls a
 * zip "docx" from the type `[Content_Types].xml` declares (or from a `word/` folder) and stops there;
 * it never looks for the part a reader needs, and it needs the whole archive to seek in. Ours asks
 * for that part by name, which the deck's guard can see in the entry headers as an upload streams
 * past and the worker reads from the central directory. PDF keeps its own rule too: file-type wants
 * `%PDF` at byte 0, readers (and ours) accept it within the first kilobyte.
 */
export const FILE_FORMATS = {
  pdf: {
    name: 'PDF',
    extensions: ['.pdf'],
    contentType: 'application/pdf',
    label: 'PDF document',
    head: isPdf,
  },
  doc: {
    name: 'Word',
    extensions: ['.doc'],
    contentType: 'application/msword',
    label: 'Word document (.doc)',
    head: isOle2,
    // Word 97-2003 keeps its text in a stream of this name.
    part: { ole2Stream: 'WordDocument' },
  },
  docx: {
    name: 'Word',
    extensions: ['.docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word document (.docx)',
    head: isZip,
    // Some producers number the main part (word/document2.xml); the [Content_Types].xml override
    // names it, and mammoth follows that.
    part: { zipEntry: (name: string) => /^word\/document\d*\.xml$/i.test(name) },
  },
  pptx: {
    name: 'PowerPoint',
    extensions: ['.pptx'],
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint presentation (.pptx)',
    head: isZip,
    part: { zipEntry: (name: string) => name === 'ppt/presentation.xml' },
  },
  epub: {
    name: 'EPUB',
    extensions: ['.epub'],
    contentType: 'application/epub+zip',
    label: 'EPUB e-book (.epub)',
    head: isZip,
    // Every EPUB (2 and 3) points to its package document from here.
    part: { zipEntry: (name: string) => name === 'META-INF/container.xml' },
  },
  txt: {
    name: 'text',
    extensions: ['.txt'],
    contentType: 'text/plain',
    label: 'text file (.txt)',
    head: isText,
    body: textBody,
  },
  md: {
    name: 'Markdown',
    extensions: ['.md', '.markdown'],
    contentType: 'text/markdown',
    label: 'Markdown file (.md)',
    head: isText,
    body: textBody,
  },
  html: {
    name: 'saved web page',
    extensions: ['.html', '.htm'],
    contentType: 'text/html',
    label: 'saved web page (.html)',
    head: isHtmlPage,
    body: textBody,
  },
  // Pictures of text (a scanned page, a photographed handout), read by OCR (issue 22).
  png: { extensions: ['.png'], contentType: 'image/png', name: 'picture', label: 'PNG image', head: isPng },
  jpeg: { extensions: ['.jpg', '.jpeg'], contentType: 'image/jpeg', name: 'picture', label: 'JPEG image', head: isJpeg },
  webp: { extensions: ['.webp'], contentType: 'image/webp', name: 'picture', label: 'WebP image', head: isWebp },
  tiff: { extensions: ['.tif', '.tiff'], contentType: 'image/tiff', name: 'picture', label: 'TIFF image', head: isTiff },
} as const satisfies Record<string, FileFormat>;

export type DocumentKind = keyof typeof FILE_FORMATS;
/** The formats read by OCR as one picture. */
export const IMAGE_KINDS = ['png', 'jpeg', 'webp', 'tiff'] as const satisfies readonly DocumentKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const isImageKind = (kind: DocumentKind): kind is ImageKind =>
  (IMAGE_KINDS as readonly DocumentKind[]).includes(kind);
export const DOCUMENT_KINDS = Object.keys(FILE_FORMATS) as DocumentKind[];

/** The format a file name promises by its ending, or null. */
export function kindOfFilename(filename: string): DocumentKind | null {
  const lower = filename.trim().toLowerCase();
  return (
    DOCUMENT_KINDS.find((kind) =>
      (FILE_FORMATS[kind] as FileFormat).extensions.some((ext) => lower.endsWith(ext)),
    ) ?? null
  );
}

/** The format a stored content type stands for, or null. */
export const kindOfContentType = (contentType: string | null | undefined): DocumentKind | null =>
  DOCUMENT_KINDS.find((kind) => FILE_FORMATS[kind].contentType === contentType?.split(';')[0]?.trim()) ??
  null;

/** Every accepted name ending, in table order. */
export const DOCUMENT_EXTENSIONS: readonly string[] = DOCUMENT_KINDS.flatMap(
  (kind) => FILE_FORMATS[kind].extensions,
);

/** The formats' short names in one phrase: "PDF, Word, PowerPoint, ... or saved web page". */
export const DOCUMENT_NAMES: string = (() => {
  const names = [...new Set(DOCUMENT_KINDS.map((kind) => (FILE_FORMATS[kind] as FileFormat).name))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
})();
