import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { exchangeError } from './errors';
import { APKG_ZIP_LIMITS } from './limits';

export type ZipCaps = {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioFloorBytes: number;
};

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const bomb = (message: string, details: Record<string, unknown>) =>
  exchangeError('EXCHANGE_ZIP_BOMB', message, { details });

/**
 * The entries `wanted` picks, unpacked into memory with every cap checked twice: first against what
 * the central directory declares (entry count, sizes, compression ratio), then against the bytes
 * actually inflated, counted as they arrive and stopped at the cap (yauzl also fails an entry whose
 * real size differs from its declared one). Entries not wanted are still measured, so a bomb hidden
 * in a media file is refused as well.
 */
export async function readZip(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  caps: ZipCaps = APKG_ZIP_LIMITS,
): Promise<Map<string, Buffer>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
        err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
      ),
    );
  } catch (cause) {
    throw exchangeError('EXCHANGE_BAD_FILE', 'This file is not a zip archive, so it is not an Anki deck (.apkg).', { cause });
  }
  if (zip.entryCount > caps.maxEntries) {
    zip.close();
    throw bomb(`This archive holds ${zip.entryCount} files, more than an Anki deck Mnemo opens (${caps.maxEntries}).`, {
      entryCount: zip.entryCount,
      maxEntries: caps.maxEntries,
    });
  }
  const found = new Map<string, Buffer>();
  let total = 0;
  let declaredTotal = 0;
  const onEntry = (entry: Entry) =>
    new Promise<void>((resolve, reject) => {
      const name = entry.fileName;
      if (name.endsWith('/')) return resolve();
      if (entry.uncompressedSize > caps.maxEntryBytes) {
        return reject(bomb(`A file in this archive would unpack to more than ${mib(caps.maxEntryBytes)}.`, { entry: name.slice(0, 200) }));
      }
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > caps.maxTotalBytes) {
        return reject(bomb(`This archive would unpack to more than ${mib(caps.maxTotalBytes)}.`, { maxTotalBytes: caps.maxTotalBytes }));
      }
      if (entry.uncompressedSize > caps.ratioFloorBytes && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > caps.maxRatio) {
        return reject(
          bomb('This archive is compressed far more than real decks are (it looks like a zip bomb), so it was not opened.', {
            entry: name.slice(0, 200),
            ratio: Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1)),
          }),
        );
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('no stream'));
        const keep = wanted(name);
        const chunks: Buffer[] = [];
        let unpacked = 0;
        stream.on('data', (chunk: Buffer) => {
          unpacked += chunk.length;
          total += chunk.length;
          if (unpacked > caps.maxEntryBytes || total > caps.maxTotalBytes) {
            stream.destroy();
            reject(bomb(`This archive would unpack to more than ${mib(caps.maxTotalBytes)}.`, { entry: name.slice(0, 200) }));
            return;
          }
          if (keep) chunks.push(chunk);
        });
        stream.on('error', reject);
        stream.on('end', () => {
          if (keep) found.set(name, Buffer.concat(chunks));
          resolve();
        });
      });
    });
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(err);
      };
      zip.on('error', fail);
      zip.on('end', () => (failed ? undefined : resolve()));
      zip.on('entry', (entry: Entry) => {
        onEntry(entry).then(() => (failed ? undefined : zip.readEntry()), fail);
      });
      zip.readEntry();
    });
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'ExchangeError') throw cause;
    throw exchangeError('EXCHANGE_BAD_FILE', 'This archive is damaged, so it could not be opened.', { cause });
  }
  return found;
}
