// Build-time entry (not part of the browser bundle): renders a public page, or a signed-in
// page's shell, to HTML, so it shows before any JavaScript runs. Used by scripts/postbuild.mjs.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import {
  APP_ROUTES,
  metaFor,
  NOT_FOUND_PAGE,
  PAGE_VARIANTS,
  PUBLIC_PAGES,
  SIGNED_IN_PREFIXES,
  SIGNED_IN_SHELLS,
  type PageMeta,
} from './app/route-meta';
import { setPrerenderedAuth } from './lib/auth/auth-store';
import { loadQueryClient } from './lib/query-host';

/**
 * Every page the build writes: its path, head and whether its body is rendered; a variant of a
 * page for a query string has `search` (rendered with it) and `file` (its name in dist/pages/).
 */
export const PAGES: readonly (PageMeta & {
  path: string;
  prerender: boolean;
  search?: string;
  file?: string;
})[] = [
  ...PUBLIC_PAGES,
  ...PAGE_VARIANTS.map(({ path, query, file }) => ({
    path,
    ...metaFor(path),
    prerender: true,
    search: `?${new URLSearchParams(query).toString()}`,
    file,
  })),
  ...SIGNED_IN_SHELLS.map((path) => ({ path, ...metaFor(path), prerender: true })),
  // Served by the server, with status 404, for any path the app has no page for.
  { path: NOT_FOUND_PAGE, ...metaFor(NOT_FOUND_PAGE), prerender: true },
];

/** What the server reads to tell the app's pages from unknown paths (`dist/.vite/routes.json`). */
export const ROUTES_MANIFEST = {
  routes: APP_ROUTES,
  signedInPrefixes: SIGNED_IN_PREFIXES,
  notFoundPage: `pages${NOT_FOUND_PAGE}.html`,
  variants: PAGE_VARIANTS.map(({ path, query, file }) => ({
    path,
    query,
    page: `pages/${file}.html`,
  })),
};

/**
 * The HTML inside #root for `url`. Rendered twice: the first pass loads every lazy part of the
 * page, so the second never suspends — its HTML is complete and needs no inline script to
 * reveal late parts (which the Content-Security-Policy would block).
 */
export async function render(url: string): Promise<string> {
  setPrerenderedAuth(SIGNED_IN_SHELLS.includes(url) ? 'checking' : 'anonymous');
  await renderOnce(url);
  const html = await renderOnce(url);
  if (html.includes('<script')) throw new Error(`prerendering ${url} left an inline script`);
  return html;
}

async function renderOnce(url: string): Promise<string> {
  await loadQueryClient();
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // One piece: no boundary is split out to be revealed later by an inline script.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // A part that failed here would be drawn again in the browser: fail the build instead.
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${url} failed`);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
