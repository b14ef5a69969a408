import { SECURITY_EVENT_LABELS, type SecurityEvent } from '@mailtokit/contracts/security-log';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { QueryListBody } from '@/components/query-list-body';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SECURITY_LOG_PAGE_SIZE, useSecurityLog } from '../api/get-security-log';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function EventRow({ event }: { event: SecurityEvent }) {
  const failed = event.event === 'sign_in_failed';
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4 sm:px-6">
      <time dateTime={event.createdAt} className="text-sm text-muted-foreground tabular-nums">
        {timeOf(event.createdAt)}
      </time>
      <div className="min-w-0">
        <p
          className={failed ? 'text-sm font-medium text-destructive' : 'text-sm font-medium'}
          data-testid="security-event"
        >
          {SECURITY_EVENT_LABELS[event.event]}
          {event.detail ? (
            <span className="font-normal break-all text-muted-foreground"> · {event.detail}</span>
          ) : null}
        </p>
        {event.userAgent ? (
          <p className="truncate text-xs text-muted-foreground" title={event.userAgent}>
            {event.userAgent}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Settings > Security: the account's own security log, newest first, in pages: sign-ins (and
 * failed ones), other sessions signed out, password and e-mail changes, resets, API tokens and
 * webhooks.
 */
export function SecurityLogCard() {
  const [page, setPage] = useState(1);
  const log = useSecurityLog(page);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / SECURITY_LOG_PAGE_SIZE)) : 1;

  const body = (
    <QueryListBody
      query={log}
      loadingLabel="Loading the security log"
      errorMessage="Failed to load the security log. Please try again later."
      isEmpty={(data) => data.events.length === 0}
      empty="Nothing recorded yet."
    >
      {(data) => (
        <ul className="divide-y" aria-label="Security events">
          {data.events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ul>
      )}
    </QueryListBody>
  );

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">Security log</CardTitle>
        <CardDescription>
          Sign-ins, password and email changes, API tokens and webhooks of your account, newest
          first, with the browser that made them. Not something you did? Change your password.
        </CardDescription>
      </CardHeader>
      <div className="border-t">{body}</div>
      {pages > 1 ? (
        <nav
          aria-label="Pages of the security log"
          className="flex items-center justify-center gap-2 border-t px-4 py-3"
        >
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
            Newer
          </Button>
          <span className="px-2 text-sm text-muted-foreground tabular-nums">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
