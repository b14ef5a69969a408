import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DashboardHeader } from './dashboard-header';

/**
 * The dashboard while the session and the links load: its heading, then placeholders where the
 * plan, the tabs and the first links will be. Also rendered at build time (the page's HTML).
 */
export function DashboardSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <DashboardHeader />
      <div role="status" className="grid gap-8">
        <span className="sr-only">Loading your dashboard…</span>
        <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-1 items-start gap-4">
            <Skeleton className="size-10 shrink-0 rounded-lg" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-full max-w-md" />
            </div>
          </div>
          <Skeleton className="h-8 w-32" />
        </Card>
        <div className="grid gap-6">
          <Skeleton className="h-10 w-full sm:w-80" />
          <div className="grid gap-2">
            {[0, 1, 2].map((row) => (
              <Card key={row} className="grid gap-2 px-4 py-3">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-4 w-2/3" />
              </Card>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
