import { describe, expect, it } from 'vitest';
import {
  HINT_PROMPT,
  defaultPrompts,
  ephemeralContext,
  isHintPrompt,
  promptsOrDefaults,
  promptsRequest,
  toHistory,
} from './chat-context';
import {
  studiedLanguage,
  type QuestionChatContext,
  type SourceChatContext,
} from '../../lib/chat-types';

const DECK = '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01';
const question: QuestionChatContext = {
  type: 'question',
  deckId: DECK,
  currentQuestion: {
    _id: '00000000-0000-4000-8000-000000000001',
    question: 'What do chloroplasts make?',
    questionType: 'multiple_choice',
    options: ['Glucose', 'Salt'],
  },
  questionType: 'multiple_choice',
  userAnswer: null,
  evaluation: null,
  answerSubmitted: false,
  isCorrect: null,
};
const source: SourceChatContext = {
  type: 'source',
  deckId: DECK,
  activeSource: { _id: '00000000-0000-4000-8000-000000000002', title: 'Cells', type: 'website' },
  sourceContent: 'Cells are the unit of life.',
};

describe('follow-up prompts', () => {
  it("fall back to the mode's spec defaults when the call answered none", () => {
    expect(promptsOrDefaults('question', [])).toEqual(defaultPrompts('question'));
    expect(promptsOrDefaults('source', null)).toContain('Give me an analogy');
    expect(promptsOrDefaults('source', ['  ', 'Tell me about mitosis'])).toEqual([
      'Tell me about mitosis',
    ]);
    expect(HINT_PROMPT).toBe('Can you give me a hint for this question?');
  });

  it('ask the question or source call with the context and the history', () => {
    const history = toHistory([
      { role: 'system', content: 'hidden' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(promptsRequest(question, history)).toEqual({
      kind: 'question',
      body: {
        deckId: DECK,
        context: {
          question: 'What do chloroplasts make?',
          questionType: 'multiple_choice',
          userAnswer: null,
          evaluation: null,
          answerSubmitted: false,
          isCorrect: null,
          chatHistory: [{ role: 'user', content: 'Hi' }],
          language: null,
        },
      },
    });
    const asked = promptsRequest(source, history);
    expect(asked.kind).toBe('source');
    expect(asked.body.context).toMatchObject({ sourceTitle: 'Cells', sourceType: 'website' });
  });

  it('are in the studied sources’ language for an empty chat, and sent with the calls (issue 21)', () => {
    const german = defaultPrompts('question', 'de');
    expect(german).toHaveLength(4);
    expect(german).not.toEqual(defaultPrompts('question'));
    expect(german.join(' ')).toMatch(/[äöüß]|\b(?:mir|Sie|du)\b/u);
    // A regional tag reads its base; a language the tutor does not write keeps the spec's English.
    expect(defaultPrompts('source', 'pt-BR')).toEqual(defaultPrompts('source', 'pt'));
    expect(defaultPrompts('source', 'sw')).toEqual(defaultPrompts('source'));
    expect(promptsOrDefaults('source', [], 'es')).toEqual(defaultPrompts('source', 'es'));
    // The hint prompt is the fourth in any language, and the English one still counts.
    expect(isHintPrompt(german[3]!, 'de')).toBe(true);
    expect(isHintPrompt(HINT_PROMPT, 'de')).toBe(true);
    expect(isHintPrompt(german[0]!, 'de')).toBe(false);
    const history = toHistory([{ role: 'user', content: 'Hallo' }]);
    expect(promptsRequest({ ...question, language: 'de' }, history).body.context).toMatchObject({
      language: 'de',
    });
    expect(promptsRequest({ ...source, language: 'fr' }, history).body.context).toMatchObject({
      language: 'fr',
    });
  });
});

describe('studiedLanguage', () => {
  it('is the language the sources share, or none when they differ or have none', () => {
    expect(studiedLanguage([{ language: 'de' }, { language: 'de-AT' }, { language: null }])).toBe(
      'de',
    );
    expect(studiedLanguage([{ language: 'de' }, { language: 'en' }])).toBeNull();
    expect(studiedLanguage([{}, { language: null }])).toBeNull();
    expect(studiedLanguage(undefined)).toBeNull();
  });
});

describe('ephemeralContext', () => {
  it('describes the question without an answer before one is submitted, and sends the turns as history', () => {
    const sent = ephemeralContext(question, [
      { role: 'system', content: 'hidden' },
      { role: 'user', content: 'What is a chloroplast?' },
      { role: 'assistant', content: 'An organelle.' },
    ]);
    expect(sent.systemMessage).toContain('Question: What do chloroplasts make?');
    expect(sent.systemMessage).toContain('A. Glucose');
    expect(sent.systemMessage).toContain('has not submitted an answer');
    expect(sent.mode).toBe('question');
    expect(sent.chatHistory).toEqual([
      { role: 'user', content: 'What is a chloroplast?' },
      { role: 'assistant', content: 'An organelle.' },
    ]);
  });

  it('names the source and its beginning in source mode, keeping only the last 12 turns', () => {
    const turns = Array.from({ length: 20 }, (_, i) => ({
      role: 'user' as const,
      content: `turn ${i}`,
    }));
    const sent = ephemeralContext(source, turns);
    expect(sent.systemMessage).toBe(
      'The learner is studying the website source "Cells".\nThe beginning of the source:\nCells are the unit of life.',
    );
    expect(sent.mode).toBe('source');
    expect(sent.chatHistory.map((t) => t.content)).toEqual(turns.slice(-12).map((t) => t.content));
    expect(sent.question).toBeUndefined();
  });

  it('carries the question studied, and after an answer the answer and its evaluation (issue 21)', () => {
    const before = ephemeralContext(question, []);
    expect(before.question).toEqual({
      questionId: question.currentQuestion!._id,
      answerSubmitted: false,
    });

    const answered: QuestionChatContext = {
      ...question,
      questionType: 'free_response',
      userAnswer: 'Salt',
      answerSubmitted: true,
      isCorrect: false,
      evaluation: { freeResponse: { feedback: 'The source says chloroplasts make glucose.' } },
    };
    expect(ephemeralContext(answered, []).question).toEqual({
      questionId: question.currentQuestion!._id,
      answerSubmitted: true,
      userAnswer: 'Salt',
      isCorrect: false,
      feedback: 'The source says chloroplasts make glucose.',
    });
    // Between questions there is nothing to send.
    expect(ephemeralContext({ ...question, currentQuestion: null }, []).question).toBeUndefined();
  });
});
