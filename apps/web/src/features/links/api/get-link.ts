import { queryOptions, useQuery } from '@tanstack/react-query';
import { MailtoLink } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from './get-links';

export const linkQueryKey = (id: number) => [LINKS_PATH, 'detail', id] as const;

export function getLink(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MailtoLink> {
  return api.get(`${LINKS_PATH}${id}`, { schema: MailtoLink, signal });
}

export const linkQueryOptions = (id: number) =>
  queryOptions({
    queryKey: linkQueryKey(id),
    queryFn: ({ signal }) => getLink(id, { signal }),
  });

/** One saved link, to fill the edit form. */
export function useLink(id: number) {
  return useQuery(linkQueryOptions(id));
}
