import { describe, expect, it } from 'vitest';
import { cleanSections, firstLineTitle, normaliseText } from './text';

describe('normaliseText', () => {
  it('collapses spaces and tabs, trims lines, and keeps one blank line between paragraphs', () => {
    expect(normaliseText('  One \t  two\u00a0three  \n\n\n\n  Four   five \r\n six ')).toBe(
      'One two three\n\nFour five\nsix',
    );
  });

  it('strips control and invisible characters but keeps ZWJ/ZWNJ', () => {
    expect(normaliseText('a\u0000b\u0007c\u200bd\ufeffe\u00adf\u0085g')).toBe('abcdefg');
    expect(normaliseText('می\u200cخواهم 👩\u200d🔬')).toBe('می\u200cخواهم 👩\u200d🔬');
  });

  it('turns form feeds and paragraph separators into paragraph breaks', () => {
    expect(normaliseText('page one\fpage two\u2029three\u2028four')).toBe(
      'page one\n\npage two\n\nthree\nfour',
    );
  });

  it('composes characters (NFC) so the same word is stored the same way', () => {
    expect(normaliseText('Cafe\u0301')).toBe('Café');
  });
});

describe('cleanSections', () => {
  it('drops sections left empty and headings left blank', () => {
    expect(
      cleanSections([
        { text: ' \n ', page: 1 },
        { text: 'x  y', heading: '  ', page: 2 },
        { text: 'z', heading: ' H\n1 ' },
      ]),
    ).toEqual([
      { text: 'x y', page: 2 },
      { text: 'z', heading: 'H 1' },
    ]);
  });
});

describe('firstLineTitle', () => {
  it('takes the first non-empty line and cuts a long one at a word', () => {
    expect(firstLineTitle('\n\n  Title here \nbody')).toBe('Title here');
    const long = firstLineTitle(`${'word '.repeat(60)}end`)!;
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long.endsWith('word…')).toBe(true);
    expect(firstLineTitle('  \n ')).toBeNull();
  });

  it('takes the first sentence of a first line that is a whole paragraph, in any script', () => {
    expect(
      firstLineTitle(
        'Photosynthesis turns light into sugar. Plants, algae and some bacteria do it in their chloroplasts every day.\nMore',
      ),
    ).toBe('Photosynthesis turns light into sugar.');
    // Japanese has no spaces: the sentence ends at 。, not at the paragraph's end.
    expect(
      firstLineTitle(
        '明治維新は日本の近代化の始まりであった。幕府が倒れ、新しい政府が西洋の制度を取り入れ、鉄道や学校が全国に広がった。',
      ),
    ).toBe('明治維新は日本の近代化の始まりであった。');
    // A short first line is the title as it is, full stop and all.
    expect(firstLineTitle('A note. Two.\nbody')).toBe('A note. Two.');
  });
});
