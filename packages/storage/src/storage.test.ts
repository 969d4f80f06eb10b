import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '@mnemo/testing/s3';
import { createStorage, newStorageRef, type Storage } from './index';

const read = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const root = mkdtempSync(join(tmpdir(), 'mnemo-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function behavesLikeStorage(name: string, make: () => Storage) {
  describe(name, () => {
    it('stores, reads back, and deletes an object', async () => {
      const storage = make();
      const stored = await storage.put({
        body: Buffer.from('%PDF-1.7 hello'),
        contentType: 'application/pdf',
        prefix: 'documents',
      });
      expect(stored).toMatchObject({ size: 14, contentType: 'application/pdf' });
      expect(stored.storageRef).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
      const got = await storage.get(stored.storageRef);
      expect(got.contentType).toBe('application/pdf');
      expect(await read(got.body)).toBe('%PDF-1.7 hello');
      expect(await storage.exists(stored.storageRef)).toBe(true);
      expect(await storage.stat(stored.storageRef)).toEqual({ size: 14, contentType: 'application/pdf' });
      await storage.delete(stored.storageRef);
      expect(await storage.exists(stored.storageRef)).toBe(false);
    });

    it('accepts a stream as the body', async () => {
      const storage = make();
      const stored = await storage.put({
        body: Readable.from([Buffer.from('a'), Buffer.from('bc')]),
        contentType: 'text/plain',
      });
      expect(stored.size).toBe(3);
      expect(await read((await storage.get(stored.storageRef)).body)).toBe('abc');
    });

    it('answers not-found for an object that was never stored or was deleted', async () => {
      const storage = make();
      const { storageRef } = await storage.put({
        body: Buffer.from('x'),
        contentType: 'text/plain',
      });
      await storage.delete(storageRef);
      await expect(storage.get(storageRef)).rejects.toMatchObject({ reason: 'not-found' });
      await expect(storage.stat(storageRef)).rejects.toMatchObject({ reason: 'not-found' });
      await expect(
        storage.get('uploads/2026/01/00000000-0000-0000-0000-000000000000.txt'),
      ).rejects.toMatchObject({ reason: 'not-found' });
    });

    it('copies an object to a new reference that lives on after the original is deleted', async () => {
      const storage = make();
      const original = await storage.put({
        body: Buffer.from('%PDF-1.7 original'),
        contentType: 'application/pdf',
        prefix: 'documents',
      });
      const copy = await storage.copy(original.storageRef);
      expect(copy.storageRef).not.toBe(original.storageRef);
      expect(copy.storageRef).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
      expect(copy).toMatchObject({ size: 17, contentType: 'application/pdf' });
      await storage.delete(original.storageRef);
      expect(await storage.exists(original.storageRef)).toBe(false);
      const got = await storage.get(copy.storageRef);
      expect(got.contentType).toBe('application/pdf');
      expect(await read(got.body)).toBe('%PDF-1.7 original');
      expect(await storage.stat(copy.storageRef)).toEqual({ size: 17, contentType: 'application/pdf' });
    });

    it('answers not-found when copying an object that is not stored', async () => {
      await expect(
        make().copy('documents/2026/01/00000000-0000-0000-0000-000000000000.pdf'),
      ).rejects.toMatchObject({ reason: 'not-found' });
      await expect(make().copy('../../etc/passwd')).rejects.toThrow('Invalid storage reference');
    });

    it('refuses a reference that tries to leave its folder', async () => {
      const storage = make();
      await expect(storage.get('../../etc/passwd')).rejects.toThrow('Invalid storage reference');
      await expect(storage.exists('uploads/2026/01/../../x')).rejects.toThrow(
        'Invalid storage reference',
      );
    });
  });
}

behavesLikeStorage('local storage', () =>
  createStorage({ driver: 'local', root, publicBaseUrl: '/api/files' }),
);

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => s3?.close());
const s3Storage = () =>
  createStorage({
    driver: 's3',
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'test',
    secretAccessKey: 'test',
  });
behavesLikeStorage('S3 storage (real AWS SDK against a local S3 server)', s3Storage);

describe('keys', () => {
  it('are generated: a category, the month and a random id, with the extension of the content type', async () => {
    const storage = createStorage({ driver: 'local', root, publicBaseUrl: '/api/files' });
    const a = await storage.put({
      body: Buffer.from('x'),
      contentType: 'application/msword',
      prefix: 'documents',
    });
    const b = await storage.put({
      body: Buffer.from('x'),
      contentType: 'application/msword',
      prefix: 'documents',
    });
    expect(a.storageRef).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.doc$/);
    expect(a.storageRef).not.toBe(b.storageRef);
    expect(newStorageRef('application/x-evil', 'uploads')).toMatch(/\.bin$/);
  });

  it('never contain the name or any text the user chose', async () => {
    const storage = createStorage({ driver: 'local', root, publicBaseUrl: '/api/files' });
    const { storageRef } = await storage.put({
      body: Buffer.from('x'),
      contentType: 'application/pdf; name="../../My Secret Notes.sh"',
      prefix: 'documents',
    });
    expect(storageRef).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(storageRef).not.toMatch(/secret|notes|\.sh/i);
    expect(newStorageRef('text/x-../../evil.sh', 'uploads')).toMatch(
      /^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.bin$/,
    );
  });

  it('never get an extension a browser would run as a page', () => {
    expect(newStorageRef('text/html', 'uploads')).toMatch(/\.bin$/);
    expect(newStorageRef('image/svg+xml', 'uploads')).toMatch(/\.bin$/);
  });

  it('refuse a prefix that is not a plain category name', () => {
    expect(() => newStorageRef('text/plain', '../../My Notes.doc')).toThrow(
      'Invalid storage prefix',
    );
  });

  it('keeps local files inside the root and leaves no temporary files behind', async () => {
    const own = mkdtempSync(join(tmpdir(), 'mnemo-storage-own-'));
    try {
      const storage = createStorage({ driver: 'local', root: own, publicBaseUrl: '/api/files' });
      await storage.put({ body: Buffer.from('x'), contentType: 'text/plain' });
      await storage.put({
        body: Readable.from([Buffer.from('y')]),
        contentType: 'application/pdf',
        prefix: 'documents',
      });
      const files = readdirSync(own, { recursive: true }).map(String);
      expect(files.filter((n) => n.endsWith('.json'))).toHaveLength(2);
      expect(files.every((n) => !n.includes('..'))).toBe(true);
      expect(files.filter((n) => n.includes('.tmp'))).toEqual([]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('download URLs', () => {
  it('points local files at the public base URL', async () => {
    const storage = createStorage({ driver: 'local', root, publicBaseUrl: '/api/files/' });
    const { storageRef } = await storage.put({ body: Buffer.from('x'), contentType: 'text/plain' });
    expect(await storage.downloadUrl(storageRef)).toBe(`/api/files/${storageRef}`);
  });

  it('presigns S3 URLs that a plain HTTP client can fetch', async () => {
    const storage = s3Storage();
    const { storageRef } = await storage.put({
      body: Buffer.from('presigned body'),
      contentType: 'text/plain',
    });
    const url = await storage.downloadUrl(storageRef);
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(await res.text()).toBe('presigned body');
  });

  it('checks the bucket for readiness', async () => {
    await expect(s3Storage().check()).resolves.toBeUndefined();
    const missing = createStorage({
      driver: 's3',
      bucket: 'nope',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    await expect(missing.check()).rejects.toBeDefined();
  });
});
