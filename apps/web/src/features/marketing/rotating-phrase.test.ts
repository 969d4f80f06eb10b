import { describe, expect, it } from 'vitest';
import { HERO_PHRASES, HERO_PHRASE_INTERVAL_MS, nextPhraseIndex } from './rotating-phrase';

describe('hero rotating phrase', () => {
  it('cycles through the phrases in order and wraps', () => {
    const seen: string[] = [];
    let i = 0;
    for (let step = 0; step < HERO_PHRASES.length + 1; step++) {
      seen.push(HERO_PHRASES[i] ?? '');
      i = nextPhraseIndex(i);
    }
    expect(seen).toEqual([
      'Active Learning',
      'Interactive Notes',
      'Recall Exercises',
      'Engaging Conversations',
      'Smart Flashcards',
      'Collaborative Study',
      'Active Learning',
    ]);
    expect(HERO_PHRASE_INTERVAL_MS).toBe(5000);
  });
});
