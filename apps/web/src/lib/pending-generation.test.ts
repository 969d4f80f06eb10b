import { describe, expect, it } from 'vitest';
import {
  readPendingGeneration,
  savePendingGeneration,
  takePendingGeneration,
} from './pending-generation';
import { memoryStorage } from './test-fakes';

const DECK = '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01';
const OTHER = '5d1c0a8e-0000-4000-8000-000000000001';

describe('pending card generation', () => {
  it('is stored under pendingCardGeneration as {deckId, count, questionTypes, focusInstructions}', () => {
    const storage = memoryStorage();
    expect(
      savePendingGeneration(
        {
          deckId: DECK,
          count: 25,
          questionTypes: ['multiple_choice', 'case_free_response'],
          focusInstructions: '  the Calvin cycle ',
        },
        storage,
      ),
    ).toBe(true);
    expect(JSON.parse(storage.data.get('pendingCardGeneration') ?? 'null')).toEqual({
      deckId: DECK,
      count: 25,
      questionTypes: ['multiple_choice', 'case_free_response'],
      focusInstructions: 'the Calvin cycle',
    });
  });

  it('keeps an empty focus area as null', () => {
    const storage = memoryStorage();
    savePendingGeneration(
      { deckId: DECK, count: 20, questionTypes: ['free_response'], focusInstructions: '   ' },
      storage,
    );
    expect(readPendingGeneration(storage)?.focusInstructions).toBeNull();
  });

  it('refuses to store a request without question types or with a count out of range', () => {
    const storage = memoryStorage();
    expect(() =>
      savePendingGeneration({ deckId: DECK, count: 10, questionTypes: [] }, storage),
    ).toThrow();
    expect(() =>
      savePendingGeneration({ deckId: DECK, count: 0, questionTypes: ['free_response'] }, storage),
    ).toThrow();
    expect(storage.data.size).toBe(0);
  });

  it('is taken once, by the edit screen of its own deck', () => {
    const storage = memoryStorage();
    savePendingGeneration({ deckId: DECK, count: 10, questionTypes: ['multiple_choice'] }, storage);

    expect(takePendingGeneration(OTHER, storage)).toBeNull();
    expect(storage.data.has('pendingCardGeneration')).toBe(true);

    expect(takePendingGeneration(DECK, storage)).toEqual({
      deckId: DECK,
      count: 10,
      questionTypes: ['multiple_choice'],
      focusInstructions: null,
    });
    expect(storage.data.has('pendingCardGeneration')).toBe(false);
    expect(takePendingGeneration(DECK, storage)).toBeNull();
  });

  it('drops an unreadable record instead of failing', () => {
    const storage = memoryStorage({ pendingCardGeneration: '{not json' });
    expect(readPendingGeneration(storage)).toBeNull();
    expect(takePendingGeneration(DECK, storage)).toBeNull();
    expect(storage.data.has('pendingCardGeneration')).toBe(false);

    storage.data.set('pendingCardGeneration', JSON.stringify({ deckId: DECK, count: 'many' }));
    expect(takePendingGeneration(DECK, storage)).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('reads nothing from a browser that refuses storage', () => {
    expect(readPendingGeneration(null)).toBeNull();
    expect(takePendingGeneration(DECK, null)).toBeNull();
    expect(
      savePendingGeneration({ deckId: DECK, count: 10, questionTypes: ['free_response'] }, null),
    ).toBe(false);
  });
});
