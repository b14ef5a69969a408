import { useSyncExternalStore } from 'react';
import { ApiError, api } from './api-client';
import { signWithPasskey } from './passkey';

/**
 * Sensitive changes (API tokens, webhooks, two-step sign-in, passkeys, a team's ownership, the
 * e-mail address) need the password confirmed in this session within the last 10 minutes. The
 * server refuses such a call sent without a password with 400 `VALIDATION_ERROR` naming
 * `currentPassword`. `withFreshPassword` runs the call; on that answer it asks for the password
 * (or a code, or a passkey) in one dialog, confirms it, and runs the call again, so the person
 * never redoes what they did.
 */

/** The person closed the dialog: the action was not carried out, and there is nothing to report. */
export class FreshPasswordCancelled extends Error {
  override name = 'FreshPasswordCancelled';
  constructor() {
    super('The password was not confirmed');
  }
}

export function isFreshPasswordCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'FreshPasswordCancelled';
}

/**
 * The server's answer to a call sent without a password when none was confirmed recently. Only
 * calls that send no password are read this way (a wrong password also names the field).
 */
export function needsFreshPassword(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.code === 'VALIDATION_ERROR' &&
    error.fields?.currentPassword !== undefined
  );
}

interface Asking {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

let asking: Asking | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Opens the dialog (or joins the one open) and settles when the password is confirmed, or
 * rejects with FreshPasswordCancelled when the person closes it.
 */
export function askForFreshPassword(): Promise<void> {
  if (asking) return asking.promise;
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  asking = { promise, resolve, reject };
  emit();
  return promise;
}

/** The dialog's answer: confirmed (true) or closed (false). */
export function settleFreshPassword(confirmed: boolean): void {
  const current = asking;
  if (!current) return;
  asking = null;
  emit();
  if (confirmed) current.resolve();
  else current.reject(new FreshPasswordCancelled());
}

/** Whether the dialog is wanted now (for the one host that renders it). */
export function useFreshPasswordAsked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => asking !== null,
    () => false,
  );
}

/** Runs `call`; when the server wants a fresh password, asks for it and runs `call` once more. */
export async function withFreshPassword<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!needsFreshPassword(error)) throw error;
    await askForFreshPassword();
    return await call();
  }
}

/** `POST /api/v1/auth/confirm-password`: the password, or a code of the authenticator app. */
export async function confirmFreshPassword(
  answer: { currentPassword: string } | { code: string },
): Promise<void> {
  await api.post('/api/v1/auth/confirm-password', { body: answer });
}

/**
 * Confirms the session with one of the account's passkeys instead: the server's options, the
 * browser's passkey prompt, then `POST /api/v1/auth/confirm-password` with its answer.
 */
export async function confirmFreshPasswordWithPasskey(): Promise<void> {
  const options = await api.post<unknown>('/api/v1/auth/confirm-password/passkey/options', {
    body: {},
  });
  const passkey = await signWithPasskey(options);
  await api.post('/api/v1/auth/confirm-password', { body: { passkey } });
}
