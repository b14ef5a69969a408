import { useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@mailtokit/contracts/auth';
import { useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';

/**
 * How long a deleted link can be brought back with Undo: the deletion is sent to the server
 * once this has passed (or when the page is closed before).
 */
export const UNDO_DELETE_MS = 10_000;

export function deleteLink(id: number): Promise<OkResponse> {
  return api.delete(`${LINKS_PATH}${id}`, {
    // Loaded on use: the links tab shows without zod.
    schema: async () => (await import('@mailtokit/contracts/auth')).OkResponse,
  });
}

/** Links deleted in this tab whose deletion waits for its Undo time: the lists leave them out. */
const pending = new Map<number, ReturnType<typeof setTimeout>>();
let hidden: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function publish() {
  hidden = new Set(pending.keys());
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

/** A closing page sends the deletions still waiting, so a deleted link never comes back. */
function sendPendingOnPageHide() {
  for (const [id, timer] of pending) {
    clearTimeout(timer);
    void fetch(`${LINKS_PATH}${id}`, {
      method: 'DELETE',
      keepalive: true,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    }).catch(() => undefined);
  }
  pending.clear();
  publish();
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', sendPendingOnPageHide);

/**
 * Deletes a link after UNDO_DELETE_MS, hiding it meanwhile: `undo` (for the toast's Undo)
 * brings it back, and nothing is sent. `onFailed` hears a refused deletion (the row is back).
 * The row and its menu are gone by then: the deletion is sent by this module, not by them.
 */
export function useDeleteWithUndo() {
  const queryClient = useQueryClient();
  return (id: number, onFailed: (error: unknown) => void): { undo: () => void } => {
    const send = async () => {
      try {
        await deleteLink(id);
        queryClient.removeQueries({ queryKey: queryKeys.links.detail(id), exact: true });
      } catch (error) {
        onFailed(error);
      }
      // The lists are read again before the row stops being hidden: it never flashes back.
      await queryClient.invalidateQueries({ queryKey: queryKeys.links.all }).catch(() => undefined);
      pending.delete(id);
      publish();
    };
    const timer = setTimeout(() => void send(), UNDO_DELETE_MS);
    pending.set(id, timer);
    publish();
    return {
      undo: () => {
        const waiting = pending.get(id);
        if (waiting === undefined) return;
        clearTimeout(waiting);
        pending.delete(id);
        publish();
      },
    };
  };
}
