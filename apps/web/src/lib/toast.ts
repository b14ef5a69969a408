import { useSyncExternalStore } from 'react';
import { errorMessage } from './errors';
import { isFreshPasswordCancelled } from './fresh-password';

/**
 * One toast at a time: a confirmation 4 s on screen, an error 6 s (it takes longer to read);
 * closed toasts dropped after 1,000,000 ms.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 6000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

/** A button in a toast, such as Undo. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  /** Defaults to 'Success' (or 'Error' for the destructive variant). */
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  action?: ToastAction;
  open: boolean;
}

let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const variant = input.variant ?? 'default';
  const item: ToastItem = {
    id: nextId++,
    title: input.title ?? (variant === 'destructive' ? 'Error' : 'Success'),
    description: input.description,
    variant,
    duration:
      input.duration ?? (variant === 'destructive' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS),
    action: input.action,
    open: true,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return item.id;
}

/**
 * A destructive toast titled 'Error' (or `title`) with the error's user-facing message. A
 * password confirmation the person closed is no error: nothing is shown (and 0 returned).
 */
export function toastError(error: unknown, title?: string): number {
  if (isFreshPasswordCancelled(error)) return 0;
  return toast({ variant: 'destructive', title, description: errorMessage(error) });
}

/** Closes a toast (all when no id); it is removed from memory later. */
export function dismissToast(id?: number): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (t.open || removeTimers.has(t.id)) continue;
    const timer = setTimeout(() => {
      removeTimers.delete(t.id);
      emit(toasts.filter((x) => x.id !== t.id));
    }, TOAST_REMOVE_DELAY_MS);
    removeTimers.set(t.id, timer);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts in the store (closed ones linger until removed). */
export const getToasts = (): ToastItem[] => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
