import { describe, expect, it } from 'vitest';
import { clampWidth } from './resizable-sidebar';

describe('clampWidth', () => {
  it('keeps the summary sidebar within 240-600 px', () => {
    expect(clampWidth(100, 240, 600)).toBe(240);
    expect(clampWidth(320, 240, 600)).toBe(320);
    expect(clampWidth(900, 240, 600)).toBe(600);
  });
  it('rounds fractional drags and treats a non-number as the minimum', () => {
    expect(clampWidth(359.6, 300, 600)).toBe(360);
    expect(clampWidth(Number.NaN, 300, 600)).toBe(300);
  });
});
