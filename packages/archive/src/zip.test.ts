import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { listZipEntries, readZipEntries, readZipSafely, type ZipLimits } from './zip';

const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 4 * 1024 * 1024, maxTotalBytes: 6 * 1024 * 1024, maxRatio: 200, ratioFloorBytes: 1024 * 1024 };

async function zipOf(files: Record<string, Uint8Array | string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Rewrites every declared uncompressed size of the (one-entry, no data descriptor) zip to `size`. */
function lyingAboutSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(size, i + 22); // local file header
    if (signature === 0x02014b50) out.writeUInt32LE(size, i + 24); // central directory entry
  }
  return out;
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err as { name: string; code: string; details: Record<string, unknown> };
  }
  throw new Error('expected a refusal');
};

describe('the zip guard', () => {
  it('reads the wanted entries of a sane zip and lists them all', async () => {
    const zip = await zipOf({ 'a.txt': 'alpha', 'dir/b.bin': randomBytes(1000), 'c.txt': 'gamma' });
    const { entries, files } = await readZipSafely(zip, LIMITS, (name) => name.endsWith('.txt'));
    expect(entries.map((e) => e.name)).toEqual(['a.txt', 'dir/b.bin', 'c.txt']);
    expect([...files.entries()].map(([n, b]) => [n, b.toString()])).toEqual([['a.txt', 'alpha'], ['c.txt', 'gamma']]);
    expect((await readZipEntries(new Uint8Array(zip), (n) => n === 'c.txt', 100)).get('c.txt')?.toString()).toBe('gamma');
  });

  it('refuses a zip bomb by its ratio before unpacking it, even in an entry nobody wants', async () => {
    const bomb = await zipOf({ 'wanted.txt': 'x', 'media/0': new Uint8Array(3 * 1024 * 1024) });
    const err = await refusal(readZipSafely(bomb, LIMITS, (n) => n === 'wanted.txt'));
    expect(err).toMatchObject({ name: 'ZipGuardError', code: 'suspicious_ratio', details: { entry: 'media/0' } });
    expect(err.details.ratio).toBeGreaterThan(200);
  });

  it('refuses too many entries from the directory count, and entries past the size caps', async () => {
    const many = await zipOf(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, ''])));
    expect(await refusal(listZipEntries(many, LIMITS))).toMatchObject({ code: 'too_many_entries', details: { entryCount: 11, maxEntries: 10 } });
    const big = await zipOf({ big: randomBytes(5 * 1024 * 1024) });
    expect(await refusal(readZipSafely(big, LIMITS))).toMatchObject({ code: 'entry_too_large', details: { entry: 'big' } });
    const two = await zipOf({ one: randomBytes(3.5 * 1024 * 1024), two: randomBytes(3.5 * 1024 * 1024) });
    expect(await refusal(readZipSafely(two, LIMITS))).toMatchObject({ code: 'too_large', details: { maxTotalBytes: LIMITS.maxTotalBytes } });
  });

  it('refuses an entry that unpacks to more than its header declares', async () => {
    const liar = lyingAboutSize(await zipOf({ 'small.txt': 'y'.repeat(50_000) }), 100);
    expect((await listZipEntries(liar, LIMITS))[0]?.uncompressedSize).toBe(100);
    expect(await refusal(readZipSafely(liar, LIMITS))).toMatchObject({ code: 'damaged' });
  });

  it('refuses a name that climbs out of the archive, and what is not a zip', async () => {
    const traversal = await zipOf({ 'ok.txt': 'ok', '../../etc/passwd': 'root' });
    expect(await refusal(readZipSafely(traversal, LIMITS))).toMatchObject({ code: 'unsafe_path', details: { entry: '../../etc/passwd' } });
    expect(await refusal(readZipSafely(Buffer.from('question,answer\n'), LIMITS))).toMatchObject({ code: 'not_zip' });
  });
});
