import { describe, expect, it } from 'vitest';
import { analyze } from './document';
import { classifyPhrases } from './name-class';

// Real WordNet and word vectors are read on first use: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

describe('classifyPhrases', slow, () => {
  it('tells people, places, organisations, times and things apart from the text, WordNet and the vectors', () => {
    // Written here: each name's class shows in a different way (a title, a saying verb, "who", an
    // organisation word, a place word, a WordNet entry, an apposition).
    const doc = analyze([
      [
        'Dr Amara Okafor tested the floating panels at Lake Tanager in 2019.',
        'Jonas Weber, who built the pontoons, said the panels stayed cool.',
        'Harlow University paid for the trial, and the Ministry of Water approved it.',
        'The panels were shipped from Kenya to the reservoir by the Tanager Power Company.',
        'Ilse Brandt, a hydrologist, measured the evaporation every week.',
        'The researchers compared the turbines with the panels after the first summer.',
      ].join(' '),
    ]);
    const classes = classifyPhrases(doc);
    const classOf = (surface: string) => {
      const phrase = [...doc.phrases.values()].find((p) => p.surface === surface);
      expect(phrase, surface).toBeDefined();
      return classes.get(phrase!.key);
    };
    expect(classOf('Jonas Weber')).toBe('person');
    expect(classOf('Ilse Brandt')).toBe('person');
    expect(classOf('Harlow University')).toBe('organisation');
    expect(classOf('Tanager Power Company')).toBe('organisation');
    expect(classOf('Lake Tanager')).toBe('place');
    expect(classOf('Kenya')).toBe('place');
    expect(classOf('2019')).toBe('time');
    expect(classOf('researchers')).toBe('person');
    expect(classOf('turbines')).toBe('thing');
  });
});
