import { describe, expect, it } from 'vitest';
import { apportion, countsByType, planGeneration } from './plan';

describe('apportion', () => {
  it('splits by weight with the largest remainders, exactly to the total', () => {
    expect(apportion(10, [3, 1])).toEqual([8, 2]);
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 5])).toEqual([0, 7]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
  });

  it('gives every weighted part one first when the total allows, else the heaviest parts', () => {
    expect(apportion(10, [100, 1], { atLeastOne: true })).toEqual([9, 1]);
    expect(apportion(3, [100, 1, 1], { atLeastOne: true })).toEqual([1, 1, 1]);
    expect(apportion(1, [1, 100], { atLeastOne: true })).toEqual([0, 1]);
    expect(apportion(5, [0, 1, 1], { atLeastOne: true })).toEqual([0, 3, 2]);
  });
});

describe('planGeneration', () => {
  it('keeps both totals exact: per source by content, per type evenly with the remainder to the first types', () => {
    const plan = planGeneration(11, ['multiple_choice', 'free_response', 'case_free_response'], [
      { sourceId: 'a', weight: 3000 },
      { sourceId: 'b', weight: 1000 },
    ]);
    expect(countsByType(plan)).toEqual(
      new Map([
        ['multiple_choice', 4],
        ['free_response', 4],
        ['case_free_response', 3],
      ]),
    );
    const perSource = (id: string) => plan.filter((c) => c.sourceId === id).reduce((n, c) => n + c.count, 0);
    expect([perSource('a'), perSource('b')]).toEqual([8, 3]);
    // Each source gets a mix of types, not one type each.
    expect(new Set(plan.filter((c) => c.sourceId === 'b').map((c) => c.type)).size).toBe(3);
  });

  it('asks nothing of a source without text and nothing twice of a repeated type', () => {
    const plan = planGeneration(4, ['free_response', 'free_response'], [
      { sourceId: 'a', weight: 0 },
      { sourceId: 'b', weight: 10 },
    ]);
    expect(plan).toEqual([{ sourceId: 'b', type: 'free_response', count: 4 }]);
  });
});
