import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * The one zip guard (see README): a zip is unpacked only after its central directory says it is
 * sane, and then every entry is inflated with its real size checked against the declared one and
 * the bytes counted up to the caps. A zip bomb unpacks kilobytes into gigabytes; a crafted header
 * can lie about sizes; a crafted name can climb out of the archive. Nothing here writes to disk.
 * Hand-written around yauzl (the maintained reader that validates sizes and refuses unsafe names)
 * because no maintained package applies caps to an archive held in memory.
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

export type ZipEntryInfo = {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  encrypted: boolean;
};

export const ZIP_REFUSALS = [
  /** Not a zip archive at all (no central directory). */
  'not_zip',
  /** A zip whose structure or data is broken. */
  'damaged',
  /** An entry whose name is absolute or climbs out of the archive ("../../etc/passwd"). */
  'unsafe_path',
  /** A password-protected entry. */
  'encrypted',
  'too_many_entries',
  'entry_too_large',
  'too_large',
  /** An entry compressed far beyond what real files compress to: a zip bomb. */
  'suspicious_ratio',
] as const;
export type ZipRefusal = (typeof ZIP_REFUSALS)[number];

/** The figures behind a refusal; entry names are cut to 200 characters. */
export type ZipRefusalDetails = {
  entry?: string;
  entryCount?: number;
  maxEntries?: number;
  maxEntryBytes?: number;
  maxTotalBytes?: number;
  ratio?: number;
};

/** A zip the guard refused, with a neutral code each caller maps to its own error. */
export class ZipGuardError extends Error {
  override readonly name = 'ZipGuardError';
  constructor(
    readonly code: ZipRefusal,
    readonly details: ZipRefusalDetails = {},
    options?: { cause?: unknown },
  ) {
    super(`zip refused: ${code}`, options);
  }
}
export const isZipGuardError = (err: unknown): err is ZipGuardError => err instanceof ZipGuardError;

const refuse = (code: ZipRefusal, details: ZipRefusalDetails = {}, cause?: unknown) =>
  new ZipGuardError(code, details, cause === undefined ? undefined : { cause });
const entryName = (name: string) => name.slice(0, 200);

/** yauzl's messages for a name that is absolute or climbs out of the archive. */
const UNSAFE_NAME = /^(invalid relative path|absolute path): (.*)$/s;
/** Any failure while reading, as a refusal: ours as they are, an unsafe name, else damage. */
function asRefusal(err: unknown): ZipGuardError {
  if (err instanceof ZipGuardError) return err;
  const unsafe = err instanceof Error ? UNSAFE_NAME.exec(err.message) : null;
  return unsafe ? refuse('unsafe_path', { entry: entryName(unsafe[2] ?? '') }, err) : refuse('damaged', {}, err);
}

function open(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(refuse('not_zip', {}, err ?? new Error('no zip'))) : resolve(zip),
    );
  });
}

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Walks the entries one at a time; `onEntry` may read the entry's stream before the next is read. */
async function eachEntry(zip: ZipFile, onEntry: (entry: Entry) => Promise<void> | void): Promise<void> {
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
  } catch (err) {
    throw asRefusal(err);
  }
}

/** One entry's bytes, passing each chunk to `count` first (which may throw to stop). */
function inflate(zip: ZipFile, entry: Entry, count: (bytes: number) => void, keep: boolean): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        try {
          count(chunk.length);
        } catch (over) {
          stream.destroy();
          reject(over);
          return;
        }
        if (keep) chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(keep ? Buffer.concat(chunks) : null));
    });
  });
}

/**
 * The entries of a zip from its central directory only (nothing is unpacked), refused when the
 * declared figures break the limits: more entries than `maxEntries` (known before any entry is
 * read), an entry or all of them unpacking past the caps, an entry compressed beyond `maxRatio`.
 */
export async function listZipEntries(bytes: Uint8Array, limits: ZipLimits): Promise<ZipEntryInfo[]> {
  const zip = await open(asBuffer(bytes));
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw refuse('too_many_entries', { entryCount: zip.entryCount, maxEntries: limits.maxEntries });
  }
  const entries: ZipEntryInfo[] = [];
  let total = 0;
  await eachEntry(zip, (entry) => {
    const info = {
      name: entry.fileName,
      compressedSize: entry.compressedSize,
      uncompressedSize: entry.uncompressedSize,
      encrypted: entry.isEncrypted(),
    };
    if (info.uncompressedSize > limits.maxEntryBytes) {
      throw refuse('entry_too_large', { entry: entryName(info.name), maxEntryBytes: limits.maxEntryBytes });
    }
    total += info.uncompressedSize;
    if (total > limits.maxTotalBytes) throw refuse('too_large', { maxTotalBytes: limits.maxTotalBytes });
    const ratio = info.uncompressedSize / Math.max(info.compressedSize, 1);
    if (info.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio) {
      throw refuse('suspicious_ratio', { entry: entryName(info.name), ratio: Math.round(ratio) });
    }
    entries.push(info);
  });
  return entries;
}

/**
 * Checks the zip (listZipEntries, then no encrypted entry), then inflates every entry, counting the
 * bytes against the caps and keeping those `wanted` picks: yauzl fails an entry that unpacks to
 * more or less than it declares, so the sizes that passed the limits are the real ones, and the
 * count stopping at the caps is a backstop. Entries not wanted are inflated too, so a bomb hidden
 * in a part nobody reads is refused as well.
 */
export async function readZipSafely(
  bytes: Uint8Array,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => false,
): Promise<{ entries: ZipEntryInfo[]; files: Map<string, Buffer> }> {
  const buffer = asBuffer(bytes);
  const entries = await listZipEntries(buffer, limits);
  const locked = entries.find((e) => e.encrypted);
  if (locked) throw refuse('encrypted', { entry: entryName(locked.name) });
  const zip = await open(buffer);
  const files = new Map<string, Buffer>();
  let total = 0;
  await eachEntry(zip, async (entry) => {
    const name = entry.fileName;
    if (name.endsWith('/')) return;
    let unpacked = 0;
    const bytesOf = await inflate(
      zip,
      entry,
      (n) => {
        unpacked += n;
        total += n;
        if (unpacked > limits.maxEntryBytes) throw refuse('entry_too_large', { entry: entryName(name), maxEntryBytes: limits.maxEntryBytes });
        if (total > limits.maxTotalBytes) throw refuse('too_large', { maxTotalBytes: limits.maxTotalBytes });
      },
      wanted(name),
    );
    if (bytesOf) files.set(name, bytesOf);
  });
  return { entries, files };
}

/**
 * The bytes of every entry `wanted` picks, in one pass, leaving out any larger than `maxBytes`.
 * Sizes are trusted here: call readZipSafely on the same bytes first.
 */
export async function readZipEntries(bytes: Uint8Array, wanted: (name: string) => boolean, maxBytes: number): Promise<Map<string, Buffer>> {
  const zip = await open(asBuffer(bytes));
  const found = new Map<string, Buffer>();
  await eachEntry(zip, async (entry) => {
    if (!wanted(entry.fileName) || entry.uncompressedSize > maxBytes) return;
    const data = await inflate(zip, entry, () => {}, true);
    if (data) found.set(entry.fileName, data);
  });
  return found;
}
