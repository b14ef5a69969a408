import { TableIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/cn';
import {
  chartSummary,
  formatAxisLabel,
  formatBucket,
  formatCount,
  hourLabelIndexes,
  labelIndexes,
  niceTicks,
} from '../lib/format';
import type { Interval } from '../lib/range';

/*
 * Clicks over time, drawn as plain SVG (no chart library): bars for clicks (an area when
 * the bars would be thinner than 3 px), a line for unique visitors. Loaded lazily with the
 * analytics views. The picture has a one-sentence text alternative; the numbers themselves
 * are in a data table that can be shown under it.
 */

export interface ChartPoint {
  t: string;
  clicks: number;
  uniqueVisitors: number;
}

export interface ClicksChartProps {
  series: readonly ChartPoint[];
  interval: Interval;
  /** Height of the drawing in px. */
  height?: number;
  /** Fewer ticks and no point markers (dashboard overview). */
  compact?: boolean;
  className?: string;
}

function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const AXIS_TEXT = 'fill-muted-foreground text-[11px] tabular-nums';
const VISITOR_STROKE = 'stroke-amber-500 dark:stroke-amber-400';

export function ClicksChart({
  series,
  interval,
  height = 240,
  compact = false,
  className,
}: ClicksChartProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const width = useElementWidth(wrapper);
  const [active, setActive] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();

  const n = series.length;
  const max = series.reduce((m, p) => Math.max(m, p.clicks, p.uniqueVisitors), 0);
  const ticks = niceTicks(max, compact ? 3 : 4);
  const top = ticks[ticks.length - 1] ?? 1;
  const longestTick = ticks.reduce((m, t) => Math.max(m, formatCount(t).length), 1);
  const margin = { top: 10, right: 8, bottom: 24, left: longestTick * 7 + 12 };
  const plotW = Math.max(0, width - margin.left - margin.right);
  const plotH = Math.max(0, height - margin.top - margin.bottom);
  const band = n > 0 ? plotW / n : 0;
  const baseline = margin.top + plotH;
  const y = (v: number) => baseline - (v / top) * plotH;
  const xCenter = (i: number) => margin.left + band * (i + 0.5);
  const asBars = band >= 3;
  const barWidth = Math.max(1, band * (band > 12 ? 0.62 : 0.74));
  const maxLabels = Math.max(2, Math.floor(plotW / 72));
  const labels =
    interval === 'hour' ? hourLabelIndexes(series, maxLabels) : labelIndexes(n, maxLabels);
  const clampX = (x: number, pad: number) =>
    Math.min(Math.max(x, margin.left + pad), width - margin.right - pad);

  const visitorPath = series
    .map(
      (p, i) => `${i === 0 ? 'M' : 'L'}${xCenter(i).toFixed(1)},${y(p.uniqueVisitors).toFixed(1)}`,
    )
    .join('');
  const clickLine = series
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${xCenter(i).toFixed(1)},${y(p.clicks).toFixed(1)}`)
    .join('');
  const clickArea =
    n > 0
      ? `${clickLine}L${xCenter(n - 1).toFixed(1)},${baseline}L${xCenter(0).toFixed(1)},${baseline}Z`
      : '';

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    if (band <= 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor((event.clientX - box.left) / band);
    setActive(Math.min(n - 1, Math.max(0, index)));
  };

  const activePoint = active !== null ? series[active] : undefined;
  const unit = interval === 'hour' ? 'Hour (UTC)' : 'Day (UTC)';

  return (
    <div className={cn('grid min-w-0 gap-3', className)}>
      {/* The drawing is absolutely placed, so it never widens the box it measures. */}
      <div ref={wrapper} className="relative w-full min-w-0" style={{ height }}>
        {width > 0 ? (
          <svg
            role="img"
            aria-label={chartSummary(series, interval)}
            width={width}
            height={height}
            className="absolute inset-0 block overflow-visible select-none"
          >
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={margin.left}
                  x2={width - margin.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? 'stroke-border' : 'stroke-border/70'}
                  strokeDasharray={tick === 0 ? undefined : '3 4'}
                />
                <text
                  x={margin.left - 8}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  className={AXIS_TEXT}
                >
                  {formatCount(tick)}
                </text>
              </g>
            ))}
            {labels.map((i) => (
              <text
                key={i}
                x={clampX(xCenter(i), 18)}
                y={height - 6}
                textAnchor="middle"
                className={AXIS_TEXT}
              >
                {formatAxisLabel(series[i]!.t, interval)}
              </text>
            ))}
            {active !== null && band > 0 ? (
              <rect
                x={margin.left + band * active}
                y={margin.top}
                width={band}
                height={plotH}
                className="fill-foreground/[0.06]"
              />
            ) : null}
            {asBars ? (
              series.map((p, i) =>
                p.clicks > 0 ? (
                  <rect
                    key={p.t}
                    x={xCenter(i) - barWidth / 2}
                    y={y(p.clicks)}
                    width={barWidth}
                    height={baseline - y(p.clicks)}
                    rx={barWidth > 6 ? 3 : 1}
                    className={cn(
                      'fill-primary transition-opacity',
                      active !== null && active !== i ? 'opacity-60' : 'opacity-90',
                    )}
                  />
                ) : null,
              )
            ) : (
              <>
                <path d={clickArea} className="fill-primary/15" />
                <path
                  d={clickLine}
                  fill="none"
                  strokeWidth={1.5}
                  strokeLinejoin="round"
                  className="stroke-primary"
                />
              </>
            )}
            <path
              d={visitorPath}
              fill="none"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
              className={VISITOR_STROKE}
            />
            {!compact && n <= 45
              ? series.map((p, i) => (
                  <circle
                    key={p.t}
                    cx={xCenter(i)}
                    cy={y(p.uniqueVisitors)}
                    r={active === i ? 4 : 2.5}
                    strokeWidth={2}
                    className={cn(VISITOR_STROKE, 'fill-card')}
                  />
                ))
              : null}
            <rect
              x={margin.left}
              y={margin.top}
              width={plotW}
              height={plotH}
              fill="transparent"
              onPointerMove={onPointerMove}
              onPointerDown={onPointerMove}
              onPointerLeave={() => setActive(null)}
            />
          </svg>
        ) : null}
        {activePoint && active !== null ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-0 z-10 min-w-36 -translate-x-1/2 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
            style={{ left: clampX(xCenter(active), 72) }}
          >
            <p className="font-medium">{formatBucket(activePoint.t, interval)}</p>
            <p className="mt-1 flex items-center justify-between gap-3">
              <span className="flex items-center gap-1.5">
                <span className="size-2 rounded-sm bg-primary" />
                Clicks
              </span>
              <span className="font-semibold tabular-nums">{formatCount(activePoint.clicks)}</span>
            </p>
            <p className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-1.5">
                <span className="h-0.5 w-2.5 rounded bg-amber-500 dark:bg-amber-400" />
                Unique visitors
              </span>
              <span className="font-semibold tabular-nums">
                {formatCount(activePoint.uniqueVisitors)}
              </span>
            </p>
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" />
            Clicks
          </li>
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-0.5 w-3.5 rounded bg-amber-500 dark:bg-amber-400"
            />
            Unique visitors
          </li>
          <li>Times in UTC</li>
        </ul>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
          className="-mr-2"
        >
          <TableIcon aria-hidden="true" />
          {showTable ? 'Hide data table' : 'Show data table'}
        </Button>
      </div>

      {/* Focusable, so keyboard users can scroll a long table. */}
      <div
        id={tableId}
        hidden={!showTable}
        role="region"
        aria-label="Chart data"
        tabIndex={showTable ? 0 : -1}
        className="max-h-80 overflow-y-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {showTable ? (
          <Table>
            <caption className="sr-only">Clicks and unique visitors per {interval}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{unit}</TableHead>
                <TableHead className="text-right">Clicks</TableHead>
                <TableHead className="text-right">Unique visitors</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {series.map((p) => (
                <TableRow key={p.t}>
                  <TableCell className="whitespace-nowrap">{formatBucket(p.t, interval)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(p.clicks)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCount(p.uniqueVisitors)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </div>
    </div>
  );
}
