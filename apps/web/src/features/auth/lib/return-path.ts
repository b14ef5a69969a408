/**
 * Where to go after signing in: `next` when it is a path of this site (`/x`), else null. Never
 * `//host` or `/\host` (browsers read both as another origin), a full URL or a `javascript:`
 * one: the sign-in page must not send anyone off-site.
 */
export function returnPath(next: string | null): string | null {
  if (!next || !/^\/(?![/\\])/.test(next)) return null;
  // Browsers drop tabs and line breaks from URLs: `/\t/host` would become `//host`.
  const hasControl = [...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return hasControl ? null : next;
}

/** The sign-in page, leading on to `next` (a path of this site, with its query) once signed in. */
export function signInPath(next: string): string {
  return `/auth?next=${encodeURIComponent(next)}`;
}
