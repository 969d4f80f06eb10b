import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute } from '@mnemo/contracts/routes';
import type { Identity } from '@mnemo/contracts/identity';
import { sourceChunks } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { eq } from 'drizzle-orm';
import { anonCaller, parseSse, seedChoiceQuestion, seedDeck, startChatApp, type ChatTestApp } from './chats.test-support';
import { tutorQuestion } from './study-question';

// Issue 21: in question mode the tutor answers about the question being studied, the learner's
// answer and its evaluation, quoting the passage the question was written from.

let t: ChatTestApp;
beforeAll(async () => {
  t = await startChatApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (caller: Identity, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: asCaller(caller), payload });

type Answer = { content: string; attribution?: Array<{ sourceId: string; passages?: Array<{ n: number; chunkIndex: number; page?: number }> }> };

async function ephemeral(caller: Identity, payload: object): Promise<Answer> {
  const res = await call(caller, '/chat/message/ephemeral', payload);
  expect(res.statusCode, res.body).toBe(200);
  return (findRoute('POST', '/chat/message/ephemeral')!.response!.parse(res.json()) as { message: Answer }).message;
}

async function seedQuestion() {
  const owner = anonCaller();
  const seeded = await seedDeck(t, owner.anonId);
  // A document's chunk: its citation carries the page.
  await t.db.update(sourceChunks).set({ position: { page: 2 } }).where(eq(sourceChunks.id, seeded.chunk.id));
  const mc = await seedChoiceQuestion(t, seeded);
  return { owner, seeded, mc };
}

/** What the study page sends for "Explain the answer" after a wrong choice (study-chat.ts). */
const explainMessage = (question: string, mine: string, right: string) =>
  `My answer to this question was not right. Please explain the correct answer and where my answer went wrong.\n\nQuestion: ${question}\nMy answer: ${mine}\nCorrect answer: ${right}`;

describe('a question-mode message with the question studied', () => {
  it('"Explain the answer" after a wrong choice names both options and quotes the question\'s passage with its page, retrieval or not', async () => {
    const { owner, seeded, mc } = await seedQuestion();
    const answer = await ephemeral(owner, {
      deckId: seeded.deck.id,
      mode: 'question',
      message: explainMessage(mc.question, 'A. Glucose', 'B. ATP'),
      vectorContext: null,
      question: { questionId: mc.id, answerSubmitted: true, userAnswer: 'A. Glucose', isCorrect: false },
    });
    const text = answer.content.replace(/\*\*/g, '');
    expect(text).toContain('The correct answer is ATP, not Glucose.');
    expect(text).toMatch(/Mitochondria produce ATP through cellular respiration[^[]*\[1\]/);
    expect(text).not.toContain('I could not find');
    expect(answer.attribution).toEqual([
      expect.objectContaining({ sourceId: seeded.source.id, passages: [{ n: 1, chunkIndex: 0, page: 2 }] }),
    ]);
  });

  it('before an answer, a chip of the question is explained without giving the answer away', async () => {
    const { owner, seeded, mc } = await seedQuestion();
    const answer = await ephemeral(owner, {
      deckId: seeded.deck.id,
      mode: 'question',
      message: `Explain this: ${mc.question}`,
      vectorContext: null,
      question: { questionId: mc.id, answerSubmitted: false },
    });
    expect(answer.content).toContain('_____');
    expect(answer.content).not.toMatch(/\bATP\b/);
  });

  it('streams the same explanation, and ignores a question of another deck', async () => {
    const { owner, seeded, mc } = await seedQuestion();
    const res = await call(owner, '/chat/stream/ephemeral', {
      deckId: seeded.deck.id,
      mode: 'question',
      message: explainMessage(mc.question, 'D. Oxygen', 'B. ATP'),
      vectorContext: null,
      question: { questionId: mc.id, answerSubmitted: true, userAnswer: 'D. Oxygen', isCorrect: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const streamed = parseSse(res.body)
      .filter((e) => e.event === 'chunk')
      .map((e) => String(e.data.content))
      .join('');
    expect(streamed.replace(/\*\*/g, '')).toContain('The correct answer is ATP, not Oxygen.');

    const other = await seedQuestion();
    const foreign = await ephemeral(owner, {
      deckId: seeded.deck.id,
      mode: 'question',
      message: 'Why is that the answer?',
      vectorContext: null,
      question: { questionId: other.mc.id, answerSubmitted: true, userAnswer: 'A. Glucose' },
    });
    expect(foreign.content).not.toContain('The correct answer is');
  });
});

describe('tutorQuestion', () => {
  const q = {
    questionType: 'multiple_choice' as const,
    question: 'What do mitochondria produce?',
    options: ['Glucose', 'ATP', 'Amino acids', 'Oxygen'],
    correctAnswerIndex: 1,
    correctAnswerText: 'ATP',
    expectedAnswer: null,
    caseContext: null,
  };

  it('tells the answer only once the learner has answered, and judges a choice against the deck', () => {
    expect(tutorQuestion(q, { answerSubmitted: false, userAnswer: 'B. ATP' })).not.toHaveProperty('correctAnswer');
    for (const [userAnswer, chosen, isCorrect] of [
      ['A. Glucose', 'Glucose', false],
      ['B', 'ATP', true],
      [1, 'ATP', true],
      ['atp', 'ATP', true],
    ] as const) {
      // The client's own verdict does not decide a choice.
      expect(tutorQuestion(q, { answerSubmitted: true, userAnswer, isCorrect: !isCorrect })).toMatchObject({
        correctAnswer: 'ATP',
        userAnswer: chosen,
        isCorrect,
      });
    }
  });

  it("keeps a free response's grade and feedback", () => {
    const free = { ...q, questionType: 'free_response' as const, options: [], correctAnswerIndex: null, correctAnswerText: null, expectedAnswer: 'ATP, through cellular respiration' };
    expect(
      tutorQuestion(free, { answerSubmitted: true, userAnswer: 'Sugar', isCorrect: false, feedback: ' It misses ATP. ' }),
    ).toMatchObject({ correctAnswer: 'ATP, through cellular respiration', userAnswer: 'Sugar', isCorrect: false, feedback: 'It misses ATP.' });
  });
});
