import { describe, expect, it } from 'vitest';
import { hindiStem, parseBlock } from './nlp';

const sentenceTexts = (text: string) =>
  parseBlock(text).map((s) =>
    s.tokens.map((t, i) => (i > 0 && t.spaced ? ' ' : '') + t.value).join(''),
  );

describe('sentences', () => {
  it('are not cut at the full stops inside domain and file names', () => {
    expect(
      sentenceTexts(
        'Jamie Zawinski from Netscape registered mozilla.org in 1998. The name was kept. Open report.pdf first.',
      ),
    ).toEqual([
      'Jamie Zawinski from Netscape registered mozilla.org in 1998.',
      'The name was kept.',
      'Open report.pdf first.',
    ]);
  });

  it('still end at a full stop followed by a space', () => {
    expect(sentenceTexts('Cells divide. Mitochondria make ATP.')).toEqual([
      'Cells divide.',
      'Mitochondria make ATP.',
    ]);
  });
});

describe('Hindi words', () => {
  it('share one key across their inflected forms', () => {
    expect(hindiStem('अधिकारों')).toBe(hindiStem('अधिकार'));
    expect(hindiStem('सुरक्षाओं')).toBe(hindiStem('सुरक्षा'));
    expect(hindiStem('लड़कियों')).toBe(hindiStem('लड़की'));
    // Two letters always stay: a short word is left as it is.
    expect(hindiStem('को')).toBe('को');
  });

  it('read conjunctions, "each" and auxiliary verbs as stop words, not as content', () => {
    const tokens = parseBlock(
      'प्रत्येक व्यक्ति को शिक्षा तथा स्वतन्त्रता का अधिकार होगा। यह अधिकार सभी देशों में माना जाएगा।',
      'hi',
    ).flatMap((s) => s.tokens);
    const content = tokens.filter((t) => t.type === 'word' && !t.stop).map((t) => t.value);
    for (const word of ['तथा', 'प्रत्येक', 'होगा', 'जाएगा']) expect(content).not.toContain(word);
    for (const word of ['व्यक्ति', 'शिक्षा', 'स्वतन्त्रता', 'अधिकार']) expect(content).toContain(word);
  });
});
