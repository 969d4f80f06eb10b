import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStreamBuffer } from './stream-buffer';

describe('createStreamBuffer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function buffer() {
    const flushed: string[] = [];
    const b = createStreamBuffer({ onFlush: (t) => flushed.push(t) });
    return { b, flushed };
  }

  it('shows each of the first three reads at once', () => {
    const { b, flushed } = buffer();
    b.push('a');
    b.push('b');
    b.push('c');
    expect(flushed).toEqual(['a', 'b', 'c']);
  });

  it('then holds text until 50 ms have passed since the last flush', () => {
    const { b, flushed } = buffer();
    b.push('1');
    b.push('2');
    b.push('3');
    b.push('d');
    vi.advanceTimersByTime(20);
    b.push('e');
    expect(flushed).toEqual(['1', '2', '3']);
    vi.advanceTimersByTime(30);
    expect(flushed).toEqual(['1', '2', '3', 'de']);
  });

  it('flushes on a read once more than 5000 characters have gathered', () => {
    const { b, flushed } = buffer();
    b.push('1');
    b.push('2');
    b.push('3');
    b.push('x'.repeat(3000));
    expect(flushed).toHaveLength(3);
    b.push('y'.repeat(2001));
    expect(flushed).toHaveLength(4);
    expect(flushed[3]).toHaveLength(5001);
  });

  it('flushes the rest at the end, and drops it on dispose', () => {
    const first = buffer();
    ['1', '2', '3', 'tail'].forEach((t) => first.b.push(t));
    first.b.end();
    expect(first.flushed.at(-1)).toBe('tail');

    const second = buffer();
    ['1', '2', '3', 'lost'].forEach((t) => second.b.push(t));
    second.b.dispose();
    vi.advanceTimersByTime(100);
    expect(second.flushed).toEqual(['1', '2', '3']);
  });
});
