import { useId, useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import {
  chartSummary,
  formatAxisLabel,
  formatCount,
  hourLabelIndexes,
  labelIndexes,
  niceTicks,
} from '../lib/format';
import type { Interval } from '../lib/range';
import { ChartDataTable } from './chart-data-table';
import { ChartLegend } from './chart-legend';
import type { ChartPoint } from './chart-point';
import { ChartTooltip } from './chart-tooltip';
import { useElementWidth } from './use-element-width';

/*
 * Clicks over time, drawn as plain SVG (no chart library): bars for clicks (an area when
 * the bars would be thinner than 3 px), a line for unique visitors. Loaded lazily with the
 * analytics views. The picture has a one-sentence text alternative; the numbers themselves
 * are in a data table that can be shown under it.
 */

export type { ChartPoint };

export interface ClicksChartProps {
  series: readonly ChartPoint[];
  interval: Interval;
  /** Height of the drawing in px. */
  height?: number;
  /** Fewer ticks and no point markers (dashboard overview). */
  compact?: boolean;
  className?: string;
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

  return (
    <div className={cn('grid min-w-0 gap-3', className)}>
      {/* The drawing is absolutely placed, so it never widens the box it measures. */}
      <div ref={wrapper} className="relative w-full min-w-0" style={{ height }}>
        {max === 0 ? (
          <div
            className="absolute inset-0 flex items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground"
            data-testid="chart-empty"
          >
            No clicks in this period
          </div>
        ) : width > 0 ? (
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
            {/* Markers only where there were visitors (or under the pointer): no row of dots
                along zero for quiet days. */}
            {!compact && n <= 45
              ? series.map((p, i) =>
                  p.uniqueVisitors > 0 || active === i ? (
                    <circle
                      key={p.t}
                      cx={xCenter(i)}
                      cy={y(p.uniqueVisitors)}
                      r={active === i ? 4 : 2.5}
                      strokeWidth={2}
                      className={cn(VISITOR_STROKE, 'fill-card')}
                    />
                  ) : null,
                )
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
          <ChartTooltip
            point={activePoint}
            interval={interval}
            left={clampX(xCenter(active), 72)}
          />
        ) : null}
      </div>

      {max > 0 ? (
        <>
          <ChartLegend
            showTable={showTable}
            tableId={tableId}
            onToggleTable={() => setShowTable((v) => !v)}
          />
          <ChartDataTable id={tableId} shown={showTable} series={series} interval={interval} />
        </>
      ) : null}
    </div>
  );
}
