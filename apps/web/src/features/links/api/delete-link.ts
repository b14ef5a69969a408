import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';

export function deleteLink(id: number): Promise<OkResponse> {
  return api.delete(`${LINKS_PATH}${id}`, {
    // Loaded on use: the links tab shows without zod.
    schema: async () => (await import('@mailtokit/contracts/auth')).OkResponse,
  });
}

/** Deletes a link; the list refreshes. */
export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: async (_ok, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.links.detail(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.links.all });
    },
  });
}
