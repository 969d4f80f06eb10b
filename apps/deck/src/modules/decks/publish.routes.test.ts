import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { decks, users } from '@mnemo/db/schema';
import { anonCaller, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { insertSource } from '../questions/questions.test-support';
import { client, expectError, nobody } from './test-helpers';

/** PUT /decks/:id/publish and what publishing changes for the owner and for everyone else. */

let t: DeckTestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
});
afterAll(async () => {
  await t?.close();
});

const deckRow = async (id: string) => (await t.db.select().from(decks).where(eq(decks.id, id)))[0]!;
type Who = Parameters<typeof api.call>[0];
const publish = (who: Who, id: string, body: object) => api.call(who, 'PUT', `/decks/${id}/publish`, body);

/** A signed-in user's deck with one processed source, so it may be published. */
async function ownedDeck(title = 'Cells') {
  const owner = userCaller();
  await registerCaller(t, owner);
  await t.db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, owner.userId));
  const deck = await api.deck(owner, { title });
  await insertSource(t, deck._id, 'completed', 'Cell biology notes');
  return { owner, deck };
}

describe('PUT /decks/:id/publish as the owner', () => {
  it('publishes with the date and the owner’s name, shows it to others read-only, and unpublishes back to private', async () => {
    const { owner, deck } = await ownedDeck();
    const before = Date.now();
    const res = await publish(owner, deck._id, { isPublished: true, publishedAnonymously: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = route('PUT /decks/:id/publish').response.parse(res.json());
    expect(answer.success).toBe(true);
    expect(answer.deck).toMatchObject({ _id: deck._id, isPublished: true, publishedAnonymously: false, ownerName: 'Ada', owner: owner.userId, isOwner: true, canEdit: true, canView: true });
    expect(Date.parse(answer.deck.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);

    // Another user sees it, read-only, with the owner's name.
    const viewer = userCaller();
    await registerCaller(t, viewer);
    const seen = await api.call(viewer, 'GET', `/decks/${deck._id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ isPublished: true, ownerName: 'Ada', owner: owner.userId, isOwner: false, canEdit: false, canView: true, studySpace: null });

    const off = await publish(owner, deck._id, { isPublished: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().deck).toMatchObject({ isPublished: false, publishedAt: null, publishedAnonymously: false });
    expect(await deckRow(deck._id)).toMatchObject({ isPublished: false, publishedAt: null });
    expectError(await api.call(viewer, 'GET', `/decks/${deck._id}`), 404, 'NOT_FOUND');
  });

  it('publishes anonymously: no name and no owner id for others, "Published by Anonymous"', async () => {
    const { owner, deck } = await ownedDeck();
    const res = await publish(owner, deck._id, { isPublished: true, publishedAnonymously: true });
    expect(res.statusCode, res.body).toBe(200);
    // The owner still sees that the deck is theirs.
    expect(res.json().deck).toMatchObject({ publishedAnonymously: true, ownerName: null, owner: owner.userId, isOwner: true });
    const viewer = userCaller();
    await registerCaller(t, viewer);
    const seen = await api.call(viewer, 'GET', `/decks/${deck._id}`);
    expect(seen.json()).toMatchObject({ publishedAnonymously: true, ownerName: null, owner: null, isOwner: false, canView: true });
    const explore = await api.call(viewer, 'GET', `/decks/explore?search=${encodeURIComponent('Cells')}`);
    const card = (explore.json() as { data: { _id: string; ownerName: string | null; publishedAnonymously: boolean }[] }).data.find((d) => d._id === deck._id);
    expect(card).toMatchObject({ publishedAnonymously: true, ownerName: null });
    expect(JSON.stringify(explore.json())).not.toContain(owner.userId);
  });

  it('keeps the publication date when only the anonymous flag changes, and stamps a new one on a re-publish', async () => {
    const { owner, deck } = await ownedDeck();
    await publish(owner, deck._id, { isPublished: true });
    const first = (await deckRow(deck._id)).publishedAt!;
    const toggled = await publish(owner, deck._id, { isPublished: true, publishedAnonymously: true });
    expect(toggled.json().deck.publishedAnonymously).toBe(true);
    expect((await deckRow(deck._id)).publishedAt!.getTime()).toBe(first.getTime());
    await publish(owner, deck._id, { isPublished: false });
    await publish(owner, deck._id, { isPublished: true });
    const again = (await deckRow(deck._id)).publishedAt!;
    expect(again.getTime()).toBeGreaterThan(first.getTime());
  });

  it('refuses to publish an empty deck, with a message saying what to add', async () => {
    const owner = userCaller();
    const deck = await api.deck(owner);
    const err = expectError(await publish(owner, deck._id, { isPublished: true }), 400, 'BAD_REQUEST');
    expect(err.error).toMatch(/no sources or cards/);
    expect((await deckRow(deck._id)).isPublished).toBe(false);
  });

  it('refuses a body that is not the contract', async () => {
    const { owner, deck } = await ownedDeck();
    expectError(await publish(owner, deck._id, { isPublished: 'yes' }), 400, 'VALIDATION_FAILED');
    expect((await deckRow(deck._id)).isPublished).toBe(false);
  });
});

describe('PUT /decks/:id/publish by anyone else', () => {
  it('is 403 for a user who can view the published deck, 404 for a private one, and changes nothing', async () => {
    const { owner, deck } = await ownedDeck();
    await publish(owner, deck._id, { isPublished: true });
    const before = await deckRow(deck._id);
    const other = userCaller();
    await registerCaller(t, other);
    const err = expectError(await publish(other, deck._id, { isPublished: false }), 403, 'FORBIDDEN');
    expect(err.error).toMatch(/Only the owner/);
    expectError(await publish(other, deck._id, { isPublished: true, publishedAnonymously: true }), 403, 'FORBIDDEN');
    expect(await deckRow(deck._id)).toEqual(before);

    const { deck: hidden } = await ownedDeck();
    expectError(await publish(other, hidden._id, { isPublished: true }), 404, 'NOT_FOUND');
    expect((await deckRow(hidden._id)).isPublished).toBe(false);
  });

  it('needs a signed-in user: an anonymous session (even the owner’s) and no session get 401', async () => {
    const guest = anonCaller();
    const deck = await api.deck(guest);
    await insertSource(t, deck._id);
    expectError(await publish(guest, deck._id, { isPublished: true }), 401, 'UNAUTHENTICATED');
    expectError(await publish(nobody, deck._id, { isPublished: true }), 401, 'UNAUTHENTICATED');
    const { deck: users } = await ownedDeck();
    expectError(await publish(anonCaller(), users._id, { isPublished: true }), 401, 'UNAUTHENTICATED');
    expect((await deckRow(deck._id)).isPublished).toBe(false);
    expect((await deckRow(users._id)).isPublished).toBe(false);
  });
});
