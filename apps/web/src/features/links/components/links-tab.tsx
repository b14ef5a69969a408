import { Link2Icon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isPremiumRequiredError } from '@/lib/errors';
import { useLinks } from '../api/get-links';
import { LinkCard } from './link-card';

/** Spec section 2: three placeholder rows while the list loads. */
function LinksSkeleton() {
  return (
    <div role="status" className="grid gap-3" data-testid="links-skeleton">
      <span className="sr-only">Loading your links…</span>
      {[0, 1, 2].map((row) => (
        <Card key={row} className="grid gap-3 p-5">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/4" />
        </Card>
      ))}
    </div>
  );
}

/** The links tab of the dashboard: loading, error, premium, empty or the list (spec section 4). */
export function LinksTab() {
  const links = useLinks();

  if (links.isPending) return <LinksSkeleton />;

  if (links.isError) {
    if (isPremiumRequiredError(links.error)) return <PremiumPanel />;
    return (
      <LoadErrorAlert
        title="Error Loading Links"
        message="Failed to load your links. Please try again later."
        retrying={links.isFetching}
        onRetry={() => void links.refetch()}
      />
    );
  }

  if (links.data.length === 0)
    return (
      <EmptyState
        icon={Link2Icon}
        title="No saved links yet"
        description="Save a mailto link to reuse it, share it with your team or track its clicks."
        action={
          <Button asChild>
            <Link to="/dashboard/create-link">
              <PlusIcon aria-hidden="true" />
              Create New Link
            </Link>
          </Button>
        }
      />
    );

  return (
    <section aria-labelledby="your-links-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-baseline gap-2">
          <h2 id="your-links-title" className="text-lg font-semibold tracking-tight">
            Your Links
          </h2>
          <span className="text-sm text-muted-foreground">
            {links.data.length === 1 ? '1 link' : `${links.data.length} links`}
          </span>
        </div>
        <Button asChild size="sm" variant="outline">
          <Link to="/dashboard/create-link">
            <PlusIcon aria-hidden="true" />
            New Link
          </Link>
        </Button>
      </div>
      <ul className="grid gap-3">
        {links.data.map((link) => (
          <li key={link.id}>
            <LinkCard link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}
