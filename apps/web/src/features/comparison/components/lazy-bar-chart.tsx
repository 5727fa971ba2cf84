// @mantine/charts as a lazy component: the page renders its tables at once and the drawing when the library
// arrives (the chart library the result dashboard uses; docs/decisions/0018).
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChartProps } from '@mantine/charts';
import { importWithTimeout } from '../../../lib/lazy-import';

const LazyBarChart = lazy(() =>
  importWithTimeout(() => import('./mantine-bar-chart')).then((m) => ({ default: m.BarChart })),
);

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 280} radius="sm" data-testid="chart-loading" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}
