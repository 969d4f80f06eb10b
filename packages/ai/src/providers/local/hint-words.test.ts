import { describe, expect, it } from 'vitest';
import type { QuestionForGrading } from '../../types';
import { hintWordsFor } from './hint-words';
import { createLocalStudyAi } from './index';
import { PHOTOSYNTHESIS } from './photosynthesis.fixture';
import { questionWordsFor } from './question-words';

const slow = { timeout: 120_000 };
const ai = createLocalStudyAi();

const ENGLISH_HINT =
  /\b(?:the source|Think about|rule out|complete answer|Reread|Start (?:by|from))\b/;
const languages = Object.keys(PHOTOSYNTHESIS);

describe('the offline hint in the question’s language', slow, () => {
  it.each(languages)(
    '%s: a multiple-choice hint rules an option out in the language, never the answer',
    async (language) => {
      const { passage, right, wrong } = PHOTOSYNTHESIS[language]!;
      // As the question writer asks it: the sentence holding the answer, blanked, in the language.
      const holder = passage.split(/(?<=[.。।])\s*/u).find((s) => s.includes(right))!;
      const question = questionWordsFor(language).words.cloze(holder.replace(right, '_____'));
      const options = [right, wrong, 'ABC-1', 'XYZ-2'];
      const q: QuestionForGrading = {
        questionType: 'multiple_choice',
        question,
        options,
        correctAnswerIndex: 0,
        correctAnswerText: right,
        expectedAnswer: null,
        caseContext: null,
      };
      const { words, language: written, note } = hintWordsFor(`${question}\n${options.join('\n')}`);
      expect(written).toBe(language);
      expect(note).toBe('');
      const text = await ai.hint({ question: q, context: [] });
      expect(options.slice(1).some((o) => text.includes(words.ruleOut(o)))).toBe(true);
      expect(text).not.toContain(right);
      if (language !== 'en') expect(text).not.toMatch(ENGLISH_HINT);
    },
  );

  it.each(languages)(
    '%s: a free-response hint says what to start with in the language',
    async (language) => {
      const { passage, question } = PHOTOSYNTHESIS[language]!;
      const expected = passage.split(/(?<=[.。।])\s*/u)[0]!;
      const q: QuestionForGrading = {
        questionType: 'free_response',
        question,
        options: [],
        correctAnswerIndex: null,
        correctAnswerText: null,
        expectedAnswer: expected,
        caseContext: null,
      };
      const { words } = hintWordsFor(`${question}\n${expected}`);
      const text = await ai.hint({ question: q, context: [] });
      const sentences = [words.sayWhatIs(''), words.startFrom(''), words.keyIdeas(0), words.reread]
        // The fixed part of each sentence, before its first inserted term.
        .map((s) => s.split(/\s{2}|(?<=\S) (?=[.。।？?])|0/u)[0]!.slice(0, 6));
      expect(sentences.some((s) => text.includes(s))).toBe(true);
      if (language !== 'en') expect(text).not.toMatch(ENGLISH_HINT);
    },
  );

  it('writes English and says why for a language it cannot write', () => {
    const { language, note } = hintWordsFor(
      'Kaynağa göre fotosentez nedir?\nFotosentez, bitkilerin ışığın enerjisini kullanarak şeker ürettiği süreçtir.',
    );
    expect(language).toBe('en');
    expect(note).toMatch(/cannot write Turkish/);
  });
});
