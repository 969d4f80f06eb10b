import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase } from '@mnemo/db/testing';
import { chatMessages, chats, decks, questions, sourceChunks, sources } from '@mnemo/db/schema';
import type { Ai, StudyAi, TutorEvent, TutorInput } from '@mnemo/ai/types';
import { createHashingEmbedder, createLocalStudyAi } from '@mnemo/ai/providers/local';
import { TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { envSchema } from '../../env';
import { buildApp } from '../../app';

// Test-only: the one knob the chat tests read (as every service test does for Redis).
// eslint-disable-next-line no-restricted-properties
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The chat service as its tests use it: a migrated database of its own, real Redis under a prefix
 * no other test shares, and the offline AI unless a test passes its own `study`.
 */
export async function startChatApp(options: { study?: StudyAi; env?: Record<string, string> } = {}) {
  const database = await createTestDatabase();
  const redis = new Redis(REDIS_URL);
  const prefix = `test-chat-${randomUUID()}`;
  const env = envSchema.parse({
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ...options.env,
  });
  const ai: Pick<Ai, 'study' | 'embedder'> = {
    study: options.study ?? createLocalStudyAi(),
    embedder: createHashingEmbedder({ dimensions: 384 }),
  };
  const app = await buildApp(env, { db: database.db, redis, ai });
  return {
    app,
    db: database.db,
    redis,
    prefix,
    async close() {
      await app.close();
      await database.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
export type ChatTestApp = Awaited<ReturnType<typeof startChatApp>>;

export const anonCaller = (anonId = randomUUID()) => ({ kind: 'anonymous' as const, anonId, plan: 'anonymous' as const });
export const userCaller = () => ({ kind: 'user' as const, userId: randomUUID(), plan: 'free' as const });

export const CELLS_TEXT =
  'Mitochondria are the powerhouse of the cell. Mitochondria produce ATP through cellular respiration, ' +
  'using oxygen to release energy from glucose. Ribosomes build proteins from amino acids.';

/** A deck owned by an anonymous session, with one processed source and its one chunk. */
export async function seedDeck(
  t: ChatTestApp,
  ownerAnonId: string,
  options: { published?: boolean; systemPrompt?: string | null } = {},
) {
  const [deck] = await t.db
    .insert(decks)
    .values({ ownerAnonId, title: 'Cells', isPublished: options.published ?? false, systemPrompt: options.systemPrompt ?? null })
    .returning();
  const [source] = await t.db
    .insert(sources)
    .values({ deckId: deck!.id, type: 'website', url: 'https://example.org/cells', title: 'Cell biology', processingStatus: 'completed', content: CELLS_TEXT })
    .returning();
  const [chunk] = await t.db
    .insert(sourceChunks)
    .values({ sourceId: source!.id, deckId: deck!.id, chunkIndex: 0, content: CELLS_TEXT, tokenCount: 30 })
    .returning();
  return { deck: deck!, source: source!, chunk: chunk! };
}

/** The seeded source's multiple-choice question on what mitochondria produce (the right option: ATP). */
export async function seedChoiceQuestion(t: ChatTestApp, seeded: Awaited<ReturnType<typeof seedDeck>>) {
  const [mc] = await t.db
    .insert(questions)
    .values({
      deckId: seeded.deck.id,
      sourceId: seeded.source.id,
      chunkId: seeded.chunk.id,
      questionType: 'multiple_choice',
      question: 'What do mitochondria produce through cellular respiration?',
      options: ['Glucose', 'ATP', 'Amino acids', 'Oxygen'],
      correctAnswerIndex: 1,
      correctAnswerText: 'ATP',
    })
    .returning();
  return mc!;
}

/** The vector context a client would send: the retrieve-context chunk of the seeded source. */
export const vectorContextOf = (seeded: Awaited<ReturnType<typeof seedDeck>>) => [
  // The page the passage stands on travels with it to the answer's cited passages (issue 21).
  { content: CELLS_TEXT, score: 0.9, sourceId: seeded.source.id, sourceTitle: 'Cell biology', chunkIndex: 0, page: 3 },
];

/** The attribution of an answer citing the one passage of `vectorContextOf` as [1]. */
export const citedCellsPassage = (seeded: Awaited<ReturnType<typeof seedDeck>>) => [
  { sourceId: seeded.source.id, title: 'Cell biology', chunkIndexes: [0], passages: [{ n: 1, chunkIndex: 0, page: 3 }] },
];

/** Rows the chat tables hold for a deck: what "nothing is stored" is checked against. */
export async function storedRows(t: ChatTestApp, deckId: string) {
  const chatRows = await t.db.select({ id: chats.id }).from(chats).where(eq(chats.deckId, deckId));
  const ids = chatRows.map((c) => c.id);
  const messageRows = ids.length ? await t.db.select().from(chatMessages).where(inArray(chatMessages.chatId, ids)) : [];
  return { chats: chatRows.length, messages: messageRows.length };
}

/** The events of an SSE body, in order, with their parsed data. */
export function parseSse(body: string): Array<{ event: string; data: Record<string, unknown> }> {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

export type TutorScript = { deltas: string[]; delayMs?: number; failAfter?: number; failWith?: Error };

/**
 * A StudyAi whose tutor plays `script` (a test sets it before calling): scripted deltas with a
 * delay, stopping when its signal fires, or failing after `failAfter` deltas. `record` keeps what it
 * was asked and whether it was aborted; `reset` clears both.
 */
export function scriptedStudyAi() {
  const local = createLocalStudyAi();
  const state = { script: { deltas: [] } as TutorScript };
  const record = { inputs: [] as TutorInput[], aborted: 0, yielded: 0, finished: 0 };
  const study: StudyAi = {
    ...local,
    async *tutor(input): AsyncGenerator<TutorEvent> {
      const script = state.script;
      record.inputs.push(input);
      input.signal?.addEventListener('abort', () => void record.aborted++, { once: true });
      for (const [i, text] of script.deltas.entries()) {
        if (script.failAfter === i) throw script.failWith ?? new Error('scripted failure');
        await new Promise((resolve) => setTimeout(resolve, script.delayMs ?? 0));
        if (input.signal?.aborted) return;
        record.yielded++;
        yield { type: 'text', text };
      }
      if (script.failAfter === script.deltas.length) throw script.failWith ?? new Error('scripted failure');
      record.finished++;
      yield { type: 'citations', citations: [] };
    },
  };
  return {
    study,
    record,
    play(script: TutorScript) {
      state.script = script;
      Object.assign(record, { inputs: [], aborted: 0, yielded: 0, finished: 0 });
    },
  };
}
