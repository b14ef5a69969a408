import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailtoLink } from '@mailtokit/contracts/links';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/** Where saved links live in the API; one link is at `${LINKS_PATH}${id}`. */
export const LINKS_PATH = '/api/v1/mailto-links/';

/**
 * One saved link (GET /api/v1/mailto-links/{id}). The edit form and the analytics page both
 * read it, so it lives in lib/ (features never import each other) under one cache entry.
 */
export function getLink(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MailtoLink> {
  return api.get(`${LINKS_PATH}${id}`, {
    // Loaded on use: this module comes with the links tab, which shows without zod.
    schema: async () => (await import('@mailtokit/contracts/links')).MailtoLink,
    signal,
  });
}

export const linkQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.links.detail(id),
    queryFn: ({ signal }) => getLink(id, { signal }),
  });

export function useLink(id: number) {
  return useQuery(linkQueryOptions(id));
}
