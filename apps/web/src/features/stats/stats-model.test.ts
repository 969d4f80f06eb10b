import { describe, expect, it } from 'vitest';
import type { ReviewStatsResponse } from '@mnemo/contracts/api/review';
import {
  forecastLabel,
  forecastOption,
  heatmapLabel,
  heatmapOption,
  retentionLabel,
  retentionOption,
  statsSummary,
} from './stats-model';

const stats: ReviewStatsResponse = {
  success: true,
  perDay: [
    { date: '2026-03-01', reviews: 0, again: 0 },
    { date: '2026-03-02', reviews: 12, again: 2 },
    { date: '2026-03-03', reviews: 5, again: 1 },
  ],
  retention: {
    overall: 0.84,
    perDay: [
      { date: '2026-03-01', retention: null },
      { date: '2026-03-02', retention: 0.8 },
      { date: '2026-03-03', retention: 0.9 },
    ],
  },
  forecast: [
    { date: '2026-03-03', due: 4 },
    { date: '2026-03-04', due: 1 },
  ],
  streak: { current: 2, longest: 5 },
};

describe('the statistics figures', () => {
  it('adds the window up and finds the busiest day', () => {
    expect(statsSummary(stats)).toEqual({
      reviews: 17,
      again: 3,
      daysStudied: 2,
      busiest: { date: '2026-03-02', reviews: 12, again: 2 },
      dueToday: 4,
      dueNextWeek: 5,
    });
  });

  it('labels each chart with what it shows', () => {
    expect(heatmapLabel(stats.perDay)).toBe('Reviews per day: 17 reviews on 2 of the last 3 days');
    expect(retentionLabel(stats.retention.perDay, 0.84)).toBe(
      'Retention over time: 84% overall, measured on 2 days',
    );
    expect(retentionLabel([], null)).toMatch(/no reviews of learned cards yet/);
    expect(forecastLabel(stats.forecast)).toBe('Due forecast: 5 cards due over the next 2 days');
  });
});

describe('the chart options', () => {
  it('puts each day on the calendar over the window', () => {
    const option = heatmapOption(stats.perDay);
    expect(option.calendar.range).toEqual(['2026-03-01', '2026-03-03']);
    expect(option.series[0]!.data).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 12],
      ['2026-03-03', 5],
    ]);
    expect(option.visualMap.max).toBe(12);
  });

  it('leaves a gap on days without a retention measure, and shows percentages', () => {
    expect(retentionOption(stats.retention.perDay).series[0]!.data).toEqual([null, 80, 90]);
  });

  it('draws the forecast day by day', () => {
    const option = forecastOption(stats.forecast);
    expect(option.xAxis.data).toEqual(['03-03', '03-04']);
    expect(option.series[0]!.data).toEqual([4, 1]);
  });
});
