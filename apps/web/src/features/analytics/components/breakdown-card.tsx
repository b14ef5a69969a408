import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import {
  breakdownLabel,
  formatCount,
  formatPercent,
  percentOf,
  type BreakdownKind,
} from '../lib/format';

export interface BreakdownCardProps {
  kind: BreakdownKind;
  title: string;
  /** Header of the name column. */
  nameHeader: string;
  /** Rows, most clicked first (`label`: how the key reads, when not the kind's own); null while loading. */
  rows: readonly { key: string; clicks: number; label?: string }[] | null;
  /** What the shares are of: the human clicks in the range (default: the rows' sum). */
  total?: number;
  /** What an empty breakdown says. */
  emptyText?: string;
  /** When given, each name is a button that calls it with the row's key (a filter). */
  onSelect?: (key: string) => void;
  /** The key the page is filtered to (its row is marked). */
  selected?: string | null;
}

/** One breakdown (referrers, browsers...): names, clicks and each one's share as a bar. */
export function BreakdownCard({
  kind,
  title,
  nameHeader,
  rows,
  total: givenTotal,
  emptyText = 'No clicks in this period.',
  onSelect,
  selected,
}: BreakdownCardProps) {
  const titleId = `breakdown-${kind}`;
  const total = givenTotal ?? rows?.reduce((sum, row) => sum + row.clicks, 0) ?? 0;
  return (
    <Card className="flex flex-col" data-testid={titleId}>
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle as="h3" id={titleId} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      {rows === null ? (
        <div className="grid gap-3 px-6 pb-6" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-7 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <Table aria-labelledby={titleId} className="table-fixed">
          <TableHeader>
            <TableRow className="hover:bg-transparent dark:hover:bg-transparent">
              <TableHead>{nameHeader}</TableHead>
              <TableHead className="w-20 text-right">Clicks</TableHead>
              <TableHead className="w-20 text-right">Share</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const label = row.label ?? breakdownLabel(kind, row.key);
              const isSelected = selected === row.key;
              return (
                <TableRow key={row.key} aria-current={isSelected ? 'true' : undefined}>
                  <TableCell className="py-2">
                    {onSelect && !isSelected ? (
                      <button
                        type="button"
                        className="block max-w-full truncate rounded-sm text-left underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        title={`Show only clicks from ${label}`}
                        onClick={() => onSelect(row.key)}
                      >
                        {label}
                      </button>
                    ) : (
                      <span className="block truncate font-medium" title={label}>
                        {label}
                      </span>
                    )}
                    <span
                      aria-hidden="true"
                      className="mt-1 block h-1.5 overflow-hidden rounded-full bg-muted dark:bg-accent"
                    >
                      <span
                        className="block h-full rounded-full bg-primary/70"
                        style={{ width: `${Math.max(1, percentOf(row.clicks, total))}%` }}
                      />
                    </span>
                  </TableCell>
                  <TableCell className="py-2 text-right tabular-nums">
                    {formatCount(row.clicks)}
                  </TableCell>
                  <TableCell className="py-2 text-right text-muted-foreground tabular-nums">
                    {formatPercent(row.clicks, total)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

/**
 * What the visitors of chooser pages chose (tracking links set to let the visitor choose):
 * shares of those page views, not of every click.
 */
export function OpenedWithCard({
  rows,
}: {
  rows: readonly { key: string; clicks: number }[] | null;
}) {
  return (
    <BreakdownCard
      kind="openedWith"
      title="Opened with"
      nameHeader="Choice"
      rows={rows}
      emptyText="No visits to a page that lets the visitor choose in this period."
    />
  );
}
