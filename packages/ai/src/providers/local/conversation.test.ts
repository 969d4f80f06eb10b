import { describe, expect, it } from 'vitest';
import type { ChatTurn, QuestionForGrading } from '../../types';
import { chunkFixture, webFixtureText } from './fixture-text';
import { createLocalStudyAi } from './index';
import { textTerms } from './terms';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const ai = createLocalStudyAi();

const history: ChatTurn[] = [
  { role: 'user', content: 'What is SpiderMonkey?' },
  {
    role: 'assistant',
    content:
      'SpiderMonkey is the original JavaScript engine developed by Brendan Eich when he invented JavaScript in 1995 as a developer at Netscape. [1]',
  },
];

describe('followUpPrompts', slow, () => {
  it('offers the spec’s prompts for an empty chat, verbatim, per mode', async () => {
    expect(await ai.followUpPrompts({ mode: 'question', history: [] })).toEqual([
      "Explain it to me like I'm 5 years old",
      'Give me an analogy',
      'What are some related topics I should study?',
      'Can you give me a hint for this question?',
    ]);
    expect(await ai.followUpPrompts({ mode: 'source', history: [] })).toEqual([
      "Explain it like I'm 5 years old",
      'Give me an analogy',
      'What are some practical applications of this information?',
      'How does this relate to other topics in this field?',
    ]);
  });

  it('builds elaboration, example, memory and next-step prompts around the last exchange', async () => {
    const prompts = await ai.followUpPrompts({ mode: 'source', history });
    expect(prompts).toHaveLength(4);
    expect(prompts[0]).toMatch(/detail/);
    expect(prompts[1]).toMatch(/example/);
    expect(prompts[2]).toMatch(/remember/);
    for (const p of prompts.slice(0, 3)) expect(p).toContain('SpiderMonkey');
    expect(new Set(prompts).size).toBe(4);
  });

  it('falls back to general prompts when the exchange has no key terms', async () => {
    const prompts = await ai.followUpPrompts({
      mode: 'question',
      history: [{ role: 'user', content: 'ok thanks' }],
    });
    expect(prompts).toHaveLength(4);
    for (const p of prompts) expect(p.length).toBeGreaterThan(5);
  });
});

describe('enhanceQuery', slow, () => {
  it('adds the key terms of the last messages to a short, anaphoric query', async () => {
    const enhanced = await ai.enhanceQuery({ query: 'what about it?', history });
    expect(enhanced.startsWith('what about it?')).toBe(true);
    expect(enhanced).toContain('SpiderMonkey');
  });

  it('leaves a query that stands alone as it is', async () => {
    const query = 'How does Firefox OS support HTML5 apps written with open web technologies?';
    expect(await ai.enhanceQuery({ query, history })).toBe(query);
    expect(await ai.enhanceQuery({ query: 'what about it?', history: [] })).toBe('what about it?');
  });

  it('reads only the last four messages', async () => {
    const long: ChatTurn[] = [
      { role: 'user', content: 'Tell me about Bugzilla, the bug tracking system.' },
      { role: 'assistant', content: 'Bugzilla is a web-based bug tracking system.' },
      ...history,
      { role: 'user', content: 'And Rhino?' },
      {
        role: 'assistant',
        content: 'Rhino is an open source JavaScript engine managed by the Mozilla Foundation.',
      },
    ];
    const enhanced = await ai.enhanceQuery({ query: 'why?', history: long });
    expect(enhanced).not.toContain('Bugzilla');
    expect(enhanced).toMatch(/Rhino|JavaScript engine|Mozilla Foundation/);
  });
});

describe('hint', slow, () => {
  it('never names the correct option of a question it wrote', async () => {
    const chunks = chunkFixture(webFixtureText('wikipedia'), { sourceId: 'wiki' });
    const questions = await ai.generateQuestions({
      chunks,
      count: 8,
      types: ['multiple_choice', 'case_multiple_choice'],
    });
    expect(questions.length).toBe(8);
    for (const q of questions) {
      const hint = await ai.hint({
        question: q,
        context: chunks.slice(0, 2).map((c) => ({ ...c, score: 0.5 })),
      });
      expect(hint.length).toBeGreaterThan(10);
      expect(hint.toLowerCase()).not.toContain(q.correctAnswerText!.toLowerCase());
    }
  });

  it('never names a key term of the expected answer the question does not already give', async () => {
    const chunks = chunkFixture(webFixtureText('google-sre-book-1'), { sourceId: 'sre' });
    const questions = await ai.generateQuestions({
      chunks,
      count: 6,
      types: ['free_response', 'case_free_response'],
    });
    for (const q of questions) {
      const hint = await ai.hint({ question: q });
      expect(hint.length).toBeGreaterThan(10);
      const given = new Set(textTerms(q.question));
      const secret = textTerms(q.expectedAnswer!).filter((t) => !given.has(t));
      const said = new Set(textTerms(hint));
      expect(
        secret.filter((t) => said.has(t)),
        hint,
      ).toEqual([]);
    }
  });

  it('points a free-response learner at the shape of a good answer', async () => {
    const q: QuestionForGrading = {
      questionType: 'free_response',
      question: 'What does the source say about Rothman?',
      options: [],
      correctAnswerIndex: null,
      correctAnswerText: null,
      expectedAnswer:
        'In the fall of 2017, the geophysicist Daniel Rothman, co-director of MIT’s Lorenz Center, was preparing for an upcoming symposium.',
      caseContext: null,
    };
    const hint = await ai.hint({ question: q });
    expect(hint).toContain('Rothman');
    expect(hint).toMatch(/when/i);
    expect(hint).not.toMatch(/2017|MIT|Lorenz|symposium|geophysicist/);
  });
});
