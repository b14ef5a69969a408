import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailtoLink, type LinkInput } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';
import { linkPayload } from '../lib/link-form';
import { LINKS_PATH, linksKey } from './get-links';
import { linkQueryKey } from './get-link';

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
      queryClient.setQueryData(linkQueryKey(link.id), link);
      await queryClient.invalidateQueries({ queryKey: linksKey });
    },
  });
}
