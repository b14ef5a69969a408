import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailtoLink, type LinkInput } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';
import { linkPayload } from '../lib/link-form';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';

export interface UpdateLinkInput {
  id: number;
  input: LinkInput;
}

/** PUT /api/v1/mailto-links/{id}: replaces every field. */
export function updateLink({ id, input }: UpdateLinkInput): Promise<MailtoLink> {
  return api.put(`${LINKS_PATH}${id}`, { body: linkPayload(input), schema: MailtoLink });
}

/** Updates a link; the list and the link itself are refetched. */
export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: async (link) => {
      queryClient.setQueryData(queryKeys.links.detail(link.id), link);
      await queryClient.invalidateQueries({ queryKey: queryKeys.links.all });
    },
  });
}
