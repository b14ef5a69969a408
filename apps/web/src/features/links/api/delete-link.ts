import { useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@mailtokit/contracts/auth';
import type { BulkResult } from '@mailtokit/contracts/tags';
import { useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';
import { BULK_PATH, bulkLinks } from './bulk-links';

/**
 * How long deleted links can be brought back with Undo: the deletion is sent to the server
 * once this has passed (or when the page is closed before).
 */
export const UNDO_DELETE_MS = 10_000;

export function deleteLink(id: number): Promise<OkResponse> {
  return api.delete(`${LINKS_PATH}${id}`, {
    // Loaded on use: the links tab shows without zod.
    schema: async () => (await import('@mailtokit/contracts/auth')).OkResponse,
  });
}

/** A deletion waiting for its Undo time: its links (one, or a selection) and its timer. */
interface Waiting {
  ids: readonly number[];
  timer: ReturnType<typeof setTimeout>;
  /** Sent to the server: too late for Undo. */
  sent: boolean;
}

/** Deletions made in this tab that wait for their Undo time: the lists leave their links out. */
const waiting = new Set<Waiting>();
let hidden: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function publish() {
  hidden = new Set([...waiting].flatMap((w) => w.ids));
  for (const listener of listeners) listener();
}

/** The ids of links deleted but not sent yet (the links tab hides their rows). */
export function useLinksBeingDeleted(): ReadonlySet<number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
    () => hidden,
  );
}

/**
 * A closing page sends the deletions still waiting, so a deleted link never comes back: one
 * link by its own DELETE, a selection by one bulk call.
 */
function sendWaitingOnPageHide() {
  const headers = { Accept: 'application/json' };
  for (const { ids, timer, sent: already } of waiting) {
    clearTimeout(timer);
    if (already) continue;
    const sent =
      ids.length === 1
        ? fetch(`${LINKS_PATH}${ids[0]}`, {
            method: 'DELETE',
            keepalive: true,
            credentials: 'same-origin',
            headers,
          })
        : fetch(BULK_PATH, {
            method: 'POST',
            keepalive: true,
            credentials: 'same-origin',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ids, action: 'delete' }),
          });
    void sent.catch(() => undefined);
  }
  waiting.clear();
  publish();
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', sendWaitingOnPageHide);

/**
 * What went wrong with a deletion once sent: the call failed (`error`), or some links of a
 * selection could not be deleted (`result`, a result per link).
 */
export type DeleteFailure = { error: unknown } | { result: BulkResult };

/**
 * Deletes links after UNDO_DELETE_MS, hiding them meanwhile: `undo` (for the toast's Undo)
 * brings them back, and nothing is sent. One link goes by its own DELETE, several by one bulk
 * call (the same checks, link by link). `onFailed` hears a refused deletion (the rows that
 * were not deleted are back). The rows and the selection bar are gone by then: the deletion is
 * sent by this module, not by them.
 */
export function useDeleteWithUndo() {
  const queryClient = useQueryClient();
  return (
    ids: readonly number[],
    onFailed: (failure: DeleteFailure) => void,
  ): { undo: () => void } => {
    const send = async () => {
      deletion.sent = true;
      const [only] = ids;
      try {
        let deleted: readonly number[] = ids;
        if (ids.length === 1 && only !== undefined) await deleteLink(only);
        else {
          const result = await bulkLinks({ ids: [...ids], action: 'delete' });
          deleted = result.results.filter((r) => r.ok).map((r) => r.id);
          if (result.failed > 0) onFailed({ result });
        }
        for (const id of deleted)
          queryClient.removeQueries({ queryKey: queryKeys.links.detail(id), exact: true });
      } catch (error) {
        onFailed({ error });
      }
      // The lists are read again before the rows stop being hidden: they never flash back.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.links.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      ]).catch(() => undefined);
      waiting.delete(deletion);
      publish();
    };
    const deletion: Waiting = {
      ids: [...ids],
      timer: setTimeout(() => void send(), UNDO_DELETE_MS),
      sent: false,
    };
    waiting.add(deletion);
    publish();
    return {
      undo: () => {
        if (deletion.sent || !waiting.has(deletion)) return;
        clearTimeout(deletion.timer);
        waiting.delete(deletion);
        publish();
      },
    };
  };
}
