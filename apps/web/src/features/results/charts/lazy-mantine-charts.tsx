// @mantine/charts (recharts and d3 under it, about 130 KB gzipped) as lazy components with the same props: the
// dashboard renders its sections, chart titles and summaries at once and each drawing when the library arrives
// (docs/decisions/0018-page-weight-and-accessibility.md). The drawings are hidden from assistive technology (the
// summaries say what they show), so the placeholder is too.
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChartProps, LineChartProps } from '@mantine/charts';
import { importWithTimeout } from '../../../lib/lazy-import';

const loadCharts = () => importWithTimeout(() => import('./mantine-charts'));
const LazyBarChart = lazy(() => loadCharts().then((module) => ({ default: module.BarChart })));
const LazyLineChart = lazy(() => loadCharts().then((module) => ({ default: module.LineChart })));

function ChartPlaceholder({ height }: { height: BarChartProps['h'] }) {
  return <Skeleton h={height ?? 240} radius="sm" data-testid="chart-loading" />;
}

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder height={props.h} />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder height={props.h} />}>
      <LazyLineChart {...props} />
    </Suspense>
  );
}
