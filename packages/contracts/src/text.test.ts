import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, storableString } from './text';

describe('text Postgres can store', () => {
  it('accepts ordinary text, emoji and other astral characters', () => {
    expect(isStorableText('Zürich — 東京 🧠 \t\n')).toBe(true);
    expect(findUnstorableText({ a: ['x', { b: 'y 😀' }], n: 1, z: null })).toBeNull();
  });

  it('refuses NUL and lone surrogates, and names the field', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
    expect(findUnstorableText({ cards: [{ front: 'ok' }, { front: 'bad\u0000' }] })?.path).toEqual(['cards', 1, 'front']);
    expect(findUnstorableText(JSON.parse('{"title":"\\ud800"}'))?.path).toEqual(['title']);
    expect(findUnstorableText({ 'key\u0000': 'fine' })?.path).toEqual(['key\u0000']);
  });

  it('gives single fields a zod refinement', () => {
    expect(storableString().safeParse('ok').success).toBe(true);
    expect(storableString().safeParse('no\u0000').success).toBe(false);
  });
});
