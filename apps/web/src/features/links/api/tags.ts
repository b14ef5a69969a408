import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagBody, TagPatch } from '@mailtokit/contracts/tags';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const TAGS_PATH = '/api/v1/tags';

/** The signed-in user's tags, by name; [] while loading or when the call fails. */
export function useTags(enabled = true) {
  const query = useQuery({
    queryKey: queryKeys.tags.all,
    queryFn: ({ signal }) => api.get<Tag[]>(TAGS_PATH, { signal }),
    enabled,
  });
  return query;
}

/** Create, rename, recolour and delete tags; the tags and every list of links refresh. */
export function useTagMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.links.all }),
    ]);
  };
  const create = useMutation({
    mutationFn: (body: TagBody) => api.post<Tag>(TAGS_PATH, { body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: TagPatch }) =>
      api.patch<Tag>(`${TAGS_PATH}/${id}`, { body: patch }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`${TAGS_PATH}/${id}`),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
