// How long a link's mailto: URL may be for its tracking link to answer with a redirect; shared
// by the server (which decides) and the web app (which tells the user). No zod here.

/**
 * Longest `mailto:` URL (characters; a built link is ASCII, so also bytes) that a tracking
 * link sends in a `Location` header. With the redirect's other headers the whole header block
 * stays under 4 KB: the smallest default header buffer of common proxies (nginx's
 * `proxy_buffer_size` is one 4 KB memory page on x86) and far below Node's 16 KB. A longer
 * link answers 200 with a page whose button opens it.
 */
export const TRACKING_REDIRECT_URL_MAX = 3000;

/** Whether a link's tracking link opens a page with a button instead of redirecting. */
export const opensPageInsteadOfRedirect = (mailtoUrl: string): boolean =>
  mailtoUrl.length > TRACKING_REDIRECT_URL_MAX;

/** What the link form and the tracking-link dialog say about such a link. */
export const LONG_LINK_NOTE =
  'This link is longer than mail clients follow in a redirect: its tracking link opens a page with a button instead.';
