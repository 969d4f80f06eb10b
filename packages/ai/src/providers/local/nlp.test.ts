import { describe, expect, it } from 'vitest';
import { parseBlock } from './nlp';

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
