/**
 * Whether this browser has signed in (and not out) since it last heard from the server.
 *
 * The session cookie is httpOnly, so the page cannot see it. Without this hint every page
 * view of an anonymous visitor would ask GET /auth/me and get a 401, which the browser prints
 * as an error in the console. With it, anonymous visitors make no call at all; signed-in
 * visitors are checked as usual. It is only a hint: /me stays the authority (a 401 clears
 * it), and protected routes ask the server before sending anyone to /auth.
 */
const SESSION_HINT_KEY = 'mailtokit-session';

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    // Storage unavailable: always ask the server.
    return true;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1');
    else window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}
