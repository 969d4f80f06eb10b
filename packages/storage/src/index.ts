import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StorageConfig =
  | { driver: 'local'; root: string; publicBaseUrl: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle?: boolean;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** Serve files from here (a CDN or public bucket) instead of presigned URLs. */
      publicBaseUrl?: string;
    };

export type StoredObject = { storageRef: string; size: number; contentType: string };
export type Storage = {
  put(input: {
    body: Buffer | Readable;
    contentType: string;
    prefix?: string;
  }): Promise<StoredObject>;
  get(storageRef: string): Promise<{ body: Readable; contentType: string; size: number }>;
  /** Size and type of a stored object without reading it; StorageError 'not-found' when absent. */
  stat(storageRef: string): Promise<{ contentType: string; size: number }>;
  delete(storageRef: string): Promise<void>;
  /**
   * A copy of a stored object under a new reference (same category and type), for a cloned deck's
   * document: each source owns its file, so deleting one deck never removes another's file.
   * StorageError 'not-found' when the original is absent.
   */
  copy(storageRef: string): Promise<StoredObject>;
  exists(storageRef: string): Promise<boolean>;
  /**
   * Deletes what writes interrupted by a crash left behind (temporary files no object owns) that is
   * older than `olderThan`; answers how many. A write in progress is never that old.
   */
  removeAbandoned(olderThan: Date): Promise<number>;
  downloadUrl(storageRef: string): Promise<string>;
  check(): Promise<void>;
};

export class StorageError extends Error {
  constructor(
    readonly reason: 'invalid-ref' | 'not-found',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

// Only extensions a browser or static file server will not execute: text/html and image/svg+xml
// are deliberately absent and fall back to .bin, so a stored upload can never be served as a page.
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/json': 'json',
};

/**
 * A new key for an object: `<prefix>/<yyyy>/<mm>/<uuid>.<ext>`. The extension comes from the content
 * type, never from the user's file name, so no name a user chose ever reaches the storage.
 */
export function newStorageRef(contentType: string, prefix = 'uploads', now = new Date()): string {
  // The prefix is the caller's category ('documents'), never user input: refuse anything else.
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(prefix))
    throw new StorageError('invalid-ref', `Invalid storage prefix "${prefix}"`);
  const ext = EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()] ?? 'bin';
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${ext}`;
}

/** The temporary names of the local driver's writes in progress. */
const TEMPORARY = /\.[0-9a-f-]{36}\.tmp(\.meta)?$/i;

/** The category a reference was stored under (its first segment), for a copy of it. */
const prefixOf = (ref: string) => ref.split('/')[0]!;

/** Refuses refs that could escape the root or address anything we did not name. */
export function assertValidRef(ref: string): void {
  if (!/^[a-z0-9-]+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/i.test(ref)) {
    throw new StorageError('invalid-ref', 'Invalid storage reference');
  }
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

export function createStorage(config: StorageConfig): Storage {
  return config.driver === 'local' ? createLocalStorage(config) : createS3Storage(config);
}

function createLocalStorage(config: { root: string; publicBaseUrl: string }): Storage {
  const root = resolve(config.root);
  const pathOf = (ref: string) => {
    assertValidRef(ref);
    const path = resolve(root, ref);
    if (!path.startsWith(root + sep))
      throw new StorageError('invalid-ref', 'Invalid storage reference');
    return path;
  };
  // The sidecar is written last and removed first, so its presence means the object is complete:
  // exists() and get() look at it rather than at the data file.
  const metaOf = (path: string) => `${path}.meta.json`;
  const readMeta = async (path: string) => {
    try {
      return JSON.parse(await readFile(metaOf(path), 'utf8')) as { contentType: string };
    } catch {
      return null;
    }
  };
  return {
    async put({ body, contentType, prefix }) {
      const storageRef = newStorageRef(contentType, prefix);
      const path = pathOf(storageRef);
      await mkdir(dirname(path), { recursive: true });
      // Written under temporary names and renamed: a reader never sees half a file.
      const tmp = `${path}.${randomUUID()}.tmp`;
      const metaTmp = `${tmp}.meta`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
        const { size } = await stat(tmp);
        await writeFile(metaTmp, JSON.stringify({ contentType, size }));
        await rename(tmp, path);
        await rename(metaTmp, metaOf(path));
        return { storageRef, size, contentType };
      } catch (e) {
        await Promise.all([rm(tmp, { force: true }), rm(metaTmp, { force: true })]);
        throw e;
      }
    },
    async get(ref) {
      const path = pathOf(ref);
      const meta = await readMeta(path);
      const size = meta
        ? await stat(path).then(
            (s) => s.size,
            () => null,
          )
        : null;
      if (!meta || size === null) throw new StorageError('not-found', 'File not found');
      return { body: createReadStream(path), contentType: meta.contentType, size };
    },
    async stat(ref) {
      const path = pathOf(ref);
      const meta = await readMeta(path);
      const size = meta
        ? await stat(path).then(
            (s) => s.size,
            () => null,
          )
        : null;
      if (!meta || size === null) throw new StorageError('not-found', 'File not found');
      return { contentType: meta.contentType, size };
    },
    async copy(ref) {
      const from = pathOf(ref);
      const meta = await readMeta(from);
      if (!meta) throw new StorageError('not-found', 'File not found');
      const storageRef = newStorageRef(meta.contentType, prefixOf(ref));
      const path = pathOf(storageRef);
      await mkdir(dirname(path), { recursive: true });
      // As in put: temporary names, the sidecar renamed last, so a half copy is never visible.
      const tmp = `${path}.${randomUUID()}.tmp`;
      const metaTmp = `${tmp}.meta`;
      try {
        await copyFile(from, tmp);
        const { size } = await stat(tmp);
        await writeFile(metaTmp, JSON.stringify({ contentType: meta.contentType, size }));
        await rename(tmp, path);
        await rename(metaTmp, metaOf(path));
        return { storageRef, size, contentType: meta.contentType };
      } catch (e) {
        await Promise.all([rm(tmp, { force: true }), rm(metaTmp, { force: true })]);
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageError('not-found', 'File not found');
        throw e;
      }
    },
    async delete(ref) {
      const path = pathOf(ref);
      await rm(metaOf(path), { force: true });
      await rm(path, { force: true });
    },
    async exists(ref) {
      return (await readMeta(pathOf(ref))) !== null;
    },
    async removeAbandoned(olderThan) {
      // put() and copy() write `<object>.<uuid>.tmp` and `<object>.<uuid>.tmp.meta` and rename them;
      // a process killed in between leaves them, and no reference ever names them.
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return [];
          throw e;
        },
      );
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const modified = await stat(path).then(
          (s) => s.mtimeMs,
          () => null,
        );
        if (modified === null || modified >= olderThan.getTime()) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
    async downloadUrl(ref) {
      assertValidRef(ref);
      return `${config.publicBaseUrl.replace(/\/+$/, '')}/${ref}`;
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

/**
 * The AWS SDK is loaded when an S3 storage is made, not when this module is: with local files (npm
 * start's default) no process carries it (~20 MB of RSS each in the deck service and the worker,
 * issue 25's idle memory). A failed load fails every call that needs it.
 */
async function loadS3(config: Extract<StorageConfig, { driver: 's3' }>) {
  const [s3, { getSignedUrl }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const client = new s3.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        }
      : {}),
  });
  return { ...s3, client, getSignedUrl };
}

function createS3Storage(config: Extract<StorageConfig, { driver: 's3' }>): Storage {
  const sdk = loadS3(config);
  // Reported by the first call that needs the SDK, not as an unhandled rejection before it.
  sdk.catch(() => {});
  const Bucket = config.bucket;
  const notFound = (e: unknown) => {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    return (
      err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
    );
  };
  return {
    async put({ body, contentType, prefix }) {
      const { client, PutObjectCommand } = await sdk;
      const storageRef = newStorageRef(contentType, prefix);
      // Buffered so the SDK knows the length; uploads are capped at tens of MB upstream.
      const data = await toBuffer(body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: storageRef, Body: data, ContentType: contentType }),
      );
      return { storageRef, size: data.length, contentType };
    },
    async get(ref) {
      assertValidRef(ref);
      const { client, GetObjectCommand } = await sdk;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: ref }));
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength ?? 0,
        };
      } catch (e) {
        if (notFound(e)) throw new StorageError('not-found', 'File not found');
        throw e;
      }
    },
    async stat(ref) {
      assertValidRef(ref);
      const { client, HeadObjectCommand } = await sdk;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: ref }));
        return {
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength ?? 0,
        };
      } catch (e) {
        if (notFound(e)) throw new StorageError('not-found', 'File not found');
        throw e;
      }
    },
    async copy(ref) {
      assertValidRef(ref);
      const { client, HeadObjectCommand, CopyObjectCommand } = await sdk;
      // A server-side CopyObject: the bytes never pass through this process.
      let contentType: string;
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: ref }));
        contentType = head.ContentType ?? 'application/octet-stream';
        size = head.ContentLength ?? 0;
      } catch (e) {
        if (notFound(e)) throw new StorageError('not-found', 'File not found');
        throw e;
      }
      const storageRef = newStorageRef(contentType, prefixOf(ref));
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: storageRef,
            CopySource: `${Bucket}/${ref}`,
            MetadataDirective: 'COPY',
          }),
        );
      } catch (e) {
        if (notFound(e)) throw new StorageError('not-found', 'File not found');
        throw e;
      }
      return { storageRef, size, contentType };
    },
    async delete(ref) {
      assertValidRef(ref);
      const { client, DeleteObjectCommand } = await sdk;
      await client.send(new DeleteObjectCommand({ Bucket, Key: ref }));
    },
    async exists(ref) {
      assertValidRef(ref);
      const { client, HeadObjectCommand } = await sdk;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: ref }));
        return true;
      } catch (e) {
        if (notFound(e)) return false;
        throw e;
      }
    },
    async removeAbandoned() {
      // A PutObject is stored whole or not at all, and copies are server-side: nothing half-written
      // is left for us to find. (Multipart uploads, which could leave parts, are not used.)
      return 0;
    },
    async downloadUrl(ref) {
      assertValidRef(ref);
      if (config.publicBaseUrl) return `${config.publicBaseUrl.replace(/\/+$/, '')}/${ref}`;
      const { client, getSignedUrl, GetObjectCommand } = await sdk;
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: ref }), { expiresIn: 3600 });
    },
    async check() {
      const { client, HeadBucketCommand } = await sdk;
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
