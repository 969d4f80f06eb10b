import { describe, expect, it } from 'vitest';
import type { TutorInput } from '../../types';
import { messageTerms, subjectTerms } from './conversation';
import { createLocalStudyAi } from './index';
import { answeredWrong, noteChunk, PHOTOSYNTHESIS, tutorAnswer } from './photosynthesis.fixture';
import { readMessage, tutorWordsFor } from './tutor-words';

// wink and ICU on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 120_000 };
const ai = createLocalStudyAi();

const chunk = noteChunk;

const answer = (input: TutorInput) => tutorAnswer(ai, input);

/** A learner's requests, typed in the language of the source: summary, why, an example of its subject. */
const MESSAGES: Record<string, { summary: string; why: string; example: string; subject: string }> =
  {
    es: {
      subject: 'fotosíntesis',
      summary: 'Resume esto, por favor',
      why: '¿Por qué mi respuesta está mal?',
      example: 'Dame un ejemplo de fotosíntesis',
    },
    de: {
      subject: 'Photosynthese',
      summary: 'Fasse das bitte zusammen',
      why: 'Warum ist meine Antwort falsch?',
      example: 'Gib mir ein Beispiel für Photosynthese',
    },
    zh: {
      subject: '光合作用',
      summary: '请总结一下',
      why: '为什么我的答案错了？',
      example: '请举个例子说明光合作用',
    },
    ar: {
      subject: 'التمثيل الضوئي',
      summary: 'لخّص هذا من فضلك',
      why: 'لماذا إجابتي خاطئة؟',
      example: 'أعطني مثالا على التمثيل الضوئي',
    },
    ru: {
      subject: 'фотосинтеза',
      summary: 'Перескажи главное, пожалуйста',
      why: 'Почему мой ответ неверный?',
      example: 'Приведите пример фотосинтеза',
    },
  };
const languages = Object.keys(MESSAGES);

describe('the offline tutor understands requests in the sources’ language', slow, () => {
  it.each(languages)(
    '%s: the request is recognised and its words are not searched for',
    (language) => {
      const m = MESSAGES[language]!;
      expect([...readMessage(m.summary, language).intents]).toContain('summary');
      expect([...readMessage(m.why, language).intents]).toContain('why');
      const example = readMessage(m.example, language);
      expect([...example.intents]).toContain('example');
      // Only the subject is left to search for: the request and courtesy words are gone.
      expect(subjectTerms(example).stems).toEqual(messageTerms(m.subject).stems);
      expect(subjectTerms(readMessage(m.summary, language)).stems).toEqual([]);
    },
  );

  it.each(languages)('%s: "summarise" gets an overview, not "not found"', async (language) => {
    const { passage } = PHOTOSYNTHESIS[language]!;
    const { words } = tutorWordsFor(passage, '');
    const text = await answer({
      mode: 'source',
      message: MESSAGES[language]!.summary,
      history: [],
      context: [chunk(passage)],
    });
    expect(text.startsWith(words.overview)).toBe(true);
  });

  it.each(languages)(
    '%s: "why is mine wrong" explains the answer to the question',
    async (language) => {
      const { passage, right, wrong } = PHOTOSYNTHESIS[language]!;
      const { words } = tutorWordsFor(passage, '');
      const text = await answer({
        mode: 'question',
        message: MESSAGES[language]!.why,
        history: [],
        context: [chunk(passage)],
        question: answeredWrong(language),
      });
      expect(text.startsWith(words.correctNot(right, wrong))).toBe(true);
      expect(text).toContain(words.sourcesSay);
    },
  );

  it.each(languages)(
    '%s: "an example of X" quotes the passage on X as an example',
    async (language) => {
      const { passage } = PHOTOSYNTHESIS[language]!;
      const { words } = tutorWordsFor(passage, '');
      const text = await answer({
        mode: 'source',
        message: MESSAGES[language]!.example,
        history: [],
        context: [chunk(passage)],
      });
      expect(text.startsWith(words.leadExample)).toBe(true);
      expect(text).toContain('[1]');
    },
  );

  it('drops a French request verb without its pronoun', () => {
    const read = readMessage('Donne un exemple de photosynthèse', 'fr');
    expect([...read.intents]).toContain('example');
    expect(subjectTerms(read).stems).toEqual(messageTerms('photosynthèse').stems);
  });

  it('reads an English quick prompt on a Spanish source as English', () => {
    const read = readMessage('Explain the answer', 'es');
    expect([...read.intents]).toContain('why');
    // English, told by its own words, not the Spanish source's language guessed for it.
    expect(read.language).toBeNull();
  });
});
