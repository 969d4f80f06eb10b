import { describe, expect, it } from 'vitest';
import { detectLanguage, languageName } from './language';
import { webFixtureText } from './providers/local/fixture-text';

describe('detectLanguage', () => {
  it('reads English from real articles', { timeout: 60_000 }, () => {
    for (const name of ['wikipedia', 'google-sre-book-1', 'bbc-1']) {
      expect(detectLanguage(webFixtureText(name).text)).toBe('en');
    }
  });

  it.each([
    [
      'de',
      'Die Photosynthese ist ein physiologischer Prozess, bei dem Pflanzen mit Hilfe von Lichtenergie aus Kohlenstoffdioxid und Wasser Traubenzucker herstellen.',
    ],
    [
      'fr',
      "La photosynthèse est le processus par lequel les plantes vertes utilisent l'énergie de la lumière pour produire de la matière organique à partir du dioxyde de carbone.",
    ],
    [
      'es',
      'La fotosíntesis es el proceso mediante el cual las plantas verdes transforman la energía de la luz en energía química para producir su propio alimento.',
    ],
    [
      'zh',
      '光合作用是植物、藻类和某些细菌利用光能，把二氧化碳和水转化为有机物，并释放出氧气的生化过程。这个过程对地球上的生命非常重要。',
    ],
    [
      'ja',
      '光合成とは、植物や藻類などが光のエネルギーを使って、二酸化炭素と水から有機物を作り出し、酸素を放出する働きのことです。',
    ],
    [
      'ar',
      'البناء الضوئي هو عملية تقوم بها النباتات الخضراء لتحويل الطاقة الضوئية إلى طاقة كيميائية تستخدم في صنع الغذاء من ثاني أكسيد الكربون والماء.',
    ],
  ])('tags %s text with its BCP 47 code', (tag, text) => {
    expect(detectLanguage(text)).toBe(tag);
  });

  it('takes a short Russian text for Russian, not Bulgarian, and keeps Bulgarian and Ukrainian', () => {
    expect(detectLanguage('Где происходит фотосинтез и что для него нужно растениям?')).toBe('ru');
    expect(
      detectLanguage('Почему мой ответ неверный? Объясните правильный ответ, пожалуйста.'),
    ).toBe('ru');
    expect(
      detectLanguage('Фотосинтезата протича в хлоропластите на листата във всяко зелено растение.'),
    ).toBe('bg');
    expect(
      detectLanguage('Фотосинтез відбувається в хлоропластах листків кожної зеленої рослини.'),
    ).toBe('uk');
  });

  it('reads a short English question with its options as English, and a short Polish one as Polish', () => {
    expect(
      detectLanguage(
        'Which organelle makes most ATP?\nNucleus\nMitochondrion\nRibosome\nGolgi body',
      ),
    ).toBe('en');
    expect(
      detectLanguage(
        'Gdzie zachodzi fotosynteza w komórkach roślin zielonych według źródła?\nw mitochondriach',
      ),
    ).toBe('pl');
    expect(
      detectLanguage(
        'Wo findet die Photosynthese in grünen Pflanzen statt?\nIn den Chloroplasten der Blätter',
      ),
    ).toBe('de');
  });

  it('gives no language for text too short to tell', () => {
    expect(detectLanguage('PDF 2024')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });
});

describe('languageName', () => {
  it('names a language in English from its code, and keeps a code Intl cannot read', () => {
    expect(languageName('de')).toBe('German');
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageName('not a code')).toBe('not a code');
  });
});
