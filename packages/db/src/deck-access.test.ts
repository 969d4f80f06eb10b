import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canEdit, canStudy, canView, classMemberOf, deckRights } from './deck-access';
import type { Owner } from './owner';
import { classes, classMembers, decks, studySpaces, users } from './schema/index';
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

  describe('in a class', () => {
    const student: Owner = { userId: crypto.randomUUID() };
    const guestStudent: Owner = { anonId: crypto.randomUUID() };
    let classDeck: string;
    let outsideDeck: string;

    beforeAll(async () => {
      await t.db.insert(users).values({ id: student.userId!, email: `${student.userId}@example.org`, firstName: 'S' });
      const [space, otherSpace] = await t.db
        .insert(studySpaces)
        .values([{ ownerUserId: user.userId, title: 'Biology' }, { ownerUserId: user.userId, title: 'Private' }])
        .returning({ id: studySpaces.id });
      const rows = await t.db
        .insert(decks)
        .values([
          { ownerUserId: user.userId, studySpaceId: space!.id, title: 'class deck' },
          { ownerUserId: user.userId, studySpaceId: otherSpace!.id, title: 'outside the class' },
        ])
        .returning({ id: decks.id });
      [classDeck, outsideDeck] = rows.map((r) => r.id) as [string, string];
      const [klass] = await t.db.insert(classes).values({ spaceId: space!.id, joinCode: 'ABCDE' }).returning();
      await t.db.insert(classMembers).values([
        { classId: klass!.id, ownerUserId: student.userId, displayName: 'Sam' },
        { classId: klass!.id, ownerAnonId: guestStudent.anonId, displayName: 'Guest' },
      ]);
    });

    it("lets members view and study the class space's decks, never edit them, and nothing else", async () => {
      for (const member of [student, guestStudent]) {
        const viewed = await visible(canView, member);
        expect(viewed).toContain(classDeck);
        expect(viewed).not.toContain(outsideDeck);
        expect(viewed).not.toContain(privateDeck);
        expect(await visible(canStudy, member)).toEqual([classDeck]);
        expect(await visible(canEdit, member)).not.toContain(classDeck);
      }
      expect(await visible(canView, other)).not.toContain(classDeck);
      expect(await visible(canStudy, other)).toEqual([]);
      expect(await visible(canStudy, user)).toContain(classDeck);
    });

    it('gives members view rights on a row read with its membership flag', async () => {
      const read = (o: Owner) =>
        t.db
          .select({ ownerUserId: decks.ownerUserId, ownerAnonId: decks.ownerAnonId, isPublished: decks.isPublished, classMember: classMemberOf(o) })
          .from(decks)
          .where(eq(decks.id, classDeck));
      const [asStudent] = await read(student);
      expect(deckRights(asStudent!, student)).toEqual({ isOwner: false, canView: true, canEdit: false });
      const [asOther] = await read(other);
      expect(deckRights(asOther!, other)).toEqual({ isOwner: false, canView: false, canEdit: false });
    });
  });
});
