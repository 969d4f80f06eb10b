import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DEFAULT_DECOMPRESSION_BUDGET, mebibytes } from './decompression-budget';
import { ExtractionError } from './errors';

/**
 * The guard every zip-based reader goes through (.docx today; any other zip container, such as
 * .pptx or .epub, calls the same functions before its parser sees the file). A zip is opened only
 * after its central directory says it is sane: a bounded number of entries, a bounded unpacked size
 * for each entry and for all of them (the decompression budget shared with PDFs,
 * decompression-budget.ts), and no entry compressed far beyond what real documents compress to (a
 * zip bomb unpacks a few kilobytes into gigabytes). Those figures are declared by the file itself,
 * so a second pass unpacks every entry with yauzl checking that each really has the size it
 * declares, counting the bytes, and stopping at the caps: a lying header is caught before the
 * parser (mammoth's zip reader does not check sizes) ever sees the file.
 */
export type ZipLimits = {
  maxEntries: number;
  /** Unpacked bytes of one entry at most. */
  maxEntryBytes: number;
  /** Unpacked bytes of all entries together at most. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio for an entry bigger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxEntryBytes: DEFAULT_DECOMPRESSION_BUDGET.maxStreamBytes,
  maxTotalBytes: DEFAULT_DECOMPRESSION_BUDGET.maxDocumentBytes,
  // Word XML compresses 5-20x, highly repetitive tables rarely past 50x; deflate tops out near 1000x.
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export type ZipEntryInfo = {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  encrypted: boolean;
};

const open = (buffer: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    );
  });

const damaged = (cause: unknown) =>
  new ExtractionError(
    'corrupt_file',
    'This file is damaged or is not a valid document, so it could not be opened.',
    {
      cause,
    },
  );

/**
 * yauzl refuses an entry whose name climbs out of the archive ("../../etc/passwd") or is absolute:
 * nothing here writes entries to disk, but such a name only comes from a crafted file, and the
 * learner is told so rather than that the file is damaged.
 */
const UNSAFE_NAME = /^(invalid relative path|absolute path): (.*)$/s;
const unsafePath = (entry: string) =>
  new ExtractionError(
    'unsafe_zip_path',
    'This file contains a part whose path points outside the document (a crafted archive), so it was not opened.',
    { details: { entry: entry.slice(0, 200) } },
  );
/** A zip error as the learner should read it. */
const zipFailure = (err: unknown) => {
  if (err instanceof ExtractionError) return err;
  const unsafe = err instanceof Error ? UNSAFE_NAME.exec(err.message) : null;
  return unsafe ? unsafePath(unsafe[2] ?? '') : damaged(err);
};

const tooLarge = (limits: ZipLimits) =>
  new ExtractionError(
    'zip_too_large',
    `This document would unpack to more than ${mebibytes(limits.maxTotalBytes)}, more than Mnemo opens.`,
    { details: { maxTotalBytes: limits.maxTotalBytes } },
  );

const entryTooLarge = (limits: ZipLimits, entry: string) =>
  new ExtractionError(
    'zip_too_large',
    `One part of this document would unpack to more than ${mebibytes(limits.maxEntryBytes)}, more than Mnemo opens.`,
    { details: { entry, maxEntryBytes: limits.maxEntryBytes } },
  );

/** Walks the entries one at a time; `onEntry` may open the entry's stream before the next is read. */
async function eachEntry(
  zip: ZipFile,
  onEntry: (entry: Entry) => Promise<void> | void,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(err);
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (!failed) resolve();
    });
    zip.on('entry', (entry: Entry) => {
      Promise.resolve()
        .then(() => onEntry(entry))
        .then(() => {
          if (!failed) zip.readEntry();
        }, fail);
    });
    zip.readEntry();
  });
}

/**
 * The entries of a zip, from its central directory only (nothing is unpacked), refused when the
 * declared figures break the limits.
 */
export async function listZipEntries(
  buffer: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipEntryInfo[]> {
  let zip: ZipFile;
  try {
    zip = await open(buffer);
  } catch (err) {
    throw zipFailure(err);
  }
  // The end-of-central-directory record gives the count before a single entry is read.
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ExtractionError(
      'zip_too_many_entries',
      `This file holds more than ${limits.maxEntries} parts, far more than a document has, so it was not opened.`,
      { details: { entryCount: zip.entryCount, maxEntries: limits.maxEntries } },
    );
  }
  const entries: ZipEntryInfo[] = [];
  let total = 0;
  try {
    await eachEntry(zip, (entry) => {
      const info = {
        name: entry.fileName,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        encrypted: entry.isEncrypted(),
      };
      if (info.uncompressedSize > limits.maxEntryBytes) throw entryTooLarge(limits, info.name);
      total += info.uncompressedSize;
      if (total > limits.maxTotalBytes) throw tooLarge(limits);
      if (
        info.uncompressedSize > limits.ratioFloorBytes &&
        info.uncompressedSize / Math.max(info.compressedSize, 1) > limits.maxRatio
      ) {
        throw new ExtractionError(
          'zip_suspicious_ratio',
          'This document is compressed far more than real documents are (it looks like a zip bomb), so it was not opened.',
          {
            details: {
              entry: info.name,
              ratio: Math.round(info.uncompressedSize / Math.max(info.compressedSize, 1)),
            },
          },
        );
      }
      entries.push(info);
    });
  } catch (err) {
    throw zipFailure(err);
  }
  return entries;
}

/**
 * Lists the zip (see listZipEntries), then unpacks every entry into nothing: yauzl fails an entry
 * that unpacks to more or less than it declares, so the declared sizes that passed the limits are
 * the real ones. The byte count stopping at the cap is a backstop should that check ever be off.
 * Returns the entries.
 */
export async function assertZipSafe(
  buffer: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipEntryInfo[]> {
  const entries = await listZipEntries(buffer, limits);
  if (entries.some((e) => e.encrypted)) {
    throw new ExtractionError(
      'password_protected',
      'This document is password-protected. Save a copy without the password and upload it again.',
    );
  }
  const zip = await open(buffer).catch((err: unknown) => {
    throw zipFailure(err);
  });
  let total = 0;
  try {
    await eachEntry(
      zip,
      (entry) =>
        new Promise<void>((resolve, reject) => {
          if (entry.fileName.endsWith('/')) return resolve();
          zip.openReadStream(entry, (err, stream) => {
            if (err || !stream) return reject(err ?? new Error('no stream'));
            let unpacked = 0;
            stream.on('data', (chunk: Buffer) => {
              unpacked += chunk.length;
              total += chunk.length;
              const over =
                unpacked > limits.maxEntryBytes
                  ? entryTooLarge(limits, entry.fileName)
                  : total > limits.maxTotalBytes
                    ? tooLarge(limits)
                    : null;
              if (over) {
                stream.destroy();
                reject(over);
              }
            });
            stream.on('error', reject);
            stream.on('end', () => resolve());
          });
        }),
    );
  } catch (err) {
    throw zipFailure(err);
  }
  return entries;
}

/**
 * The bytes of every entry `wanted` picks, in one pass over the zip (call assertZipSafe first:
 * sizes are trusted here). An entry larger than `maxBytes` is left out.
 */
export async function readZipEntries(
  buffer: Buffer,
  wanted: (name: string) => boolean,
  maxBytes: number,
): Promise<Map<string, Buffer>> {
  const zip = await open(buffer).catch((err: unknown) => {
    throw zipFailure(err);
  });
  const found = new Map<string, Buffer>();
  try {
    await eachEntry(zip, (entry) => {
      if (!wanted(entry.fileName) || entry.uncompressedSize > maxBytes) return;
      return new Promise<void>((resolve, reject) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            resolve();
          });
        });
      });
    });
  } catch (err) {
    throw zipFailure(err);
  }
  return found;
}

/** One entry's bytes (small metadata parts), or null when absent or larger than `maxBytes`. */
export async function readZipEntry(
  buffer: Buffer,
  name: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const zip = await open(buffer);
  let found: Buffer | null = null;
  await eachEntry(zip, (entry) => {
    if (entry.fileName !== name || entry.uncompressedSize > maxBytes) return;
    return new Promise<void>((resolve, reject) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('no stream'));
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          found = Buffer.concat(chunks);
          resolve();
        });
      });
    });
  });
  return found;
}
