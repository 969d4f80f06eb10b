import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixturePath } from '@mnemo/testing/fixtures';
import { sources, uploads } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import type { Storage } from '@mnemo/storage';
import { anonCaller, insertDeck, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { createUploadSweep, repeatEvery } from './upload-sweep';

let t: DeckTestApp;
beforeAll(async () => {
  t = await startDeckApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const pdf = readFileSync(fixturePath('pdf', 'minimal-document.pdf'));
const log = { info: () => {}, warn: () => {} };

async function upload(caller: ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>) {
  await registerCaller(t, caller);
  const form = new FormData();
  form.append('file', new Blob([pdf]), 'notes.pdf');
  const res = await t.app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(caller), payload: form });
  expect(res.statusCode).toBe(200);
  return res.json().file as { storageRef: string; contentType: string; size: number };
}
const rowOf = async (storageRef: string) => (await t.db.select().from(uploads).where(eq(uploads.storageRef, storageRef)))[0];
const stored = (storageRef: string) => t.storedFiles().some((f) => f === storageRef);

describe('the sweep of unused uploads', () => {
  it('deletes uploads past the retention that no source uses (file, then row), keeps the rest, and does nothing the second time', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const unused = await upload(caller);
    const added = await upload(caller);
    const res = await t.app.inject({
      method: 'POST',
      url: `/decks/${deck.id}/sources`,
      headers: asCaller(caller),
      payload: { source: { type: 'document', storageRef: added.storageRef, originalFilename: 'notes.pdf' } },
    });
    expect(res.statusCode).toBe(201);
    // An upload record without a source, whose file a copied deck's source shares.
    const shared = await upload(caller);
    await t.db.insert(sources).values({ deckId: deck.id, type: 'document', title: 'Copy', storageRef: shared.storageRef, sizeInBytes: shared.size });
    expect(stored(unused.storageRef)).toBe(true);

    const sweep = createUploadSweep({ db: t.db, storage: t.app.storage, retentionMs: 24 * HOUR, log });
    // Within the retention nothing goes.
    expect(await sweep.sweep(new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await rowOf(unused.storageRef)).toBeDefined();

    expect(await sweep.sweep(new Date(Date.now() + 25 * HOUR))).toBe(1);
    expect(await rowOf(unused.storageRef)).toBeUndefined();
    expect(stored(unused.storageRef)).toBe(false);
    for (const kept of [added, shared]) {
      expect(await rowOf(kept.storageRef)).toBeDefined();
      expect(stored(kept.storageRef)).toBe(true);
    }

    expect(await sweep.sweep(new Date(Date.now() + 25 * HOUR))).toBe(0);
  });

  it('deletes the temporary files an upload cut off by a crash left, once past the retention, and nothing else', async () => {
    const caller = userCaller();
    const kept = await upload(caller);
    const dir = join(t.filesDir, 'documents', '2026', '11');
    mkdirSync(dir, { recursive: true });
    const name = `${randomUUID()}.pdf.${randomUUID()}.tmp`;
    const crashed = [join(dir, name), join(dir, `${name}.meta`)];
    const inProgress = join(dir, `${randomUUID()}.pdf.${randomUUID()}.tmp`);
    for (const file of [...crashed, inProgress]) writeFileSync(file, 'half an upload');
    const dayAndMore = new Date(Date.now() - 25 * HOUR);
    for (const file of crashed) utimesSync(file, dayAndMore, dayAndMore);

    const sweep = createUploadSweep({ db: t.db, storage: t.app.storage, retentionMs: 24 * HOUR, log });
    await sweep.sweep();
    for (const file of crashed) expect(existsSync(file)).toBe(false);
    expect(existsSync(inProgress)).toBe(true);
    expect(stored(kept.storageRef)).toBe(true);
  });

  it('keeps the row of an upload whose file could not be deleted, and deletes both on the next sweep', async () => {
    const caller = userCaller();
    const first = await upload(caller);
    const second = await upload(caller);
    const failOnce = new Set([first.storageRef]);
    const storage: Pick<Storage, 'delete' | 'removeAbandoned'> = {
      async delete(ref) {
        if (failOnce.delete(ref)) throw new Error('storage unavailable');
        await t.app.storage.delete(ref);
      },
      removeAbandoned: (olderThan) => t.app.storage.removeAbandoned(olderThan),
    };
    const warn = vi.fn();
    const sweep = createUploadSweep({ db: t.db, storage, retentionMs: HOUR, log: { ...log, warn } });
    const later = new Date(Date.now() + 2 * HOUR);

    // Other tests' uploads of the same age may go too; these two are what this test watches.
    await sweep.sweep(later);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ storageRef: first.storageRef }), expect.any(String));
    expect(await rowOf(first.storageRef)).toBeDefined();
    expect(stored(first.storageRef)).toBe(true);
    expect(await rowOf(second.storageRef)).toBeUndefined();
    expect(stored(second.storageRef)).toBe(false);

    await sweep.sweep(later);
    expect(await rowOf(first.storageRef)).toBeUndefined();
    expect(stored(first.storageRef)).toBe(false);
  });

  it('runs a minute after the start, then on its interval, never twice at once, until stopped (fake time)', async () => {
    vi.useFakeTimers();
    try {
      let finish: () => void = () => {};
      const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const stop = repeatEvery(task, HOUR, () => {});
      await vi.advanceTimersByTimeAsync(59_000);
      expect(task).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(task).toHaveBeenCalledTimes(1);
      // Still running when the hour comes: the second run waits for the next one.
      await vi.advanceTimersByTimeAsync(HOUR);
      expect(task).toHaveBeenCalledTimes(1);
      finish();
      await vi.advanceTimersByTimeAsync(HOUR);
      expect(task).toHaveBeenCalledTimes(2);
      finish();
      await stop();
      await vi.advanceTimersByTimeAsync(3 * HOUR);
      expect(task).toHaveBeenCalledTimes(2);
      expect(repeatEvery(task, 0, () => {})).toBeTypeOf('function');
      await vi.advanceTimersByTimeAsync(3 * HOUR);
      expect(task).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
