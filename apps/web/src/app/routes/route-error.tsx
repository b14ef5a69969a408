import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { COMPONENT_ERROR_MESSAGE } from '@/lib/errors';
import { NotFoundPage } from './not-found';

/** Last-resort error screen of the router (a page crashed or its code failed to load). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A failed dynamic import usually means a new version was deployed: reloading fixes it.
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden="true" />
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        {chunkFailed
          ? 'A new version of MailtoKit is available. Reload the page to continue.'
          : COMPONENT_ERROR_MESSAGE}
      </p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCwIcon aria-hidden="true" />
          Reload
        </Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            Go home
          </Link>
        </Button>
      </div>
    </div>
  );
}
