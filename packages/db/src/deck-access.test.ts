import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canEdit, canView, deckRights } from './deck-access';
import type { Owner } from './owner';
import { decks, users } from './schema/index';
import { createTestDatabase, type TestDatabase } from './testing';

describe('deck access', () => {
  let t: TestDatabase;
  const user: Owner = { userId: crypto.randomUUID() };
  const guest: Owner = { anonId: crypto.randomUUID() };
  const other: Owner = { userId: crypto.randomUUID() };
  let privateDeck: string;
  let publishedDeck: string;
  let guestDeck: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(users).values(
      [user, other].map((o) => ({ id: o.userId!, email: `${o.userId}@example.org`, firstName: 'A' })),
    );
    const rows = await t.db
      .insert(decks)
      .values([
        { ownerUserId: user.userId, title: 'private' },
        { ownerUserId: user.userId, title: 'published', isPublished: true },
        { ownerAnonId: guest.anonId, title: "guest's" },
      ])
      .returning({ id: decks.id });
    [privateDeck, publishedDeck, guestDeck] = rows.map((r) => r.id) as [string, string, string];
  });
  afterAll(async () => {
    await t?.close();
  });

  const visible = async (rule: (o: Owner) => ReturnType<typeof canView>, owner: Owner) =>
    (await t.db.select({ id: decks.id }).from(decks).where(and(rule(owner)))).map((r) => r.id).sort();

  it('lets owners view and edit their decks, and anyone view a published one', async () => {
    expect(await visible(canView, user)).toEqual([privateDeck, publishedDeck].sort());
    expect(await visible(canEdit, user)).toEqual([privateDeck, publishedDeck].sort());
    expect(await visible(canView, guest)).toEqual([publishedDeck, guestDeck].sort());
    expect(await visible(canEdit, guest)).toEqual([guestDeck]);
    expect(await visible(canView, other)).toEqual([publishedDeck]);
    expect(await visible(canEdit, other)).toEqual([]);
  });

  it('gives the same answer for a row already read', async () => {
    const [row] = await t.db.select().from(decks).where(eq(decks.id, publishedDeck));
    expect(deckRights(row!, user)).toEqual({ isOwner: true, canView: true, canEdit: true });
    expect(deckRights(row!, other)).toEqual({ isOwner: false, canView: true, canEdit: false });
    const [own] = await t.db.select().from(decks).where(eq(decks.id, privateDeck));
    expect(deckRights(own!, other)).toEqual({ isOwner: false, canView: false, canEdit: false });
  });
});
