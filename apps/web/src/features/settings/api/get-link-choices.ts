import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@mailtokit/contracts/zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the webhook form needs of a saved link. */
const LinkChoice = z.object({ id: z.number(), name: z.string() });
const LinkChoices = z.array(LinkChoice);
export type LinkChoice = z.infer<typeof LinkChoice>;

/** The user's saved links (most recent 200), to pick the ones a webhook reports. */
export function getLinkChoices({ signal }: { signal?: AbortSignal } = {}): Promise<LinkChoice[]> {
  return api.get('/api/v1/mailto-links?limit=200', { schema: LinkChoices, signal });
}

export const getLinkChoicesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.links.choices,
    queryFn: ({ signal }) => getLinkChoices({ signal }),
    enabled,
  });

export function useLinkChoices(enabled: boolean) {
  return useQuery(getLinkChoicesQueryOptions(enabled));
}
