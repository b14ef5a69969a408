import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DashboardHeader } from './dashboard-header';

/**
 * The dashboard while the session and the links load: its heading, then placeholders where the
 * tabs, the search and the first links will be (the plan card shows only to some accounts, and
 * comes in above the tabs then). Also rendered at build time (the page's HTML).
 */
export function DashboardSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-5">
      <DashboardHeader />
      <div role="status" className="grid gap-2.5">
        <span className="sr-only">Loading your dashboard…</span>
        <Skeleton className="h-10 w-full sm:w-80" />
        <Skeleton className="h-10 w-full sm:max-w-sm" />
        <div className="grid gap-1.5">
          {[0, 1, 2].map((row) => (
            <Card key={row} className="grid gap-2 px-4 py-3">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
            </Card>
          ))}
        </div>
      </div>
    </div>
  );
}
