import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, createDeflate } from 'node:zlib';
import { expect } from 'vitest';
import { fixturePath } from '@mnemo/testing/fixtures';
import { ExtractionError } from './errors';
import type { FetchedResponse, Fetcher, FetchInit } from './safe-fetch';
import {
  DEFAULT_YOUTUBE_PLAYER_URL,
  DEFAULT_YOUTUBE_WATCH_URL,
} from '@mnemo/contracts/youtube-player';

/**
 * Small, hand-built files for the extractor tests: the fixtures are real files nobody here wrote,
 * these are the cases no fixture covers (a zip bomb, a Word 97 file, a PDF without text). Each is
 * written byte by byte from the format's specification so the real parsers read it.
 */

// ---------------------------------------------------------------------------------------------
// Zip (PKWARE APPNOTE 4.3.7 local header, 4.3.12 central directory, 4.3.16 end record)

export type ZipSpec = {
  name: string;
  /** The bytes as stored (already deflated when method is 8). */
  stored: Buffer;
  method: 0 | 8;
  /** CRC-32 and size of the unpacked bytes; a test may lie about the size. */
  crc: number;
  uncompressedSize: number;
};

export const storedEntry = (name: string, data: Buffer | string): ZipSpec => {
  const bytes = Buffer.from(data);
  return { name, stored: bytes, method: 0, crc: crc32(bytes), uncompressedSize: bytes.length };
};

export function buildZip(entries: readonly ZipSpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(e.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.stored.length, 20);
    central.writeUInt32LE(e.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.stored);
    centrals.push(central, name);
    offset += local.length + name.length + e.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts a .docx needs for mammoth to read one paragraph per string. */
export function minimalDocxEntries(paragraphs: readonly string[]): ZipSpec[] {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join('');
  return [
    storedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    storedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    storedEntry(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Word 97 (.doc): an OLE2 compound file ([MS-CFB]) holding a WordDocument stream whose FIB points
// at a one-piece table in 1Table ([MS-DOC] 2.5.1 Fib, 2.9.38 Clx).

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;
const STREAM_SECTORS = 8; // 4096 bytes: at the mini-stream cutoff, so no mini FAT is needed.

function directoryEntry(
  name: string,
  type: number,
  start: number,
  size: number,
  links: { left?: number; right?: number; child?: number },
) {
  const entry = Buffer.alloc(128);
  if (name) {
    entry.write(name, 0, 'utf16le');
    entry.writeUInt16LE((name.length + 1) * 2, 64);
  }
  entry.writeUInt8(type, 66);
  entry.writeUInt8(1, 67);
  entry.writeUInt32LE(links.left ?? NO_STREAM, 68);
  entry.writeUInt32LE(links.right ?? NO_STREAM, 72);
  entry.writeUInt32LE(links.child ?? NO_STREAM, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size, 120);
  return entry;
}

/** A .doc whose body is `text` (paragraphs end with \r, as Word stores them); at most 1000 chars. */
export function buildDoc(text: string, { streamName = 'WordDocument' } = {}): Buffer {
  if (text.length > 1000) throw new Error('buildDoc: text too long for one sector run');
  const textOffset = 0x800;
  const word = Buffer.alloc(STREAM_SECTORS * SECTOR);
  word.writeUInt16LE(0xa5ec, 0x0000); // wIdent
  word.writeUInt16LE(0x00c1, 0x0002); // nFib: Word 97
  word.writeUInt16LE(0x0200, 0x000a); // fWhichTblStm: the table is 1Table
  word.writeUInt32LE(textOffset, 0x0018); // fcMin
  word.writeUInt32LE(text.length, 0x004c); // ccpText
  word.writeUInt32LE(0, 0x01a2); // fcClx: at the start of 1Table
  word.writeUInt32LE(1 + 4 + 16, 0x01a6); // lcbClx
  word.write(text, textOffset, 'utf16le');

  const table = Buffer.alloc(STREAM_SECTORS * SECTOR);
  table.writeUInt8(0x02, 0); // Pcdt
  table.writeUInt32LE(16, 1); // PlcPcd: two CPs and one 8-byte PCD
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt16LE(0, 13);
  table.writeUInt32LE(textOffset, 15); // fc without the compressed bit: UTF-16 text
  table.writeUInt16LE(0, 19);

  const header = Buffer.alloc(SECTOR);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // directory at sector 1
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // no mini FAT
  header.writeUInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 76 + i * 4);

  const wordStart = 2;
  const tableStart = wordStart + STREAM_SECTORS;
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  for (const start of [wordStart, tableStart]) {
    for (let s = start; s < start + STREAM_SECTORS; s++) {
      fat.writeUInt32LE(s === start + STREAM_SECTORS - 1 ? END_OF_CHAIN : s + 1, s * 4);
    }
  }

  const directory = Buffer.concat([
    directoryEntry('Root Entry', 5, END_OF_CHAIN, 0, { child: 1 }),
    directoryEntry(streamName, 2, wordStart, word.length, { right: 2 }),
    directoryEntry('1Table', 2, tableStart, table.length, {}),
    directoryEntry('', 0, 0, 0, {}),
  ]);
  return Buffer.concat([header, fat, directory, word, table]);
}

// ---------------------------------------------------------------------------------------------
// PDF (ISO 32000-1 7.5: header, objects, cross-reference table, trailer)

/**
 * A one-page PDF whose page draws `content` (a content stream, or its bytes already compressed with
 * `filter`); fonts: /F1 is Helvetica.
 */
export function buildPdf(content: string | { bytes: Buffer; filter: 'FlateDecode' }): Buffer {
  const stream =
    typeof content === 'string'
      ? `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`
      : `<< /Length ${content.bytes.length} /Filter /${content.filter} >>\nstream\n${content.bytes.toString('latin1')}\nendstream`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A PDF whose flat page tree declares `declared` pages, of which only the first `real` exist: the
 * kids past them refer to objects the file does not have. Each real page says "Page".
 */
export function buildLongPdf(declared: number, real: number): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  const add = (body: string) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${offsets.length} 0 obj\n${body}\nendobj\n`;
  };
  const content = 'BT /F1 12 Tf 20 250 Td (Page) Tj ET';
  const kids = Array.from({ length: declared }, (_, i) => `${i + 5} 0 R`).join(' ');
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(
    `<< /Type /Pages /Kids [${kids}] /Count ${declared} /MediaBox [0 0 300 300] /Resources << /Font << /F1 4 0 R >> >> >>`,
  );
  add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < real; i++) add('<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>');
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A decompression bomb: `text` drawn, then `inflatedBytes` of zeros (whitespace to a content
 * stream), deflated as they are made so the test never holds the inflated bytes. 1 GiB of zeros
 * deflates to about 1 MB.
 */
export async function deflatedBomb(text: string, inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  deflate.write(Buffer.from(`${text}\n`, 'latin1'));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = inflatedBytes; left > 0; left -= zeros.length) {
    const more = deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left));
    if (!more) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

// ---------------------------------------------------------------------------------------------
// A local HTTP server that counts the connections it receives.

export type TestServer = {
  port: number;
  base: string;
  connections: () => number;
  close: () => Promise<void>;
};

/** Listens on `host` (:: also takes IPv4 on a dual-stack machine) at a free port. */
export async function startServer(
  handler: RequestListener,
  host = '127.0.0.1',
): Promise<TestServer> {
  const server = createServer(handler);
  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The recorded answers from youtube-transcript-api's test assets, replayed by URL.
export const youtubeAsset = (name: string) => readFileSync(fixturePath('youtube', name));

export type ReplayAnswer = {
  status?: number;
  body: Buffer | string;
  headers?: Record<string, string>;
};
export type ReplayCall = { url: string; init: FetchInit | undefined };

/**
 * A fetcher that answers YouTube's three requests from fixtures. `watch` may list several answers,
 * given in turn (the consent page, then the video page).
 */
export function replayYoutube({
  watch = ['youtube.html'],
  player = 'youtube.innertube.json',
  transcript = 'transcript.xml',
}: {
  watch?: Array<string | ReplayAnswer>;
  player?: string | ReplayAnswer;
  transcript?: string | ReplayAnswer;
} = {}): Fetcher & { calls: ReplayCall[] } {
  const calls: ReplayCall[] = [];
  const answer = (a: string | ReplayAnswer, url: string): FetchedResponse => {
    const {
      status = 200,
      body,
      headers = {},
    } = typeof a === 'string' ? { body: youtubeAsset(a) } : a;
    return { url, status, headers: new Headers(headers), body: Buffer.from(body) };
  };
  let watchIndex = 0;
  const fetch: Fetcher = async (url, init) => {
    calls.push({ url, init });
    if (url.startsWith(`${DEFAULT_YOUTUBE_WATCH_URL}?`))
      return answer(watch[Math.min(watchIndex++, watch.length - 1)]!, url);
    if (url.startsWith(`${DEFAULT_YOUTUBE_PLAYER_URL}?`)) return answer(player, url);
    if (url.startsWith('https://www.youtube.com/api/timedtext')) return answer(transcript, url);
    throw new Error(`unexpected request ${url}`);
  };
  return Object.assign(fetch, { calls });
}

/** The ExtractionError a promise rejects with (the test fails when it resolves or throws another). */
export async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExtractionError);
  return err as ExtractionError;
}
