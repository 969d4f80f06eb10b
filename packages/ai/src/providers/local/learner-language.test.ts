import { describe, expect, it } from 'vitest';
import { leansOnHistory } from './conversation';
import { stopWords } from './feedback-words';
import { languageOfText } from './learner-language';

describe('the language of a learner’s short message (issue 21)', () => {
  it.each([
    ['es', '¿Por qué mi respuesta está mal?'],
    ['de', 'Warum ist meine Antwort falsch?'],
    ['fr', 'Pourquoi ma réponse est fausse ?'],
    ['nl', 'Waarom is mijn antwoord fout?'],
    ['en', 'Why is my answer wrong?'],
  ])('tells %s from its function words under 40 letters', (language, message) => {
    expect(languageOfText(message)).toBe(language);
  });

  it('names no language for a term alone or a message of a language it does not write', () => {
    expect(languageOfText('Fotosíntesis')).toBeNull();
    expect(['en', null]).toContain(languageOfText('Dlaczego moja odpowiedź jest zła?'));
  });
});

describe('follow-ups in other languages lean on the conversation (issue 21)', () => {
  it('reads a request for more as a follow-up and a question of its own as standalone', () => {
    expect(leansOnHistory('Você pode me contar mais sobre isso, por favor?')).toBe(true);
    expect(leansOnHistory('Kun je me daar alsjeblieft meer over vertellen?')).toBe(true);
    expect(leansOnHistory('¿Qué papel tiene la clorofila en las hojas verdes?')).toBe(false);
  });
});

describe('stop words of languages stopwords-iso lacks (issue 21)', () => {
  it('reads Nepali function words from @orama/stopwords', () => {
    const nepali = stopWords('ne');
    expect(nepali?.has('छैन')).toBe(true);
    expect(nepali?.has('को')).toBe(true);
  });
});
