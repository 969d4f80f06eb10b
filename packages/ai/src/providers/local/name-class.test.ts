import { describe, expect, it } from 'vitest';
import { analyze } from './document';
import { classifyPhrases, conceptKind, nameLike } from './name-class';

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

  it('reads a name as software from what it does, as an employer from who works there, and leaves a name with no evidence unknown', () => {
    // Written here: made-up names no word list knows, each with one kind of evidence or none.
    const doc = analyze([
      [
        'Quillex parses the configuration files before the server starts.',
        'The team later replaced Quillex because the files grew too large.',
        'Maria Lindqvist works at Brantoro in the harbour district.',
        'The engineers at Brantoro wrote the new billing system in a month.',
        'Nobody had heard of Zelvane before the long winter of storms.',
        'The old lighthouse keeper told stories about Zelvane every evening.',
        'The build installs qerbil and then the scripts are bundled with qerbil.',
        'The machines are built with qerbil-system-vorn and use object-oriented code.',
        'Only qerbil-system-vorn can start the machines for object-oriented code.',
      ].join(' '),
    ]);
    const classes = classifyPhrases(doc);
    const phrase = (surface: string) => {
      const p = [...doc.phrases.values()].find((x) => x.surface === surface);
      expect(p, surface).toBeDefined();
      return p!;
    };
    expect(classes.get(phrase('Quillex').key)).toBe('thing');
    expect(classes.get(phrase('Brantoro').key)).toBe('organisation');
    expect(classes.get(phrase('Zelvane').key)).toBe('unknown');
    // A lower-case word general English does not know is a name; a rare English word is not.
    expect(nameLike(phrase('qerbil'))).toBe(true);
    expect(classes.get(phrase('qerbil').key)).toBe('thing');
    expect(nameLike(phrase('engineers'))).toBe(false);
    // Words joined by hyphens: a package's name when a part is unknown, English words otherwise.
    expect(nameLike(phrase('qerbil-system-vorn'))).toBe(true);
    expect(
      [...doc.phrases.values()]
        .filter((x) => x.surface.startsWith('object-oriented'))
        .map(nameLike),
    ).not.toContain(true);
    expect(nameLike(phrase('storms'))).toBe(false);
  });
});

describe('conceptKind', slow, () => {
  it('tells components, measures and ideas apart, and says nothing of words it does not know', () => {
    const kind = (key: string) =>
      conceptKind({ key, surface: key, kind: 'concept' } as Parameters<typeof conceptKind>[0]);
    expect(kind('database')).toBe('artifact');
    expect(kind('reverse proxy server')).toBe('artifact');
    expect(kind('throughput')).toBe('attribute');
    expect(kind('memory overhead')).toBe('attribute');
    expect(kind('context')).toBe('idea');
    // A gerund with its object is an act, whatever its head.
    expect(kind('building modular applications')).toBe('act');
    // Not in the vectors, or no kind nearer than the others: no constraint.
    expect(kind('fastify-plugin')).toBeUndefined();
    expect(kind('system')).toBeUndefined();
    // Names have classes of their own, not kinds.
    expect(
      conceptKind({ key: 'redis', surface: 'Redis', kind: 'proper' } as Parameters<
        typeof conceptKind
      >[0]),
    ).toBeUndefined();
  });
});
