import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailtoLink, type LinkInput } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';
import { linkPayload } from '../lib/link-form';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/v1/mailto-links/ with the validated form (trimmed, empty optionals left out). */
export function createLink(input: LinkInput): Promise<MailtoLink> {
  return api.post(LINKS_PATH, { body: linkPayload(input), schema: MailtoLink });
}

/** Saves a new link; the list is refetched. */
export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: async (link) => {
      queryClient.setQueryData(queryKeys.links.detail(link.id), link);
      await queryClient.invalidateQueries({ queryKey: queryKeys.links.all });
    },
  });
}
