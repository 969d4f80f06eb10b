import { describe, expect, it } from 'vitest';
import type { Evaluation, QuestionForGrading } from '../../types';
import { chunkFixture, webFixtureText } from './fixture-text';
import { createLocalStudyAi } from './index';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const ai = createLocalStudyAi();

const freeResponse = (question: string, expectedAnswer: string): QuestionForGrading => ({
  questionType: 'free_response',
  question,
  options: [],
  correctAnswerIndex: null,
  correctAnswerText: null,
  expectedAnswer,
  caseContext: null,
});

const grade = async (q: QuestionForGrading, response: string | number) => {
  const e = await ai.evaluateAnswer({ question: q, response });
  if (e.kind !== 'free_response') throw new Error('expected a free-response evaluation');
  return e;
};

function expectConsistent(e: Extract<Evaluation, { kind: 'free_response' }>) {
  for (const score of [e.accuracy, e.clarity, e.depth]) {
    expect(Number.isInteger(score)).toBe(true);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(10);
  }
  expect(e.isCorrect).toBe(e.accuracy >= 7);
  expect(e.stoplight).toBe(e.accuracy >= 7 ? 'green' : e.accuracy >= 4 ? 'yellow' : 'red');
  expect(e.feedback.length).toBeGreaterThan(10);
}

describe('evaluateAnswer, free response', slow, () => {
  const gecko = freeResponse(
    'What is Gecko, according to the source? Explain in your own words.',
    'Gecko is a layout engine that supports web pages written using HTML, SVG, and MathML.',
  );

  it('grades a paraphrase of the expected answer green', async () => {
    const e = await grade(
      gecko,
      'It is the engine that lays out web pages; it handles pages written in HTML, SVG and MathML.',
    );
    expectConsistent(e);
    expect(e.stoplight).toBe('green');
    expect(e.isCorrect).toBe(true);
  });

  it('grades an unrelated answer red and says what was missing', async () => {
    const e = await grade(
      gecko,
      'The whales beach themselves in New Zealand because of noise in the ocean.',
    );
    expectConsistent(e);
    expect(e.stoplight).toBe('red');
    expect(e.isCorrect).toBe(false);
    expect(e.feedback).toMatch(/layout engine|web pages|HTML|SVG|MathML/);
  });

  it('grades a partial answer in between and names the key terms it left out', async () => {
    const e = await grade(gecko, 'Gecko is a layout engine for web pages.');
    expectConsistent(e);
    expect(e.accuracy).toBeGreaterThanOrEqual(4);
    expect(e.feedback).toMatch(/HTML/);
    expect(e.feedback).toMatch(/SVG/);
  });

  it('gives more depth to an answer that covers more of the key ideas', async () => {
    const short = await grade(gecko, 'A layout engine.');
    const full = await grade(
      gecko,
      'Gecko is a layout engine: it renders web pages, which can be written in HTML, SVG or MathML.',
    );
    expect(full.depth).toBeGreaterThan(short.depth);
    expect(full.accuracy).toBeGreaterThan(short.accuracy);
  });

  it('gives a well-formed answer more clarity than a fragment', async () => {
    const fragment = await grade(gecko, 'engine html svg');
    const sentence = await grade(
      gecko,
      'Gecko is an engine that lays out pages written in HTML and SVG.',
    );
    expect(sentence.clarity).toBeGreaterThan(fragment.clarity);
  });

  it('does not reward repeating the question or contradicting the source', async () => {
    const repeat = await grade(gecko, 'What is Gecko according to the source?');
    expect(repeat.stoplight).toBe('red');
    const negated = await grade(
      gecko,
      'Gecko is not a layout engine and does not support HTML, SVG or MathML.',
    );
    expect(negated.isCorrect).toBe(false);
    expect(negated.feedback).toMatch(/negates/);
  });

  it('grades an empty answer red', async () => {
    const e = await grade(gecko, '   ');
    expectConsistent(e);
    expect(e.accuracy).toBe(0);
  });

  it('grades paraphrases green and unrelated answers red on questions it wrote from a real page', async () => {
    const chunks = chunkFixture(webFixtureText('google-sre-book-1'), { sourceId: 'sre' });
    const [question] = await ai.generateQuestions({ chunks, count: 1, types: ['free_response'] });
    const q = question!;
    // The learner's words: the expected answer with its function words swapped and its order shuffled.
    const sentences = q.expectedAnswer!.split(/(?<=[.!?])\s+/);
    const paraphrase = sentences
      .reverse()
      .join(' ')
      .replace(/\bthe\b/gi, 'a')
      .replace(/\bis\b/g, 'remains');
    expect((await grade(q, paraphrase)).stoplight).toBe('green');
    expect(
      (await grade(q, 'Whale strandings in New Zealand worry the Ngātiwai tribe.')).stoplight,
    ).toBe('red');
  });
});

describe('evaluateAnswer, multiple choice', slow, () => {
  const q: QuestionForGrading = {
    questionType: 'multiple_choice',
    question:
      'Which of these is a free, open source email client developed by the Mozilla Community?',
    options: ['Netscape', 'Thunderbird', 'Gecko', 'Bugzilla'],
    correctAnswerIndex: 1,
    correctAnswerText: 'Thunderbird',
    expectedAnswer: null,
    caseContext: null,
  };

  it('grades by index', async () => {
    const right = await ai.evaluateAnswer({ question: q, response: 1 });
    expect(right).toMatchObject({
      kind: 'multiple_choice',
      isCorrect: true,
      correctAnswerIndex: 1,
      correctAnswerText: 'Thunderbird',
    });
    const wrong = await ai.evaluateAnswer({ question: q, response: 2 });
    expect(wrong).toMatchObject({
      kind: 'multiple_choice',
      isCorrect: false,
      correctAnswerIndex: 1,
      correctAnswerText: 'Thunderbird',
    });
  });

  it('takes the card fallback’s "Option B" as the second option', async () => {
    expect(await ai.evaluateAnswer({ question: q, response: 'Option B' })).toMatchObject({
      isCorrect: true,
    });
  });

  it('grades a case variant the same way', async () => {
    const e = await ai.evaluateAnswer({
      question: { ...q, questionType: 'case_multiple_choice', caseContext: 'A passage.' },
      response: 3,
    });
    expect(e).toMatchObject({ kind: 'multiple_choice', isCorrect: false });
  });
});
