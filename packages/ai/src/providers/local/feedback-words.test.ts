import { describe, expect, it } from 'vitest';
import type { QuestionForGrading } from '../../types';
import { feedbackWordsFor } from './feedback-words';
import { createLocalStudyAi } from './index';
import { PHOTOSYNTHESIS } from './photosynthesis.fixture';
import { freeResponse } from './test-questions';

// WordNet and the word vectors load on the first grading: a generous limit, nothing timed.
const slow = { timeout: 180_000 };
const ai = createLocalStudyAi();

async function grade(question: QuestionForGrading, response: string) {
  const e = await ai.evaluateAnswer({ question, response });
  if (e.kind !== 'free_response') throw new Error('expected a free-response evaluation');
  return e;
}

/** The passage's first sentence: the definition, the expected answer of its question. */
const definition = (passage: string) => passage.split(/(?<=[.。।])\s*/u)[0]!;

describe('the offline grader’s feedback in the question’s language', slow, () => {
  it.each(Object.keys(PHOTOSYNTHESIS))(
    '%s: a wrong answer is told so, with what is missing and the source’s sentence',
    async (language) => {
      const { question, passage, wrong } = PHOTOSYNTHESIS[language]!;
      const expected = definition(passage);
      const { words, note } = feedbackWordsFor(null, `${question}\n${expected}`);
      expect(note).toBe('');
      const e = await grade(freeResponse(question, expected), wrong);
      expect(e.stoplight).toBe('red');
      expect(e.feedback.startsWith(words.noMatch)).toBe(true);
      expect(e.feedback).toContain(words.sourceSays(expected).trim());
      expect(e.feedback).not.toMatch(/Feedback in English/);
      if (language !== 'en')
        expect(e.feedback).not.toMatch(/\b(?:the source|your answer|is missing)\b/);
    },
  );

  it.each(Object.keys(PHOTOSYNTHESIS))(
    '%s: the source’s own sentence is judged in the language',
    async (language) => {
      const { question, passage } = PHOTOSYNTHESIS[language]!;
      const expected = definition(passage);
      const { words } = feedbackWordsFor(null, `${question}\n${expected}`);
      const e = await grade(freeResponse(question, expected), expected);
      // The opening sentence of the stoplight's verdict ("Good answer", "Partly right", "This does not
      // match"), in the language: the scores are the grader's business, the words are checked here.
      const opening = {
        green: words.goodCovered('').split(/\s*:\s*|：/u)[0]!,
        yellow: words.partly,
        red: words.noMatch,
      }[e.stoplight];
      expect(opening.length).toBeGreaterThan(1);
      expect(e.feedback.startsWith(opening)).toBe(true);
      expect(e.feedback).not.toMatch(/Feedback in English/);
    },
  );

  it('joins Chinese and Japanese terms as those languages join a list', () => {
    const zh = feedbackWordsFor('zh', '').words;
    const ja = feedbackWordsFor('ja', '').words;
    expect(zh.list(['“光”', '“水”', '“糖”'])).toBe('“光”、“水”和“糖”');
    expect(ja.list(['「光」', '「水」'])).toBe('「光」、「水」');
    expect(feedbackWordsFor('en', '').words.list(['“a”', '“b”', '“c”'])).toBe('“a”, “b” and “c”');
  });

  it('writes a short Chinese question’s feedback in Chinese, its language told by its script', () => {
    // 31 letters: too few for trigrams, but Han without kana is Chinese.
    const { words, note } = feedbackWordsFor(
      null,
      '根据资料，什么是光合作用？\n光合作用是植物利用光的过程。',
    );
    expect(note).toBe('');
    expect(words.noMatch).toBe('这与资料的内容不符。');
  });

  it('takes a short Russian question for Russian, not Bulgarian', () => {
    const { words, note } = feedbackWordsFor(
      'bg',
      'Где происходит фотосинтез и что для него нужно растениям?',
    );
    expect(note).toBe('');
    expect(words.noMatch).toMatch(/источнике/);
    // A Bulgarian text keeps its language (and the note that says the grader cannot write it).
    expect(
      feedbackWordsFor('bg', 'Фотосинтезата протича в хлоропластите на листата във всяко растение.')
        .note,
    ).toMatch(/Bulgarian/);
  });
});
