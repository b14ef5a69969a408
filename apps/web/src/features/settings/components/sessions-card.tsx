import type { SessionInfo } from '@mailtokit/contracts/auth';
import { QueryListBody } from '@/components/query-list-body';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PendingLabel } from '@/components/ui/spinner';
import { toast, toastError } from '@/lib/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

let regionNames: Intl.DisplayNames | null | undefined;
/** The English name of a two-letter country code (the code itself if the browser has none). */
function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

function describe(session: SessionInfo): string {
  const browser = session.browser ?? 'Unknown browser';
  return session.os ? `${browser} on ${session.os}` : browser;
}

function SessionRow({ session }: { session: SessionInfo }) {
  const revoke = useRevokeSession();
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6"
      data-testid="session"
    >
      <div className="min-w-0">
        <p className="text-sm font-medium">
          {describe(session)}
          {session.current ? (
            <span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs font-normal text-secondary-foreground">
              This browser
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.country ? `${countryName(session.country)} · ` : ''}
          Signed in <time dateTime={session.createdAt}>{timeOf(session.createdAt)}</time> · Last
          active <time dateTime={session.lastActiveAt}>{timeOf(session.lastActiveAt)}</time>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Sign out ${describe(session)}`}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast({ title: 'Session signed out' }),
              onError: (error) => toastError(error),
            })
          }
        >
          <PendingLabel pending={revoke.isPending} label="Sign out" pendingLabel="Signing out..." />
        </Button>
      )}
    </li>
  );
}

/** Settings > Security: every signed-in session of the account; sign out one or all others. */
export function SessionsCard() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const body = (
    <QueryListBody
      query={sessions}
      loadingLabel="Loading sessions"
      errorMessage="Failed to load your sessions. Please try again later."
      skeletonLines={2}
      isEmpty={(list) => list.length === 0}
      empty="No sessions."
    >
      {(list) => (
        <ul className="divide-y" aria-label="Signed-in sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </QueryListBody>
  );
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">Sessions</CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out any browser you do not recognise.
        </CardDescription>
      </CardHeader>
      <div className="border-t">{body}</div>
      {others > 0 ? (
        <CardFooter className="justify-end border-t pt-6">
          <Button
            variant="outline"
            disabled={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: (n) =>
                  toast({
                    title:
                      n === 1 ? '1 other session signed out' : `${n} other sessions signed out`,
                  }),
                onError: (error) => toastError(error),
              })
            }
          >
            <PendingLabel
              pending={revokeOthers.isPending}
              label="Sign out all other sessions"
              pendingLabel="Signing out..."
            />
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
