import { useEffect, useMemo, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  CalendarComponent,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ReviewStatsResponse } from '@mnemo/contracts/api/review';
import {
  forecastLabel,
  forecastOption,
  heatmapLabel,
  heatmapOption,
  retentionLabel,
  retentionOption,
} from './stats-model';

// Only the parts the page draws, so the chunk stays small; this module is loaded lazily, apart
// from the landing page's bundle.
echarts.use([
  HeatmapChart,
  LineChart,
  BarChart,
  CalendarComponent,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

/** One ECharts chart in a box; the drawing is an image with `label` as its words. */
function Chart({
  option,
  label,
  height,
}: {
  option: echarts.EChartsCoreOption;
  label: string;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return (
    <div className="stats-chart-box" role="img" aria-label={label}>
      <div ref={box} style={{ height }} aria-hidden="true" />
    </div>
  );
}

/** The three charts of /stats (issue 20): the reviews heatmap, retention and the due forecast. */
export default function StatsCharts({ stats }: { stats: ReviewStatsResponse }) {
  // Built once per answer, so a re-render does not redraw the charts.
  const heatmap = useMemo(() => heatmapOption(stats.perDay), [stats]);
  const retention = useMemo(() => retentionOption(stats.retention.perDay), [stats]);
  const forecast = useMemo(() => forecastOption(stats.forecast), [stats]);
  return (
    <>
      <section className="stats-chart" aria-labelledby="stats-heatmap">
        <h2 id="stats-heatmap">Reviews per day</h2>
        <Chart option={heatmap} label={heatmapLabel(stats.perDay)} height={170} />
      </section>
      <section className="stats-chart" aria-labelledby="stats-retention">
        <h2 id="stats-retention">Retention over time</h2>
        <Chart
          option={retention}
          label={retentionLabel(stats.retention.perDay, stats.retention.overall)}
          height={220}
        />
      </section>
      <section className="stats-chart" aria-labelledby="stats-forecast">
        <h2 id="stats-forecast">Due forecast</h2>
        <Chart option={forecast} label={forecastLabel(stats.forecast)} height={220} />
      </section>
    </>
  );
}
