import { useQuery } from '@tanstack/react-query';
import type { MailtoLinkList } from '@mailtokit/contracts/links';
import { ApiError, apiRequest } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';

export interface TeamLinks {
  /** The newest links shared with the team. */
  links: MailtoLinkList;
  /** How many links are shared with it (X-Total-Count). */
  total: number;
}

/**
 * The newest `limit` links shared with a team (the links list filtered by `teamId`), and how
 * many there are. Listing links needs Premium: a 403 premium answer otherwise.
 */
export async function getTeamLinks(
  teamId: number,
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TeamLinks> {
  const params = new URLSearchParams({
    teamId: String(teamId),
    sort: 'updatedAt',
    order: 'desc',
    limit: String(limit),
    offset: '0',
  });
  let total = NaN;
  const links = await apiRequest<MailtoLinkList>('GET', `${LINKS_PATH}?${params.toString()}`, {
    signal,
    onResponse: (response) => {
      total = Number(response.headers.get('x-total-count') ?? NaN);
    },
  });
  if (!Number.isFinite(total))
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server did not say how many links match.');
  return { links, total };
}

/** Under the links' root key: saving, sharing or deleting a link refreshes it. */
export function useTeamLinks(teamId: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.links.page({ teamId, limit }),
    queryFn: ({ signal }) => getTeamLinks(teamId, limit, { signal }),
  });
}
