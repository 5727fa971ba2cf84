// @mantine/charts as a lazy chunk (it is heavy): the distribution's numbers are in the table beside it at once,
// the drawing follows when the library arrives. The drawing is hidden from assistive technology.
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChartProps } from '@mantine/charts';
import { importWithTimeout } from '../../../lib/lazy-import';

const LazyBarChart = lazy(() => importWithTimeout(() => import('./mantine-bar-chart')).then((m) => ({ default: m.BarChart })));

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 240} radius="sm" data-testid="chart-loading" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}
