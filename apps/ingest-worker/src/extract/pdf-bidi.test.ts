import { describe, expect, it } from 'vitest';
import { readingOrder } from './pdf-bidi';

/** Glyph texts as a PDF draws them, left to right: one letter a glyph unless split otherwise. */
const drawn = (...parts: string[]) => parts.flatMap((p) => (p.length > 1 ? [...p] : [p]));
const reversed = (word: string) => [...word].reverse().join('');

describe('readingOrder', () => {
  it('joins a line without right-to-left letters unchanged, ligature glyphs and all', () => {
    expect(readingOrder(['The ', 'ﬁ', 'rst line, 2024.'])).toBe('The ﬁrst line, 2024.');
  });

  it('reads an Arabic word drawn last letter first, its contextual forms folded to letters', () => {
    // سلام drawn left to right: final-form meem... initial-form seen.
    expect(readingOrder(['ﻡ', 'ﺎ', 'ﻠ', 'ﺳ'])).toBe('سلام');
  });

  it('keeps the letters of one glyph (a lam-alef ligature, a cluster) in their order', () => {
    expect(readingOrder(['ﻻ', ' ', 'ﻡ', 'ﺎ', 'ﻠ', 'ﺳ'])).toBe('سلام لا');
    expect(readingOrder(['لا', ' ', 'م', 'ا', 'ل', 'س'])).toBe('سلام لا');
  });

  it('keeps numbers and Latin words inside a right-to-left line in their own order', () => {
    // "في عام 2024 كتب Python" drawn: the line's last word at the left.
    const line = drawn(
      'Python',
      ' ',
      reversed('كتب'),
      ' ',
      '2024',
      ' ',
      reversed('عام'),
      ' ',
      reversed('في'),
    );
    expect(readingOrder(line)).toBe('في عام 2024 كتب Python');
  });

  it('keeps a right-to-left word inside a left-to-right line in place, in reading order', () => {
    const line = drawn('The greeting ', reversed('السلام'), ' means peace, since 1948.');
    expect(readingOrder(line)).toBe('The greeting السلام means peace, since 1948.');
  });

  it('reads Hebrew as well as Arabic', () => {
    expect(readingOrder(drawn(reversed('שלום עולם')))).toBe('שלום עולם');
  });

  it('gives a bracket drawn in a right-to-left run its mirror', () => {
    // "(سلام)" in a right-to-left line: the opening bracket is drawn at the right as ")".
    expect(readingOrder(drawn('(', reversed('سلام'), ')'))).toBe('(سلام)');
  });
});
