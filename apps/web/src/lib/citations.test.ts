import { describe, expect, it } from 'vitest';
import { citationLabel, citationTargets, clockTime, linkCitations, placeOf } from './citations';

const attribution = [
  { sourceId: 's1', title: 'Handout', chunkIndexes: [0, 4], passages: [{ n: 1, chunkIndex: 4, page: 2 }, { n: 3, chunkIndex: 0 }] },
  { sourceId: 's2', title: 'Lecture', chunkIndexes: [7], passages: [{ n: 2, chunkIndex: 7, startSeconds: 95 }] },
  // An answer saved before passages were kept: no links, nothing breaks.
  { sourceId: 's3', title: 'Old', chunkIndexes: [1] },
];

describe('citation links', () => {
  const targets = citationTargets(attribution);

  it('knows each marker’s source, chunk and place', () => {
    expect([...targets.keys()].sort()).toEqual([1, 2, 3]);
    expect(targets.get(2)).toEqual({ n: 2, sourceId: 's2', title: 'Lecture', chunkIndex: 7, startSeconds: 95 });
    expect(citationLabel(targets.get(1)!)).toBe('Handout, page 2');
    expect(citationLabel(targets.get(2)!)).toBe('Lecture, at 1:35');
    expect(citationLabel(targets.get(3)!)).toBe('Handout');
  });

  it('links known markers, splits lists, and leaves unknown numbers and code alone', () => {
    expect(linkCitations('ATP comes from respiration [1].', targets)).toBe('ATP comes from respiration [\\[1\\]](#cite-1).');
    expect(linkCitations('Both [1, 2] and [2-3].', targets)).toBe(
      'Both [\\[1\\]](#cite-1)[\\[2\\]](#cite-2) and [\\[2\\]](#cite-2)[\\[3\\]](#cite-3).',
    );
    expect(linkCitations('Made up [9] and [1, 9].', targets)).toBe('Made up [9] and [\\[1\\]](#cite-1)\\[9\\].');
    expect(linkCitations('Use `a[1]` or\n```\nx[2]\n```\nthen [2].', targets)).toBe(
      'Use `a[1]` or\n```\nx[2]\n```\nthen [\\[2\\]](#cite-2).',
    );
    // An existing Markdown link whose text is a number is not a marker.
    expect(linkCitations('See [1](https://example.com).', targets)).toBe('See [1](https://example.com).');
    expect(linkCitations('No passages [1].', new Map())).toBe('No passages [1].');
  });

  it('says where a passage stands', () => {
    expect(placeOf({ page: 4 })).toBe('page 4');
    expect(placeOf({ startSeconds: 3723 })).toBe('at 1:02:03');
    expect(placeOf({})).toBeNull();
    expect(clockTime(0)).toBe('0:00');
  });
});
