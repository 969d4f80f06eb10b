import type { ReviewStatsResponse } from '@mnemo/contracts/api/review';

type PerDay = ReviewStatsResponse['perDay'];
type Forecast = ReviewStatsResponse['forecast'];
type RetentionPerDay = ReviewStatsResponse['retention']['perDay'];

/** The windows the page offers, in days. */
export const STATS_WINDOWS = [30, 90, 365] as const;

/** The figures above the charts: reviews, days studied, the busiest day and what is due next. */
export function statsSummary(stats: ReviewStatsResponse) {
  const reviews = stats.perDay.reduce((sum, d) => sum + d.reviews, 0);
  const again = stats.perDay.reduce((sum, d) => sum + d.again, 0);
  const daysStudied = stats.perDay.filter((d) => d.reviews > 0).length;
  const busiest = stats.perDay.reduce<PerDay[number] | null>(
    (best, d) => (d.reviews > 0 && (!best || d.reviews > best.reviews) ? d : best),
    null,
  );
  return {
    reviews,
    again,
    daysStudied,
    busiest,
    dueToday: stats.forecast[0]?.due ?? 0,
    dueNextWeek: stats.forecast.slice(0, 7).reduce((sum, d) => sum + d.due, 0),
  };
}

/** Words for a chart's screen-reader label, since the drawing itself says nothing. */
export function heatmapLabel(perDay: PerDay): string {
  const total = perDay.reduce((sum, d) => sum + d.reviews, 0);
  const days = perDay.filter((d) => d.reviews > 0).length;
  return `Reviews per day: ${total} ${total === 1 ? 'review' : 'reviews'} on ${days} of the last ${perDay.length} days`;
}

export function retentionLabel(perDay: RetentionPerDay, overall: number | null): string {
  const known = perDay.filter((d) => d.retention !== null).length;
  return overall === null
    ? 'Retention over time: no reviews of learned cards yet'
    : `Retention over time: ${Math.round(overall * 100)}% overall, measured on ${known} days`;
}

export function forecastLabel(forecast: Forecast): string {
  const total = forecast.reduce((sum, d) => sum + d.due, 0);
  return `Due forecast: ${total} ${total === 1 ? 'card' : 'cards'} due over the next ${forecast.length} days`;
}

const ACCENT = '#4f46e5';

/** The calendar heatmap of reviews per day (ECharts' calendar coordinate system). */
export function heatmapOption(perDay: PerDay) {
  const first = perDay[0]?.date;
  const last = perDay[perDay.length - 1]?.date;
  const max = Math.max(1, ...perDay.map((d) => d.reviews));
  return {
    animation: false,
    tooltip: {
      formatter: (p: { value: [string, number] }) => `${p.value[0]}: ${p.value[1]} reviews`,
    },
    visualMap: {
      min: 0,
      max,
      show: false,
      inRange: { color: ['#eef2ff', '#a5b4fc', ACCENT] },
    },
    calendar: {
      range: first && last ? [first, last] : undefined,
      cellSize: 16,
      left: 40,
      right: 16,
      top: 24,
      splitLine: { show: false },
      itemStyle: { borderColor: '#fff', borderWidth: 2 },
      yearLabel: { show: false },
      dayLabel: { firstDay: 1, nameMap: 'EN', fontSize: 10 },
      monthLabel: { nameMap: 'EN', fontSize: 10 },
    },
    series: [
      {
        type: 'heatmap',
        coordinateSystem: 'calendar',
        data: perDay.map((d) => [d.date, d.reviews]),
      },
    ],
  };
}

/** Retention per day as a line, 0-100%; days without a measure leave a gap. */
export function retentionOption(perDay: RetentionPerDay) {
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: perDay.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        type: 'line',
        connectNulls: false,
        itemStyle: { color: ACCENT },
        data: perDay.map((d) => (d.retention === null ? null : Math.round(d.retention * 100))),
      },
    ],
  };
}

/** Cards falling due on each coming day, as bars. */
export function forecastOption(forecast: Forecast) {
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: forecast.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', itemStyle: { color: ACCENT }, data: forecast.map((d) => d.due) }],
  };
}
