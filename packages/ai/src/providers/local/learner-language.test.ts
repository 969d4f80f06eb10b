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

describe('short Russian messages and short texts taken for English (issue 21)', () => {
  it.each(['Привет!', 'Спасибо большое', 'Что такое фотосинтез?', 'Почему мой ответ неверный?'])(
    'names a Russian greeting, thanks or question under 40 letters: %s',
    (message) => {
      expect(languageOfText(message)).toBe('ru');
    },
  );

  it('does not name Russian for Ukrainian, Bulgarian, Belarusian or Kazakh', () => {
    for (const message of [
      'Привіт! Дякую',
      'Що таке фотосинтез?',
      'Здравей! Благодаря',
      'нумар крэдытнай карты',
      'Бұл қандай сұрақ?',
    ])
      expect(languageOfText(message)).not.toBe('ru');
  });

  it('tells a Dutch question of 40-199 letters from English by its function words', () => {
    expect(
      languageOfText('Wat is het verschil tussen chlorofyl a en chlorofyl b in planten?'),
    ).toBe('nl');
    expect(
      languageOfText('What is the difference between chlorophyll a and chlorophyll b in plants?'),
    ).toBe('en');
    // A question with its options, mostly names: English as before.
    expect(languageOfText('Which organelle makes most ATP? Nucleus Mitochondrion Ribosome')).toBe(
      'en',
    );
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
