import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailtoLink } from '@mailtokit/contracts/links';
import type { BulkResult } from '@mailtokit/contracts/tags';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';
import { toast, toastError } from '@/lib/toast';
import { bulkSummary } from '../lib/bulk';
import { useBulkLinks } from './bulk-links';

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

/** A link as the archive toast names it. */
export interface ArchivedLink {
  id: number;
  name: string;
}

/**
 * Archives or restores links, then says so in a toast with Undo (10 s), which does the
 * opposite to the links that changed. One link goes by its own call; several (a selection) by
 * one bulk call, whose toast also says how many could not change and why. Errors go to a
 * toast. Resolves with whether every link changed.
 */
export function useArchiveWithUndo() {
  const mutation = useSetLinkArchived();
  const bulk = useBulkLinks();
  const failedTitle = (archive: boolean, n: number) =>
    `Could not ${archive ? 'archive' : 'restore'} the ${n === 1 ? 'link' : 'links'}`;

  const runOne = async (link: ArchivedLink, archive: boolean): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ id: link.id, archive });
    } catch (error) {
      toastError(error, failedTitle(archive, 1));
      return false;
    }
    toast({
      title: archive ? 'Link archived' : 'Link restored',
      description: archive
        ? `“${link.name}” left the list; its tracking links still redirect and count.`
        : `“${link.name}” is back in the list.`,
      duration: UNDO_TOAST_MS,
      action: { label: 'Undo', onClick: () => void run([link], !archive) },
    });
    return true;
  };

  const runMany = async (links: readonly ArchivedLink[], archive: boolean): Promise<boolean> => {
    let result: BulkResult;
    try {
      result = await bulk.mutateAsync({
        ids: links.map((l) => l.id),
        action: archive ? 'archive' : 'restore',
      });
    } catch (error) {
      toastError(error, failedTitle(archive, links.length));
      return false;
    }
    const changedIds = new Set(result.results.filter((r) => r.ok).map((r) => r.id));
    const changed = links.filter((l) => changedIds.has(l.id));
    const summary = bulkSummary(result);
    toast({
      variant: changed.length === 0 ? 'destructive' : 'default',
      title: summary.title,
      description:
        summary.description ??
        (archive
          ? 'They left the list; their tracking links still redirect and count.'
          : 'They are back in the list.'),
      duration: changed.length > 0 ? UNDO_TOAST_MS : undefined,
      action:
        changed.length > 0
          ? { label: 'Undo', onClick: () => void run(changed, !archive) }
          : undefined,
    });
    return result.failed === 0;
  };

  const run = (links: readonly ArchivedLink[], archive: boolean): Promise<boolean> => {
    const [only] = links;
    return links.length === 1 && only !== undefined
      ? runOne(only, archive)
      : runMany(links, archive);
  };
  return { run, pending: mutation.isPending || bulk.isPending };
}
