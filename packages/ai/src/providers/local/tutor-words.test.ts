import { describe, expect, it } from 'vitest';
import type { TutorInput } from '../../types';
import { createLocalStudyAi } from './index';
import { answeredWrong, noteChunk, PHOTOSYNTHESIS, tutorAnswer } from './photosynthesis.fixture';
import { tutorWordsFor } from './tutor-words';

// wink and ICU on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 120_000 };
const ai = createLocalStudyAi();

const chunk = noteChunk;

const answer = (input: TutorInput) => tutorAnswer(ai, input);

/** The tutor's own words: the answer without the sources' sentences it quotes and their markers. */
function framing(text: string, passage: string): string {
  let out = text.replace(/\*\*/g, '').replace(/\s*\[\d+\]/g, '');
  for (const sentence of passage.split(/(?<=[.。।])\s*/u))
    if (sentence) out = out.split(sentence).join(' ');
  return out;
}

const ENGLISH_FRAMING = /\b(?:your sources|Here is|correct answer|could not find|In short)\b/;
const languages = Object.keys(PHOTOSYNTHESIS);

describe('the offline tutor writes its own sentences in the sources’ language', slow, () => {
  it.each(languages)(
    '%s: an overview opens with its own words, no English around the quotation',
    async (language) => {
      const { passage } = PHOTOSYNTHESIS[language]!;
      const { words, language: written, note } = tutorWordsFor(passage, 'Summarize this');
      expect(written).toBe(language);
      expect(note).toBe('');
      const text = await answer({
        mode: 'source',
        message: 'Summarize this',
        history: [],
        context: [chunk(passage)],
      });
      expect(text.startsWith(words.overview)).toBe(true);
      expect(text).toContain('[1]');
      if (language !== 'en') expect(framing(text, passage)).not.toMatch(ENGLISH_FRAMING);
    },
  );

  it.each(languages)(
    '%s: after a wrong choice, the right option and the passages in the language',
    async (language) => {
      const { passage, right, wrong } = PHOTOSYNTHESIS[language]!;
      const { words } = tutorWordsFor(passage, '');
      const text = await answer({
        mode: 'question',
        message: 'Explain the answer',
        history: [],
        context: [chunk(passage)],
        question: answeredWrong(language),
      });
      expect(text.startsWith(words.correctNot(right, wrong))).toBe(true);
      expect(text).toContain(words.sourcesSay);
      // The chosen option's own sentence, framed in the language.
      expect(text).toContain(words.otherRole(wrong, '').trim());
      if (language !== 'en') expect(framing(text, passage)).not.toMatch(ENGLISH_FRAMING);
    },
  );

  it.each(languages)('%s: says it found nothing in the language', async (language) => {
    const { passage } = PHOTOSYNTHESIS[language]!;
    const { words } = tutorWordsFor(passage, '');
    const text = await answer({
      mode: 'source',
      message: 'Which volcanoes erupted in Iceland during the winter of 1783?',
      history: [],
      context: [chunk(passage)],
    });
    expect(text.startsWith(words.notFound)).toBe(true);
  });

  it('explains a selected-text chip of a Russian source in Russian', async () => {
    const { passage } = PHOTOSYNTHESIS.ru!;
    const text = await answer({
      mode: 'source',
      message: 'Explain this:\n\nхлоропластах листьев',
      history: [],
      context: [chunk(passage)],
    });
    expect(text).toContain(
      'Фрагмент **«хлоропластах листьев»** взят из этого отрывка ваших источников:',
    );
    expect(text).toContain('Он происходит в хлоропластах листьев.');
  });

  it('answers a learner who writes Russian about an English source in Russian', async () => {
    const { passage } = PHOTOSYNTHESIS.en!;
    const message = 'Где происходит фотосинтез и что для него нужно растениям?';
    expect(tutorWordsFor(passage, message).language).toBe('ru');
    // An English message, as the app's quick prompts are, leaves the sources' language.
    expect(
      tutorWordsFor(
        PHOTOSYNTHESIS.ru!.passage,
        'Why is my answer wrong? Explain the right answer to me.',
      ).language,
    ).toBe('ru');
  });

  it('writes English and says why for sources in a language it cannot write', async () => {
    const turkish =
      'Fotosentez, bitkilerin güneş ışığının enerjisini kimyasal enerjiye dönüştürdüğü süreçtir. Yaprakların kloroplastlarında gerçekleşir.';
    const text = await answer({
      mode: 'source',
      message: 'Summarize this',
      history: [],
      context: [chunk(turkish)],
    });
    expect(text.startsWith('In short, here is what your sources cover:')).toBe(true);
    expect(text).toMatch(/cannot write Turkish\.\)$/);
  });

  it('names a short Chinese, Japanese or Korean text’s language by its script', () => {
    expect(tutorWordsFor('光合作用发生在叶绿体中。', '').language).toBe('zh');
    expect(tutorWordsFor('光合成は葉緑体で行われる。', '').language).toBe('ja');
    expect(tutorWordsFor('광합성은 엽록체에서 일어난다.', '').language).toBe('ko');
    // A short Cyrillic text may be Ukrainian or Bulgarian: English, saying it could not tell.
    expect(tutorWordsFor('Він відбувається в хлоропластах.', '').note).toMatch(/could not tell/);
  });
});
