// @mantine/charts' BarChart, loaded when a team page draws; the drawing is hidden from assistive technology, the
// table beside it carries the numbers.
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChartProps } from '@mantine/charts';
import { importWithTimeout } from '../../../lib/lazy-import';

const LazyChart = lazy(() => importWithTimeout(() => import('./mantine-bar-chart')).then((m) => ({ default: m.BarChart })));

export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 280} radius="sm" data-testid="chart-loading" />}>
      <LazyChart {...props} />
    </Suspense>
  );
}
