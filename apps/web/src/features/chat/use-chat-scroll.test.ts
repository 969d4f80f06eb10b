import { describe, expect, it } from 'vitest';
import { fadeDelayMs, isAtBottom } from './use-chat-scroll';

describe('chat scrolling', () => {
  it('counts a position within 5 px of the end as the bottom', () => {
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 595 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 594 })).toBe(false);
  });

  it('delays each streamed piece by 50 ms more, capped at 500 ms', () => {
    expect([0, 1, 2, 10, 11, 40].map(fadeDelayMs)).toEqual([0, 50, 100, 500, 500, 500]);
  });
});
