import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatBucket, formatCount } from '../lib/format';
import type { Interval } from '../lib/range';
import type { ChartPoint } from './chart-point';

export interface ChartDataTableProps {
  id: string;
  shown: boolean;
  series: readonly ChartPoint[];
  interval: Interval;
}

/** The chart's numbers as a table, under it when asked for. */
export function ChartDataTable({ id, shown, series, interval }: ChartDataTableProps) {
  const unit = interval === 'hour' ? 'Hour (UTC)' : 'Day (UTC)';
  return (
    <>
      {/* Focusable, so keyboard users can scroll a long table. */}
      <div
        id={id}
        hidden={!shown}
        role="region"
        aria-label="Chart data"
        tabIndex={shown ? 0 : -1}
        className="max-h-80 overflow-y-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {shown ? (
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
    </>
  );
}
