import { TriangleAlertIcon } from 'lucide-react';
import { NotFoundCard } from '@/components/not-found-card';
import { DashboardSubpage } from '@/components/dashboard-subpage';
import { PremiumPanel } from '@/components/premium-panel';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isNotFoundError, isPremiumRequiredError } from '@/lib/errors';
import { useLink } from '@/lib/links/get-link';
import { LinkForm } from './link-form';
import { usePageTitleName } from '@/lib/page-title';

/** The address does not name a link (not a number, unknown, or not yours). */
export function LinkNotFound() {
  return (
    <NotFoundCard
      title="Link not found"
      description="The address does not point to one of your links. It may have been deleted."
    />
  );
}

/** /dashboard/create-link */
export function CreateLinkPage() {
  return (
    <DashboardSubpage
      title="Create link"
      description="Save a mailto link to reuse it, or just generate one and open it."
    >
      <LinkForm />
    </DashboardSubpage>
  );
}

function EditLinkContent({ linkId }: { linkId: number }) {
  const link = useLink(linkId);
  usePageTitleName(link.data?.name);
  if (link.isPending)
    return (
      <Card role="status" className="grid gap-5 p-6">
        <span className="sr-only">Loading the link…</span>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </Card>
    );
  if (link.isError) {
    if (isPremiumRequiredError(link.error)) return <PremiumPanel />;
    return (
      <Alert variant="destructive">
        <TriangleAlertIcon aria-hidden="true" />
        <AlertTitle>Could not load the link</AlertTitle>
        <AlertDescription>{errorMessage(link.error)}</AlertDescription>
      </Alert>
    );
  }
  if (!link.data.canEdit)
    return (
      <Alert variant="info">
        <TriangleAlertIcon aria-hidden="true" />
        <AlertTitle>Read-only link</AlertTitle>
        <AlertDescription>
          “{link.data.name}” is shared with you by your team; only its author or a team admin can
          change it.
        </AlertDescription>
      </Alert>
    );
  return <LinkForm key={link.data.id} link={link.data} />;
}

/** /dashboard/edit-link/{id}: loads the link and fills the form ('Update link'). */
export function EditLinkPage({ linkId }: { linkId: number }) {
  const link = useLink(linkId);
  if (isNotFoundError(link.error)) return <LinkNotFound />;
  return (
    <DashboardSubpage
      title="Edit link"
      description="Change the link’s recipients, subject, body or team."
    >
      <EditLinkContent linkId={linkId} />
    </DashboardSubpage>
  );
}
