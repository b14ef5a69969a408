import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';

/** What a list's query says of itself (a TanStack query result has all of it). */
interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The body of a card that lists what a query loads, in each of its states: skeleton lines
 * while it loads, an error with a retry, a sentence when it is empty, else `children(data)`.
 */
export function QueryListBody<T>({
  query,
  loadingLabel,
  errorMessage,
  skeletonLines = 3,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<T>;
  /** The loading state's accessible name ("Loading the audit log"). */
  loadingLabel: string;
  errorMessage: string;
  skeletonLines?: number;
  isEmpty: (data: T) => boolean;
  /** What an empty list says. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div role="status" aria-label={loadingLabel} className="grid gap-3 p-4 sm:px-6">
        {Array.from({ length: skeletonLines }, (_, i) => (
          <Skeleton key={i} className="h-4 w-full max-w-md" />
        ))}
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <div className="p-4 sm:p-6">
        <LoadErrorAlert
          title="Error"
          message={errorMessage}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  if (isEmpty(query.data))
    return <p className="p-4 text-sm text-muted-foreground sm:px-6">{empty}</p>;
  return children(query.data);
}
