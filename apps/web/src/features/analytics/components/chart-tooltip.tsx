import { formatBucket, formatCount } from '../lib/format';
import type { Interval } from '../lib/range';
import type { ChartPoint } from './chart-point';

export interface ChartTooltipProps {
  point: ChartPoint;
  interval: Interval;
  /** Horizontal centre in px from the chart's left edge. */
  left: number;
}

/** The figures of the bucket under the pointer (the data table says the same to screen readers). */
export function ChartTooltip({ point, interval, left }: ChartTooltipProps) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-0 z-10 min-w-36 -translate-x-1/2 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
      style={{ left: left }}
    >
      <p className="font-medium">{formatBucket(point.t, interval)}</p>
      <p className="mt-1 flex items-center justify-between gap-3">
        <span className="flex items-center gap-1.5">
          <span className="size-2 rounded-sm bg-primary" />
          Clicks
        </span>
        <span className="font-semibold tabular-nums">{formatCount(point.clicks)}</span>
      </p>
      <p className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-2.5 rounded bg-amber-500 dark:bg-amber-400" />
          Unique visitors
        </span>
        <span className="font-semibold tabular-nums">{formatCount(point.uniqueVisitors)}</span>
      </p>
    </div>
  );
}
