import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { chatMessages, chats, decks } from '@mnemo/db/schema';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { findRoute } from '@mnemo/contracts/routes';
import { envSchema } from '../../env';
import { buildApp } from '../../app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

beforeAll(async () => {
  database = await createTestDatabase();
  const env = envSchema.parse({ DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent' });
  app = await buildApp(env, { db: database.db, redis });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await redis.quit();
});

const anon = (anonId = randomUUID()) => ({ kind: 'anonymous' as const, anonId, plan: 'anonymous' as const });

async function deckWithChats(ownerAnonId: string, { published = false } = {}) {
  const [deck] = await database.db.insert(decks).values({ ownerAnonId, title: 'Genetics', isPublished: published }).returning();
  const [older] = await database.db
    .insert(chats)
    .values({ deckId: deck!.id, ownerAnonId, title: 'Study Session: alleles', updatedAt: new Date(Date.now() - 60_000) })
    .returning();
  const [newer] = await database.db.insert(chats).values({ deckId: deck!.id, ownerAnonId, title: 'Source Discussion: DNA' }).returning();
  await database.db.insert(chatMessages).values([
    { chatId: newer!.id, position: 1, role: 'assistant', content: 'DNA is a double helix.' },
    { chatId: newer!.id, position: 0, role: 'user', content: 'What is DNA?' },
  ]);
  return { deck: deck!, older: older!, newer: newer! };
}

describe('chats of a deck', () => {
  it('lists the owner’s chats newest first with their messages in order', async () => {
    const ownerId = randomUUID();
    const { deck, older, newer } = await deckWithChats(ownerId);
    const res = await app.inject({ url: `/chat/deck/${deck.id}`, headers: asCaller(anon(ownerId)) });
    expect(res.statusCode).toBe(200);
    expect(() => findRoute('GET', '/chat/deck/:deckId')!.response!.parse(res.json())).not.toThrow();
    const list = res.json().chats;
    expect(list.map((c: { _id: string }) => c._id)).toEqual([newer.id, older.id]);
    expect(list[0].messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'What is DNA?'],
      ['assistant', 'DNA is a double helix.'],
    ]);
    expect(list[0]).toMatchObject({ title: 'Source Discussion: DNA', deckId: deck.id, isPreview: false });
  });

  it("answers 404 for a private deck that is someone else's", async () => {
    const { deck } = await deckWithChats(randomUUID());
    const res = await app.inject({ url: `/chat/deck/${deck.id}`, headers: asCaller(anon()) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Deck not found');
  });

  it('gives a viewer of a published deck no server-stored history', async () => {
    const { deck } = await deckWithChats(randomUUID(), { published: true });
    const res = await app.inject({ url: `/chat/deck/${deck.id}`, headers: asCaller(anon()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().chats).toEqual([]);
  });
});
