import { BotIcon, MousePointerClickIcon, UsersRoundIcon, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '../lib/format';

export interface TotalsFigures {
  clicks: number;
  uniqueVisitors: number;
  botClicks: number;
}

function Figure({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: number | null;
  hint: string;
  testId: string;
}) {
  return (
    <Card className="flex flex-col gap-1 p-3 sm:p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-xs leading-snug font-medium text-muted-foreground sm:text-sm">
          {label}
        </h3>
        <Icon
          className="hidden size-4 shrink-0 text-muted-foreground sm:block"
          aria-hidden="true"
        />
      </div>
      {value === null ? (
        <Skeleton className="my-1 h-7 w-16 sm:h-8 sm:w-20" />
      ) : (
        <p className="mt-auto text-2xl font-semibold tracking-tight tabular-nums sm:mt-0 sm:text-3xl">
          {formatCount(value)}
        </p>
      )}
      <p className="hidden text-xs text-muted-foreground sm:block">{hint}</p>
    </Card>
  );
}

/** Clicks, unique visitors and the hits left out of both (null: loading). */
export function TotalsCards({
  totals,
  overview = false,
}: {
  totals: TotalsFigures | null;
  /** In the overview unique visitors are added up per link. */
  overview?: boolean;
}) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      <Figure
        icon={MousePointerClickIcon}
        label="Clicks"
        value={totals?.clicks ?? null}
        hint="Human clicks in this period"
        testId="total-clicks"
      />
      <Figure
        icon={UsersRoundIcon}
        label="Unique visitors"
        value={totals?.uniqueVisitors ?? null}
        hint={overview ? 'Per link, once a day each' : 'Each visitor counted once a day'}
        testId="total-visitors"
      />
      <Figure
        icon={BotIcon}
        label="Not counted"
        value={totals?.botClicks ?? null}
        hint="Bots, previews, scanners and repeats"
        testId="total-bots"
      />
    </div>
  );
}
