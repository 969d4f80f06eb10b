import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findRoute } from '@mnemo/contracts/routes';
import { FOLLOW_UP_PROMPTS_BY_LANGUAGE } from '@mnemo/contracts/api/prompts';
import { AiError } from '@mnemo/ai/errors';
import { DEFAULT_FOLLOW_UP_PROMPTS } from '@mnemo/ai/prompts/follow-up';
import type { FollowUpInput, StudyAi } from '@mnemo/ai/types';
import { createLocalStudyAi } from '@mnemo/ai/providers/local';
import { asCaller } from '@mnemo/service-kit/testing';
import { decks } from '@mnemo/db/schema';
import { eq } from 'drizzle-orm';
import { anonCaller, seedDeck, startChatApp, type ChatTestApp } from '../chats/chats.test-support';

/** The offline AI with its follow-up prompts recorded, or made to fail. */
const local = createLocalStudyAi();
const ai = { calls: [] as FollowUpInput[], fail: false };
const study: StudyAi = {
  ...local,
  async followUpPrompts(input) {
    ai.calls.push(input);
    if (ai.fail) throw new AiError('unavailable', 'no provider');
    return local.followUpPrompts(input);
  },
};

let t: ChatTestApp;
beforeAll(async () => {
  t = await startChatApp({ study });
});
afterEach(() => {
  ai.calls = [];
  ai.fail = false;
});
afterAll(async () => {
  await t?.close();
});

const HISTORY = [
  { role: 'user', content: 'What do mitochondria produce?' },
  { role: 'assistant', content: 'Mitochondria produce ATP through cellular respiration.' },
];

async function setup(fail = false) {
  ai.fail = fail;
  const seeded = await seedDeck(t, randomUUID(), { published: true });
  const post = async (path: '/questions/conversation-prompts' | '/sources/conversation-prompts', context: object, deckId = seeded.deck.id) => {
    const res = await t.app.inject({ method: 'POST', url: path, headers: asCaller(anonCaller()), payload: { deckId, context } });
    if (res.statusCode === 200) findRoute('POST', path)!.response!.parse(res.json());
    return res;
  };
  return { post, calls: ai.calls, seeded };
}

describe('conversation prompts', () => {
  it('answer an empty chat in the language of the deck and its question (issue 21)', async () => {
    const { post, calls, seeded } = await setup();
    await t.db.update(decks).set({ title: 'La fotosíntesis en las plantas verdes' }).where(eq(decks.id, seeded.deck.id));
    const q = await post('/questions/conversation-prompts', { question: { question: '¿Dónde tiene lugar la fotosíntesis?' }, questionType: 'free_response', chatHistory: [] });
    const prompts = q.json().prompts as string[];
    expect(prompts).toHaveLength(4);
    // Spanish: its marks and words, none of the spec's English prompts.
    for (const p of prompts) expect(p).not.toMatch(/\b(?:Explain|Give me|What|How|Can you)\b/);
    expect(prompts.join(' ')).toMatch(/[¿áéíóúñ]/);
    expect(calls).toHaveLength(0);
  });

  it('answer an empty chat in the sources’ stored language the web sends (issue 21)', async () => {
    const { post, calls } = await setup();
    // A question of a name and a number tells no language; the stored language does.
    const q = await post('/questions/conversation-prompts', { question: { question: 'ATP 2024?' }, questionType: 'free_response', chatHistory: [], language: 'de' });
    expect(q.json().prompts).toEqual([...FOLLOW_UP_PROMPTS_BY_LANGUAGE.de!.question]);
    const s = await post('/sources/conversation-prompts', { sourceTitle: 'Notes', sourceType: 'website', language: 'pt-BR' });
    expect(s.json().prompts).toEqual([...FOLLOW_UP_PROMPTS_BY_LANGUAGE.pt!.source]);
    // A language the tutor does not write: the spec's English ones.
    const x = await post('/sources/conversation-prompts', { sourceTitle: 'Notes', sourceType: 'website', language: 'sw' });
    expect(x.json().prompts).toEqual([...DEFAULT_FOLLOW_UP_PROMPTS.source]);
    expect(calls).toHaveLength(0);
  });

  it('answer the defaults of spec 02 §9 for an empty chat without asking the AI', async () => {
    const { post, calls } = await setup();
    const q = await post('/questions/conversation-prompts', { question: { question: 'What do mitochondria produce?' }, questionType: 'multiple_choice', chatHistory: [] });
    expect(q.json().prompts).toEqual([
      "Explain it to me like I'm 5 years old",
      'Give me an analogy',
      'What are some related topics I should study?',
      'Can you give me a hint for this question?',
    ]);
    const s = await post('/sources/conversation-prompts', { sourceTitle: 'Cell biology', sourceType: 'website' });
    expect(s.json().prompts).toEqual([...DEFAULT_FOLLOW_UP_PROMPTS.source]);
    expect(calls).toHaveLength(0);
  });

  it('ask the AI once the conversation has started, with the question or source context', async () => {
    const { post, calls } = await setup();
    const q = await post('/questions/conversation-prompts', {
      question: 'What do mitochondria produce?',
      questionType: 'multiple_choice',
      userAnswer: 1,
      answerSubmitted: true,
      isCorrect: true,
      evaluation: { isCorrect: true },
      chatHistory: HISTORY,
    });
    expect(q.statusCode).toBe(200);
    expect(q.json().prompts.length).toBeGreaterThan(0);
    expect(q.json().prompts).not.toEqual([...DEFAULT_FOLLOW_UP_PROMPTS.question]);
    expect(calls[0]).toMatchObject({ mode: 'question', question: { question: 'What do mitochondria produce?', userAnswer: '1', answerSubmitted: true } });
    const s = await post('/sources/conversation-prompts', { sourceTitle: 'Cell biology', sourceType: 'website', sourceContent: 'Cells...', chatHistory: HISTORY });
    expect(s.statusCode).toBe(200);
    expect(calls[1]).toMatchObject({ mode: 'source', source: { title: 'Cell biology', type: 'website' } });
  });

  it('fall back to the defaults when the AI fails', async () => {
    const { post, calls } = await setup(true);
    const s = await post('/sources/conversation-prompts', { chatHistory: HISTORY });
    expect(s.statusCode).toBe(200);
    expect(s.json().prompts).toEqual([...DEFAULT_FOLLOW_UP_PROMPTS.source]);
    expect(calls).toHaveLength(1);
  });

  it("answer 404 for a private deck of someone else's", async () => {
    const { post } = await setup();
    const res = await post('/questions/conversation-prompts', { chatHistory: [] }, randomUUID());
    expect(res.statusCode).toBe(404);
  });
});
