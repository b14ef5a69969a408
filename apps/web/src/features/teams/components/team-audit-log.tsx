import {
  TEAM_AUDIT_ACTION_LABELS,
  TEAM_AUDIT_ACTIONS,
  type TeamAuditEntry,
} from '@mailtokit/contracts/audit';
import { isIsoDate } from '@mailtokit/contracts/utc-day';
import type { TeamMember } from '@mailtokit/contracts/teams';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { QueryListBody } from '@/components/query-list-body';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { parseId } from '@mailtokit/contracts/ids';
import { auditCsvUrl, useTeamAudit, type AuditFilter } from '../api/get-team-audit';

/** Entries per page of the team page's log. */
export const AUDIT_PAGE_SIZE = 25;

const ACTIONS = new Set<string>(TEAM_AUDIT_ACTIONS);

/** The log's filter and page, read from the URL (`person`, `action`, `from`, `to`, `page`). */
function filterOf(params: URLSearchParams): { filter: AuditFilter; page: number } {
  const person = parseId(params.get('person') ?? undefined);
  const action = params.get('action') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    filter: {
      ...(person === null ? {} : { actorId: person }),
      ...(ACTIONS.has(action) ? { action } : {}),
      ...(isIsoDate(from) ? { from } : {}),
      ...(isIsoDate(to) ? { to } : {}),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What happened, in a few words: "Link edited: Quote request (name, subject)". */
function whatOf(entry: TeamAuditEntry): string {
  const label = TEAM_AUDIT_ACTION_LABELS[entry.action];
  const name = entry.subject.name ? `: ${entry.subject.name}` : '';
  const extra = [
    entry.fields.length > 0 ? entry.fields.join(', ') : null,
    entry.details.from && entry.details.to ? `${entry.details.from} → ${entry.details.to}` : null,
    entry.details.role && !entry.details.from ? entry.details.role.toLowerCase() : null,
    entry.details.link ? `on ${entry.details.link}` : null,
  ].filter(Boolean);
  return `${label}${name}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`;
}

function AuditRow({ entry }: { entry: TeamAuditEntry }) {
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4 sm:px-6">
      <time dateTime={entry.createdAt} className="text-sm text-muted-foreground tabular-nums">
        {timeOf(entry.createdAt)}
      </time>
      <div className="min-w-0">
        <p className="text-sm break-words" data-testid="audit-entry">
          <span className="font-medium">
            {entry.actor.deleted ? `${entry.actor.username} (deleted user)` : entry.actor.username}
          </span>{' '}
          · {whatOf(entry)}
        </p>
        {entry.userAgent ? (
          <p className="truncate text-xs text-muted-foreground" title={entry.userAgent}>
            {entry.userAgent}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Team detail, owner and admins: the team's audit log, newest first, filtered by person,
 * action and days (kept in the URL, so a filtered view can be shared), in pages, and the
 * filtered log as CSV.
 */
export function TeamAuditLog({ teamId, members }: { teamId: number; members: TeamMember[] }) {
  const [params, setParams] = useSearchParams();
  const { filter, page } = filterOf(params);
  const audit = useTeamAudit(teamId, filter, {
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / AUDIT_PAGE_SIZE)) : 1;

  /** Sets one URL parameter (empty: removes it); a new filter starts at page 1. */
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: name !== 'page', preventScrollReset: true },
    );
  const filtered = Object.keys(filter).length > 0;

  const body = (
    <QueryListBody
      query={audit}
      loadingLabel="Loading the audit log"
      errorMessage="Failed to load the audit log. Please try again later."
      isEmpty={(data) => data.entries.length === 0}
      empty={filtered ? 'No entries match these filters.' : 'Nothing has changed in this team yet.'}
    >
      {(data) => (
        <ul className="divide-y" aria-label="Audit log entries">
          {data.entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </QueryListBody>
  );

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Audit log</CardTitle>
          <CardDescription>
            Who changed what in this team, newest first. Only the owner and admins see it.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild className="shrink-0 self-start">
          <a href={auditCsvUrl(teamId, filter)} download>
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </CardHeader>
      <div className="grid grid-cols-2 gap-3 border-t p-4 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="audit-person">Person</Label>
          <NativeSelect
            id="audit-person"
            value={filter.actorId === undefined ? '' : String(filter.actorId)}
            onChange={(e) => set('person', e.target.value)}
          >
            <option value="">Everyone</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.user.username}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect
            id="audit-action"
            value={filter.action ?? ''}
            onChange={(e) => set('action', e.target.value)}
          >
            <option value="">All actions</option>
            {TEAM_AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {TEAM_AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(e) => set('from', e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(e) => set('to', e.target.value)}
          />
        </div>
      </div>
      <div className="border-t">{body}</div>
      {pages > 1 ? (
        <nav
          aria-label="Pages of the audit log"
          className="flex items-center justify-center gap-2 border-t px-4 py-3"
        >
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => set('page', String(page - 1))}
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
            onClick={() => set('page', String(page + 1))}
          >
            Older
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
