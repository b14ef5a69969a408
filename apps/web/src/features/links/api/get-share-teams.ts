import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const TEAMS_PATH = '/api/v1/teams/';

/** Only what the 'Share with team' selector needs; the rest of each team is ignored. */
export type ShareTeam = Pick<Team, 'id' | 'name'>;

/** Not parsed with a schema: the dashboard's first page shows without zod. */
export async function getShareTeams({ signal }: { signal?: AbortSignal } = {}): Promise<
  ShareTeam[]
> {
  const teams = await api.get<Team[]>(TEAMS_PATH, { signal });
  return teams.map(({ id, name }) => ({ id, name }));
}

export const shareTeamsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teams.shareOptions,
    queryFn: ({ signal }) => getShareTeams({ signal }),
    // Optional decoration of the form: a failure just hides the selector, no retry storm.
    retry: false,
  });

/** The teams the user belongs to (to share a link with one); [] when the call fails. */
export function useShareTeams() {
  const query = useQuery(shareTeamsQueryOptions());
  return query.data ?? [];
}
