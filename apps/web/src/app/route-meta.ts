/** The `<title>` and meta description of every page: prerendered into its HTML, kept on navigation. */
export interface PageMeta {
  title: string;
  description: string;
}

const DEFAULT_DESCRIPTION =
  'MailtoKit builds correctly encoded mailto: links in seconds. Save them, share them with your team and track clicks.';

export interface PublicPage extends PageMeta {
  path: string;
  /** Its HTML is rendered at build time (false: only its head is written, for a page whose
   * content depends on the moment it is seen). */
  prerender: boolean;
  /** Fetches or posts (loads the query client with it). */
  usesApi: boolean;
}

/** The public site, as the build prerenders it and search engines see it. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    title: 'MailtoKit — Create perfect mailto links',
    description:
      'Free mailto link generator: recipients, cc, bcc, subject and body encoded exactly right (RFC 6068). Copy the link, the HTML or a QR code; save, share and track clicks.',
    prerender: true,
    usesApi: false,
  },
  {
    path: '/auth',
    title: 'Sign in or create an account — MailtoKit',
    description:
      'Sign in to MailtoKit, or create a free account to save your mailto links, share them with your team and see who clicks.',
    prerender: true,
    usesApi: true,
  },
  {
    path: '/pricing',
    title: 'Plans and pricing — MailtoKit',
    description:
      'MailtoKit plans: the generator free for everyone; saved links, tracking and analytics with Premium; shared links and roles with Team.',
    prerender: true,
    usesApi: false,
  },
  {
    path: '/about',
    title: 'About MailtoKit',
    description:
      'Why we built MailtoKit: mailto links that open exactly the email you meant, in every mail client, and the people behind it.',
    prerender: true,
    usesApi: false,
  },
  {
    path: '/contact',
    title: 'Contact us — MailtoKit',
    description:
      'Questions, feedback or a bug in a mailto link? Write to the MailtoKit team; we answer every message.',
    prerender: true,
    usesApi: true,
  },
  {
    path: '/privacy',
    title: 'Privacy policy — MailtoKit',
    description:
      'What MailtoKit stores about you and your visitors, why, for how long, and how to get it deleted. Click tracking never keeps an IP address.',
    prerender: true,
    usesApi: false,
  },
];

/**
 * A public page whose query string changes what it first shows, prerendered once more for that
 * query (`file`: its name under dist/pages/), which the server then sends for the query (other
 * parameters, such as `next`, may come along). Without it, a visit to /auth?tab=register would
 * show the sign-in form until the app took over, and what the visitor typed would be lost.
 */
export interface PageVariant {
  path: string;
  query: Readonly<Record<string, string>>;
  file: string;
}

export const PAGE_VARIANTS: readonly PageVariant[] = [
  { path: '/auth', query: { tab: 'register' }, file: 'auth.register' },
];

/**
 * Signed-in pages whose shell (header, layout, the page's heading and placeholders, no user
 * data) is rendered at build time, so a returning visitor sees the page while the session and
 * its data load. Anonymous visitors see the same shell until the server says they have no
 * session, then go to /auth.
 */
export const SIGNED_IN_SHELLS: readonly string[] = ['/dashboard'];

/**
 * Signed-in pages: the pattern, the page's title, and for a page about one object (a link, a
 * team) what follows the object's name in the title once it is known ('' for the name alone):
 * "Press enquiries · analytics — MailtoKit".
 */
const SIGNED_IN: [RegExp, string, string?][] = [
  [/^\/dashboard\/?$/, 'Dashboard'],
  [/^\/dashboard\/profile/, 'Profile'],
  [/^\/dashboard\/settings/, 'Settings'],
  [/^\/dashboard\/create-link/, 'New link'],
  [/^\/dashboard\/edit-link\//, 'Edit link', 'edit'],
  [/^\/dashboard\/analytics\//, 'Link analytics', 'analytics'],
  [/^\/teams\//, 'Team', ''],
  [/^\/invitations\/stop\//, 'Stop invitation emails'],
  [/^\/invitations\//, 'Team invitation'],
];

/**
 * Every path the app has a page for, as router patterns (`:name` stands for one path segment).
 * The build writes them to `dist/.vite/routes.json`; the server answers any other path with the
 * not-found page and status 404. A new route in router.tsx belongs here too.
 */
export const APP_ROUTES: readonly string[] = [
  ...PUBLIC_PAGES.map((p) => p.path),
  '/forgot-password',
  '/reset-password',
  '/invitations/:token',
  '/invitations/stop/:token',
  '/dashboard',
  '/dashboard/profile',
  '/dashboard/settings',
  '/dashboard/create-link',
  '/dashboard/edit-link/:id',
  '/dashboard/analytics/:id',
  '/teams/:id',
];

/**
 * Where the signed-in app lives: an unknown path under one of these is shown as not found inside
 * the app (its header and sidebar), not on the public site's page.
 */
export const SIGNED_IN_PREFIXES: readonly string[] = ['/dashboard/', '/teams/'];

/** The path the build prerenders the not-found page for (`dist/pages/404.html`). */
export const NOT_FOUND_PAGE = '/404';

/**
 * The meta of the page at `pathname` (unknown paths get the not-found page's). `objectName`, the
 * name of the link or team the page shows, starts the title of a page about one.
 */
export function metaFor(pathname: string, objectName?: string): PageMeta {
  const page = PUBLIC_PAGES.find((p) => p.path === pathname);
  if (page) return page;
  const signedIn = SIGNED_IN.find(([pattern]) => pattern.test(pathname));
  if (signedIn) {
    const [, title, after] = signedIn;
    const named =
      objectName && after !== undefined ? (after ? `${objectName} · ${after}` : objectName) : title;
    return { title: `${named} — MailtoKit`, description: DEFAULT_DESCRIPTION };
  }
  return { title: 'Page not found — MailtoKit', description: DEFAULT_DESCRIPTION };
}

/** Public pages that render without the query client (nothing fetched or posted). */
export const PAGES_WITHOUT_API = PUBLIC_PAGES.filter((p) => !p.usesApi).map((p) => p.path);
