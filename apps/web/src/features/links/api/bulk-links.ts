import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkBody, BulkResult } from '@mailtokit/contracts/tags';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';
import { EXPORT_CSV_PATH } from './import-links';

export const BULK_PATH = `${LINKS_PATH}bulk`;

/** One action on many links; the answer has a result per link. */
export function bulkLinks(body: BulkBody): Promise<BulkResult> {
  return api.post<BulkResult>(BULK_PATH, { body });
}

/** Runs a bulk action; every list of links (and the tags' counts) refresh. */
export function useBulkLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkLinks,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.links.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      ]);
    },
  });
}

/** The CSV of the chosen links. */
export const exportSelectedHref = (ids: readonly number[]) =>
  `${EXPORT_CSV_PATH}?ids=${ids.join(',')}`;
