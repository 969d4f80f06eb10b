import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studySpaces } from './schema/index';
import { createTestDatabase, type TestDatabase } from './testing';

describe('createTestDatabase', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    a = await createTestDatabase();
    b = await createTestDatabase();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('gives each caller its own migrated database', async () => {
    expect(a.url).not.toEqual(b.url);
    const [space] = await a.db
      .insert(studySpaces)
      .values({ ownerAnonId: crypto.randomUUID(), title: 'Only in a' })
      .returning();
    expect(await a.db.select().from(studySpaces).where(eq(studySpaces.id, space!.id))).toHaveLength(
      1,
    );
    expect(await b.db.select().from(studySpaces).where(eq(studySpaces.id, space!.id))).toHaveLength(
      0,
    );
  });

  it('serves drizzle transactions that roll back on error', async () => {
    const title = `rolled back ${crypto.randomUUID()}`;
    await expect(
      a.db.transaction(async (tx) => {
        await tx.insert(studySpaces).values({ ownerAnonId: crypto.randomUUID(), title });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await a.db.select().from(studySpaces).where(eq(studySpaces.title, title))).toEqual([]);
  });
});
