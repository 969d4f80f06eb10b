import { describe, expect, it } from 'vitest';
import { addDays, learnerDate, learnerDayStart } from './learner-day';

describe('the learner day', () => {
  it('rolls over at 4 a.m. in the learner time zone', () => {
    // 03:59 in Paris (UTC+1 in winter) still belongs to the day before.
    expect(learnerDate(new Date('2026-01-15T02:59:00Z'), 'Europe/Paris')).toBe('2026-01-14');
    expect(learnerDate(new Date('2026-01-15T03:00:00Z'), 'Europe/Paris')).toBe('2026-01-15');
    expect(learnerDate(new Date('2026-01-15T03:59:00Z'), 'UTC')).toBe('2026-01-14');
    expect(learnerDate(new Date('2026-01-15T14:59:00Z'), 'Pacific/Auckland')).toBe('2026-01-15');
    expect(learnerDate(new Date('2026-01-15T15:00:00Z'), 'Pacific/Auckland')).toBe('2026-01-16');
  });

  it('starts a day at 4 a.m. local time, across a daylight-saving change', () => {
    expect(learnerDayStart('2026-01-15', 'Europe/Paris').toISOString()).toBe('2026-01-15T03:00:00.000Z');
    expect(learnerDayStart('2026-07-15', 'Europe/Paris').toISOString()).toBe('2026-07-15T02:00:00.000Z');
    // Paris moves its clocks on 2026-03-29 at 2 a.m.: 4 a.m. that day is summer time.
    expect(learnerDayStart('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(learnerDayStart('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(learnerDate(learnerDayStart('2026-05-02', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('2026-05-02');
  });

  it('counts dates across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
