import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@mailtokit/contracts/zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const TEAMS_PATH = '/api/v1/teams/';

/** Only what the 'Share with Team' selector needs; the rest of each team is ignored. */
const ShareTeams = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type ShareTeam = z.infer<typeof ShareTeams>[number];

export function getShareTeams({ signal }: { signal?: AbortSignal } = {}): Promise<ShareTeam[]> {
  return api.get(TEAMS_PATH, { schema: ShareTeams, signal });
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
