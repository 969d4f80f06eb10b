import { describe, expect, it } from 'vitest';
import { conceptsFromPassage } from './concepts';

describe('concepts from a passage', () => {
  it('tags a question with the key words its passage is about, adjacent ones as one phrase', () => {
    const concepts = conceptsFromPassage({
      question: 'What does cellular respiration release inside the mitochondria?',
      passage:
        'Mitochondria carry out cellular respiration. Cellular respiration releases energy from glucose; the mitochondria store it as ATP.',
      keyPoints: [],
      sourceTitle: 'Cells',
    });
    expect(concepts.length).toBeGreaterThanOrEqual(1);
    expect(concepts.length).toBeLessThanOrEqual(3);
    expect(concepts).toContain('cellular respiration');
  });

  it('falls back to the source title when the question has no key word', () => {
    expect(conceptsFromPassage({ question: 'Why?', passage: null, keyPoints: [], sourceTitle: 'Photosynthesis' })).toEqual(['photosynthesis']);
    expect(conceptsFromPassage({ question: 'Why?', passage: null, keyPoints: [], sourceTitle: null })).toEqual([]);
  });
});
