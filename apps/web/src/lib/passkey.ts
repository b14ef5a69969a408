/**
 * The browser's side of passkeys (WebAuthn). `@simplewebauthn/browser` loads only when a
 * passkey is used, so the pages that offer one (sign-in) keep their first-visit budget.
 */

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Creates a passkey with the server's registration options; the browser's answer. */
export async function createPasskey(options: unknown): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  // The options come from the server's own generator; the library reads them as they are.
  return await startRegistration({ optionsJSON: options as never });
}

/** Signs the server's authentication options with a passkey; the browser's answer. */
export async function signWithPasskey(options: unknown): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return await startAuthentication({ optionsJSON: options as never });
}

/** True when the person closed the browser's passkey prompt (nothing to report). */
export function isPasskeyCancelled(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'NotAllowedError' ||
      error.name === 'AbortError' ||
      ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED'))
  );
}

/** A message for a passkey the browser could not use. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'InvalidStateError')
    return 'This passkey is already registered.';
  return 'Your browser could not use a passkey. Please try again.';
}

/**
 * What the browser itself said when a passkey failed (e.g. "The operation either timed out or
 * was not allowed", or an address that cannot hold passkeys), for where the person asked for one.
 */
export function passkeyBrowserReason(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.message) return undefined;
  return `${error.name}: ${error.message}`;
}
