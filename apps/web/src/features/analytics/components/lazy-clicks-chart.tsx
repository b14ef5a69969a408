import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { ClicksChartProps } from './clicks-chart';

const ClicksChart = lazy(() => import('./clicks-chart').then((m) => ({ default: m.ClicksChart })));

/** The clicks chart, its code fetched on first use (a skeleton of the same height meanwhile). */
export function LazyClicksChart(props: ClicksChartProps) {
  return (
    <Suspense fallback={<Skeleton className="w-full" style={{ height: props.height ?? 240 }} />}>
      <ClicksChart {...props} />
    </Suspense>
  );
}
