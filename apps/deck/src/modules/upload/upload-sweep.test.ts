import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixturePath } from '@mnemo/testing/fixtures';
import { curriculumImports, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import type { Storage } from '@mnemo/storage';
import { anonCaller, insertDeck, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { createUploadSweep } from './upload-sweep';

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

  it("keeps a file a curriculum still waits to split past the retention, and lets it go once the split failed", async () => {
    const teacher = userCaller();
    const file = await upload(teacher);
    const [space] = await t.db.insert(studySpaces).values({ ownerUserId: teacher.userId, title: 'Biology' }).returning();
    await t.db.insert(curriculumImports).values({ spaceId: space!.id, storageRef: file.storageRef, contentType: file.contentType });
    const sweep = createUploadSweep({ db: t.db, storage: t.app.storage, retentionMs: 24 * HOUR, log });
    const later = new Date(Date.now() + 25 * HOUR);
    await sweep.sweep(later);
    expect(await rowOf(file.storageRef)).toBeDefined();
    expect(stored(file.storageRef)).toBe(true);
    await t.db.update(curriculumImports).set({ status: 'failed', error: 'No text' }).where(eq(curriculumImports.spaceId, space!.id));
    await sweep.sweep(later);
    expect(await rowOf(file.storageRef)).toBeUndefined();
    expect(stored(file.storageRef)).toBe(false);
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

  it('runs as a BullMQ job scheduler: one schedule at the interval whatever the restarts, each run sweeps, and 0 removes it', async () => {
    // Its own app: a schedule a moment away, and a retention short enough to see a run delete.
    const every = 300;
    const scheduled = await startDeckApp({ UPLOAD_SWEEP_INTERVAL_MS: String(every), UPLOAD_RETENTION_HOURS: String(50 / HOUR) });
    try {
      const queue = scheduled.app.queues.maintenance.bull;
      const first = await queue.getJobScheduler('sweep-uploads');
      expect(first).toMatchObject({ name: 'sweep-uploads', every });
      // A second replica (or a restart) keeps the one schedule and its next run.
      await scheduled.app.queues.maintenance.schedule('sweep-uploads', {}, { everyMs: every, firstAt: new Date(Date.now() + HOUR) });
      expect(await queue.getJobSchedulersCount()).toBe(1);
      expect((await queue.getJobScheduler('sweep-uploads'))?.next).toBe(first?.next);

      const caller = anonCaller();
      await registerCaller(scheduled, caller);
      const form = new FormData();
      form.append('file', new Blob([pdf]), 'notes.pdf');
      const res = await scheduled.app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(caller), payload: form });
      expect(res.statusCode).toBe(200);
      const { storageRef } = res.json().file as { storageRef: string };
      const row = async () => (await scheduled.db.select().from(uploads).where(eq(uploads.storageRef, storageRef)))[0];
      expect(await row()).toBeDefined();
      // No one calls the sweep here: the scheduler's job does.
      await expect.poll(row, { timeout: 20_000, interval: 100 }).toBeUndefined();
      expect(scheduled.storedFiles().includes(storageRef)).toBe(false);
      await expect.poll(async () => (await queue.getJobCounts('completed')).completed, { timeout: 20_000 }).toBeGreaterThan(0);

      await scheduled.app.queues.maintenance.schedule('sweep-uploads', {}, { everyMs: 0, firstAt: new Date() });
      expect(await queue.getJobScheduler('sweep-uploads')).toBeUndefined();
    } finally {
      await scheduled.close();
    }
  });
});
