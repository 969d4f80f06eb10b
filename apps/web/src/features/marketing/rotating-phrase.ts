import { useEffect, useState } from 'react';

/** The hero's rotating phrases, in order (spec 01 §2.12). */
export const HERO_PHRASES = [
  'Active Learning',
  'Interactive Notes',
  'Recall Exercises',
  'Engaging Conversations',
  'Smart Flashcards',
  'Collaborative Study',
] as const;

export const HERO_PHRASE_INTERVAL_MS = 5000;

/** The phrase index after `index`, wrapping to the first after the last. */
export function nextPhraseIndex(index: number, count: number = HERO_PHRASES.length): number {
  return count <= 0 ? 0 : (index + 1) % count;
}

/** Cycles through `count` items, one step every `intervalMs`. */
export function useRotatingIndex(
  count: number,
  intervalMs: number = HERO_PHRASE_INTERVAL_MS,
): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => nextPhraseIndex(i, count)), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
