import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailtoLink } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';
import { toast, toastError } from '@/lib/toast';

/**
 * Archives a link (`archive`: true: it leaves the list, its tracking links keep redirecting
 * and counting) or puts it back in the list (false).
 */
export function setLinkArchived(id: number, archive: boolean): Promise<MailtoLink> {
  return api.post(`${LINKS_PATH}${id}/${archive ? 'archive' : 'restore'}`, {
    // Loaded on use: the links tab shows without zod.
    schema: async () => (await import('@mailtokit/contracts/links')).MailtoLink,
  });
}

/** Archives or restores a link; every list of links refreshes. */
export function useSetLinkArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) => setLinkArchived(id, archive),
    onSuccess: async (link) => {
      queryClient.setQueryData(queryKeys.links.detail(link.id), link);
      await queryClient.invalidateQueries({ queryKey: queryKeys.links.pages });
    },
  });
}

/** How long the Undo of an archive, a restore or a deletion stays on screen. */
export const UNDO_TOAST_MS = 10_000;

/**
 * Archives or restores a link, then says so in a toast with Undo (10 s), which does the
 * opposite. Errors go to a toast.
 */
export function useArchiveWithUndo() {
  const mutation = useSetLinkArchived();
  const run = async (link: { id: number; name: string }, archive: boolean): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ id: link.id, archive });
    } catch (error) {
      toastError(error, archive ? 'Could not archive the link' : 'Could not restore the link');
      return false;
    }
    toast({
      title: archive ? 'Link archived' : 'Link restored',
      description: archive
        ? `“${link.name}” left the list; its tracking links still redirect and count.`
        : `“${link.name}” is back in the list.`,
      duration: UNDO_TOAST_MS,
      action: { label: 'Undo', onClick: () => void run(link, !archive) },
    });
    return true;
  };
  return { run, pending: mutation.isPending };
}
