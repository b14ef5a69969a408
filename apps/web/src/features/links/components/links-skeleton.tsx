import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Three placeholder rows while the list loads. */
export function LinksSkeleton() {
  return (
    <div role="status" className="grid gap-2" data-testid="links-skeleton">
      <span className="sr-only">Loading your links…</span>
      {[0, 1, 2].map((row) => (
        <Card key={row} className="grid gap-2 px-4 py-3">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </div>
  );
}
