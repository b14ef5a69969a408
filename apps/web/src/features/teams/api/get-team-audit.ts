import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TeamAuditList } from '@mailtokit/contracts/audit';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the team page's log shows: a filter (as in the URL) and a page. */
export interface AuditFilter {
  actorId?: number;
  action?: string;
  from?: string;
  to?: string;
}

export interface TeamAuditPage {
  entries: TeamAuditList;
  /** How many entries match the filter (X-Total-Count). */
  total: number;
}

/** The filter as query parameters (the API's and the CSV's alike). */
export function auditParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.actorId !== undefined) params.set('actorId', String(filter.actorId));
  if (filter.action) params.set('action', filter.action);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return params;
}

/** Where the filtered log downloads as CSV (the session cookie authenticates it). */
export const auditCsvUrl = (teamId: number, filter: AuditFilter) => {
  const query = auditParams(filter).toString();
  return `/api/v1/teams/${teamId}/audit.csv${query ? `?${query}` : ''}`;
};

/** One page of the team's audit log, newest first (owner and admins; 403 for members). */
export async function getTeamAudit(
  teamId: number,
  filter: AuditFilter,
  page: { limit: number; offset: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<TeamAuditPage> {
  const params = auditParams(filter);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  let total = NaN;
  const entries = await api.get(`/api/v1/teams/${teamId}/audit?${params.toString()}`, {
    schema: TeamAuditList,
    signal,
    onResponse: (response) => {
      total = Number(response.headers.get('x-total-count') ?? NaN);
    },
  });
  if (!Number.isFinite(total))
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server did not say how many entries match.');
  return { entries, total };
}

export function useTeamAudit(
  teamId: number,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  return useQuery({
    queryKey: queryKeys.teams.audit(teamId, { ...filter, ...page }),
    queryFn: ({ signal }) => getTeamAudit(teamId, filter, page, { signal }),
    placeholderData: keepPreviousData,
  });
}
