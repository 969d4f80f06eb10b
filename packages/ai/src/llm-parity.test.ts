import { startFakeAnthropic, type FakeAnthropic } from '@mnemo/testing/anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '@mnemo/testing/openai';
import type { RecordedRequest } from '@mnemo/testing/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiEnvSchema, resolveAiConfig } from './env';
import { createLlmStudyAi } from './llm-study';
import { createAnthropicChatModel } from './providers/anthropic';
import { createOpenAiChatModel } from './providers/openai';
import type { StudyAi, TextChunk } from './types';

// Issue 21: both LLM providers are asked for the same things when they write questions (concept
// tags, the source's language, no question on a fact already asked) and in the tutor's question
// mode (the question, the learner's answer and its evaluation, the passage quoted): checked on the
// requests that reach each provider's API, not on the prompt builder alone.

let openai: FakeOpenAi;
let anthropic: FakeAnthropic;
const providers: Array<{ name: string; ai: () => StudyAi; requests: () => RecordedRequest[]; reply: (value: unknown) => void; replyText: (text: string) => void }> = [];

beforeAll(async () => {
  openai = await startFakeOpenAi();
  anthropic = await startFakeAnthropic({ apiKey: 'sk-ant-test' });
  const openAiStudy = createLlmStudyAi(
    createOpenAiChatModel(resolveAiConfig(aiEnvSchema.parse({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: openai.url, AI_MAX_RETRIES: '0' }))),
  );
  const anthropicStudy = createLlmStudyAi(
    createAnthropicChatModel(
      resolveAiConfig(
        aiEnvSchema.parse({ AI_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: anthropic.url, AI_MAX_RETRIES: '0' }),
      ),
    ),
  );
  providers.push(
    { name: 'openai', ai: () => openAiStudy, requests: () => openai.requests, reply: (v) => openai.replyJson(v), replyText: (t) => openai.replyText(t) },
    { name: 'anthropic', ai: () => anthropicStudy, requests: () => anthropic.requests, reply: (v) => anthropic.replyJson(v), replyText: (t) => anthropic.replyText(t) },
  );
});
afterAll(async () => {
  await openai?.close();
  await anthropic?.close();
});

const german: TextChunk = {
  chunkId: 'c1',
  sourceId: 's1',
  sourceTitle: 'Photosynthese',
  chunkIndex: 0,
  content:
    'Die Photosynthese ist ein Vorgang, bei dem Pflanzen Lichtenergie in chemische Energie umwandeln. ' +
    'Das Chlorophyll nimmt rotes und blaues Licht auf. Dabei entstehen Glukose und Sauerstoff.',
};

/** Everything a request carries, as text: system prompt, messages, and any response schema or tool. */
const bodyText = (r: RecordedRequest) => JSON.stringify(r.body);

describe.each(['openai', 'anthropic'])('the %s provider is asked', (name) => {
  const provider = () => providers.find((p) => p.name === name)!;

  it('for questions tagged with concepts, in the source language, without a fact asked twice', async () => {
    const p = provider();
    const before = p.requests().length;
    p.reply({
      questions: [
        {
          type: 'multiple_choice',
          chunk: 1,
          question: 'Welches Pigment nimmt rotes und blaues Licht auf?',
          options: ['Chlorophyll', 'Hämoglobin', 'Melanin', 'Keratin'],
          correctOptionIndex: 0,
          expectedAnswer: null,
          caseContext: null,
          concepts: ['Chlorophyll'],
        },
      ],
    });
    const questions = await p.ai().generateQuestions({
      chunks: [german],
      count: 1,
      types: ['multiple_choice'],
      avoid: ['Was entsteht bei der Photosynthese?'],
    });
    expect(questions.map((q) => q.concepts)).toEqual([['Chlorophyll']]);
    const sent = bodyText(p.requests()[before]!);
    expect(sent).toContain('concepts');
    expect(sent).toContain('in German');
    expect(sent).toContain('never ask the same thing twice');
    expect(sent).toContain('do not repeat them or ask the same thing in other words');
    expect(sent).toContain('Was entsteht bei der Photosynthese?');
  });

  it("for the tutor's explanation of an answered question: the question, the answer, its evaluation and the passage", async () => {
    const p = provider();
    const before = p.requests().length;
    p.replyText('Die richtige Antwort ist Chlorophyll [1].');
    const events = [];
    for await (const e of p.ai().tutor({
      mode: 'question',
      message: 'Explain the answer',
      history: [],
      context: [{ ...german, score: 0.9 }],
      question: {
        question: 'Welches Pigment nimmt rotes und blaues Licht auf?',
        questionType: 'multiple_choice',
        options: ['Chlorophyll', 'Hämoglobin', 'Melanin', 'Keratin'],
        answerSubmitted: true,
        userAnswer: 'Melanin',
        correctAnswer: 'Chlorophyll',
        isCorrect: false,
        feedback: 'Melanin färbt die Haut.',
      },
    }))
      events.push(e);
    expect(events.length).toBeGreaterThan(0);
    const sent = bodyText(p.requests()[before]!);
    for (const part of [
      'Welches Pigment nimmt rotes und blaues Licht auf?',
      'The learner answered:\\nMelanin',
      'That answer was graded incorrect.',
      'Correct answer:\\nChlorophyll',
      'Feedback the learner was given:\\nMelanin färbt die Haut.',
      'Quote the sentence of the passages that shows the correct answer, with its citation',
      'Das Chlorophyll nimmt rotes und blaues Licht auf.',
    ])
      expect(sent).toContain(part);
  });
});
