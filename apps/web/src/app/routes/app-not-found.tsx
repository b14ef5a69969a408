import { NotFoundCard } from '@/components/not-found-card';

/** An unknown path inside the signed-in app: said inside the app's own layout. */
export function AppNotFoundPage() {
  return (
    <NotFoundCard
      title="Page not found"
      description="There is no page at this address. It may have moved, or the link may be mistyped."
    />
  );
}
