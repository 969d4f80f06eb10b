import { describe, expect, it } from 'vitest';
import {
  addChip,
  chipMessage,
  chipsActiveOn,
  chipsOfMessage,
  selectionForChip,
  truncateChipText,
} from './chat-chips';

describe('chipsActiveOn', () => {
  it('is active on the deck, manage, flashcards and summary paths only', () => {
    for (const path of ['/deck/d1', '/deck/d1/manage', '/deck/d1/flashcards', '/deck/d1/summary']) {
      expect(chipsActiveOn(path)).toBe(true);
    }
    for (const path of ['/deck/d1/edit', '/library', '/deck', '/deck/d1/summary/x', '/explore']) {
      expect(chipsActiveOn(path)).toBe(false);
    }
  });
});

describe('chip text', () => {
  it('collapses whitespace and keeps up to 33 characters whole', () => {
    expect(truncateChipText('  the   mitochondria\n is ')).toBe('the mitochondria is');
    const exact = 'a'.repeat(33);
    expect(truncateChipText(exact)).toBe(exact);
  });

  it('shows the first 15 and last 15 characters of a longer text', () => {
    expect(truncateChipText('abcdefghijklmno-middle part-pqrstuvwxyz01234')).toBe(
      'abcdefghijklmno...qrstuvwxyz01234',
    );
  });

  it('needs at least 3 characters after trimming', () => {
    expect(selectionForChip('  ab  ')).toBeNull();
    expect(selectionForChip(null)).toBeNull();
    expect(selectionForChip(' abc ')).toBe('abc');
  });
});

describe('addChip', () => {
  it("prefixes ids with 'pill-' and ignores a duplicate by trimmed, case-insensitive text", () => {
    const one = addChip([], 'Photosynthesis', 1, 'x1');
    expect(one[0]).toMatchObject({ id: 'pill-x1', text: 'Photosynthesis', timestamp: 1 });
    expect(addChip(one, '  photosynthesis ', 2)).toHaveLength(1);
    expect(addChip(one, 'Chlorophyll', 3)).toHaveLength(2);
    expect(addChip(one, 'Chlorophyll', 3)[1]?.id).toMatch(/^pill-/);
  });
});

describe('chip messages', () => {
  it("sends one chip as 'Explain this: ' plus its text, several separated by blank lines", () => {
    const chips = addChip(addChip([], 'first idea', 1), 'second idea', 2);
    expect(chipMessage(chips.slice(0, 1))).toBe('Explain this: first idea');
    expect(chipMessage(chips)).toBe('Explain this: first idea\n\nsecond idea');
  });

  it("shows a message starting with 'Explain this:' as chips, any other as a bubble", () => {
    expect(chipsOfMessage('Explain this: first idea\n\nsecond idea')).toEqual([
      'first idea',
      'second idea',
    ]);
    expect(chipsOfMessage('Please explain this: x')).toBeNull();
  });
});
