import { describe, expect, it } from 'vitest';
import { deckTabFromPath, parseDeckEditSearch, resolveDeckTab } from './deck-tabs';

describe('deck tabs', () => {
  it('keeps known tabs and falls back to summary', () => {
    expect(resolveDeckTab('edit')).toBe('edit');
    expect(resolveDeckTab('manage')).toBe('manage');
    expect(resolveDeckTab('bogus')).toBe('summary');
    expect(resolveDeckTab(undefined)).toBe('summary');
  });

  it('derives the active tab from the path, summary by default', () => {
    expect(deckTabFromPath('/deck/d1/manage')).toBe('manage');
    expect(deckTabFromPath('/deck/d1/edit')).toBe('edit');
    expect(deckTabFromPath('/deck/d1/flashcards/')).toBe('flashcards');
    expect(deckTabFromPath('/deck/d1')).toBe('summary');
    expect(deckTabFromPath('/deck/d1/unknown')).toBe('summary');
    expect(deckTabFromPath('/library')).toBe('summary');
    // The summary quiz is a page of its own, opened from the header: no tab is current there.
    expect(deckTabFromPath('/deck/d1/quiz')).toBeNull();
  });

  it('reads the edit screen filters, keeping numeric ids as strings', () => {
    expect(
      parseDeckEditSearch({ sourceFilter: 123, cardFilter: 'a,b', isGenerating: true }),
    ).toEqual({
      sourceFilter: '123',
      cardFilter: 'a,b',
      isGenerating: true,
    });
    expect(parseDeckEditSearch({ isGenerating: false, sourceFilter: '' })).toEqual({});
  });
});
