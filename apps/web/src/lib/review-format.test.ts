import { describe, expect, it } from 'vitest';
import { comesBack, dueTodayLabel, percent, timeAgo } from './review-format';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('comesBack', () => {
  it('says the interval in the largest whole unit', () => {
    expect(comesBack(later(10 * 60_000), NOW)).toBe('in 10 minutes');
    expect(comesBack(later(4 * 24 * 3600_000), NOW)).toBe('in 4 days');
    expect(comesBack(later(3 * 3600_000), NOW)).toBe('in 3 hours');
    expect(comesBack(later(65 * 24 * 3600_000), NOW)).toBe('in 2 months');
  });

  it('rounds to the nearest unit rather than truncating', () => {
    expect(comesBack(later(4.6 * 24 * 3600_000), NOW)).toBe('in 5 days');
  });

  it('says now for a card already due', () => {
    expect(comesBack(later(-5000), NOW)).toBe('now');
    expect(comesBack(later(0), NOW)).toBe('now');
    expect(comesBack('not a date', NOW)).toBe('now');
  });

  it('says in 1 minute for a one-minute step that reached the page a few seconds late', () => {
    expect(comesBack(later(55_000), NOW)).toBe('in 1 minute');
    expect(comesBack(later(1000), NOW)).toBe('in 1 minute');
    expect(comesBack(later(60_000), NOW)).toBe('in 1 minute');
  });
});

describe('percent and labels', () => {
  it('clamps and rounds a share', () => {
    expect(percent(0.734)).toBe('73%');
    expect(percent(1.2)).toBe('100%');
    expect(percent(-1)).toBe('0%');
  });
  it('names the due count', () => {
    expect(dueTodayLabel(3)).toBe('3 due today');
  });
});

describe('timeAgo', () => {
  it('says how long ago, and just now within a minute', () => {
    expect(timeAgo(later(-3 * 24 * 3600_000), NOW)).toBe('3 days ago');
    expect(timeAgo(later(-20 * 60_000), NOW)).toBe('20 minutes ago');
    expect(timeAgo(later(-10_000), NOW)).toBe('just now');
  });
});
