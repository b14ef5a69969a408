import { TEAM_MESSAGES } from '@mailtokit/contracts/teams';
import { ArrowLeftIcon, SearchXIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export const TEAMS_TAB = '/dashboard?tab=teams';

export function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-3 w-fit">
      <Link to={TEAMS_TAB}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to dashboard
      </Link>
    </Button>
  );
}

export function TeamNotFound() {
  return (
    <div className="grid w-full max-w-2xl gap-4">
      <BackLink />
      <Card className="flex flex-col items-start gap-3 p-6">
        <SearchXIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">
          {TEAM_MESSAGES.notFound}
        </h1>
        <p className="text-muted-foreground">
          This team does not exist, or you are not one of its members.
        </p>
        <Button asChild className="mt-2">
          <Link to={TEAMS_TAB}>Back to your teams</Link>
        </Button>
      </Card>
    </div>
  );
}

export function TeamDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading team" className="grid w-full max-w-5xl gap-6">
      <Skeleton className="h-8 w-40" />
      <div className="grid gap-2">
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-[8.5rem] rounded-xl sm:h-[4.625rem]" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

/** One fact of the team: a row on phones, a tile with an icon from `sm` up. */
export function Fact({
  icon: Icon,
  label,
  title,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** The whole value, when it may be cut short. */
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 px-4 py-3 sm:relative sm:flex-col sm:items-start sm:justify-center sm:gap-0.5 sm:py-4 sm:pr-4 sm:pl-16">
      <dt className="shrink-0 text-sm text-muted-foreground sm:text-xs sm:font-medium">
        <span className="absolute top-1/2 left-4 hidden size-9 -translate-y-1/2 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex dark:bg-primary/15">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="max-w-full min-w-0 truncate font-semibold" title={title}>
        {children}
      </dd>
    </div>
  );
}
