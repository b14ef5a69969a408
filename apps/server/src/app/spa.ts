import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors';
import { apiNotFound, isApiPath, requestPath } from '../lib/http-edges';
import { loadSpaRoutes } from '../lib/spa-routes';
import type { App } from '../lib/types';

/** Headers `@fastify/static` sets that an immutable hashed asset has no use for. */
const ASSET_HEADERS_LEFT_OUT = ['etag', 'last-modified', 'accept-ranges'] as const;

/** `app.js.br` -> `app.js`: the file a pre-compressed variant stands for. */
const uncompressedName = (filePath: string) => filePath.replace(/\.(br|gz)$/, '');

/**
 * Serves the built web app; a path the app has a page for gets its HTML (the prerendered page or
 * index.html, for client routing), any other the not-found page with status 404 (index.html in
 * the signed-in app, which shows its own not-found page there).
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file, so a
 * request gets the smallest variant its `Accept-Encoding` allows, with `Vary: Accept-Encoding`.
 */
export function registerSpa(app: App, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasSpa = index !== null && fs.existsSync(index);
  const prerendered = hasSpa && webDist ? prerenderedPages(webDist) : new Map<string, string>();
  const routes = hasSpa && webDist ? loadSpaRoutes(webDist) : null;
  if (hasSpa && webDist) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, filePath) => {
        const file = uncompressedName(filePath);
        // Vite's hashed assets never change: cached for a year, never revalidated, so they
        // carry no validators (ETag, Last-Modified) and no Accept-Ranges: ~100 bytes fewer on
        // each of the dozens of files a page loads. Everything else revalidates.
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
          for (const name of ASSET_HEADERS_LEFT_OUT) res.removeHeader(name);
        }
        // The page itself always revalidates, so a deploy never leaves it pointing at old chunks.
        else if (file.endsWith('.html')) res.header('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const where = requestPath(request.url);
    if (isApiPath(where)) throw apiNotFound(app, request);
    // A missing hashed file (an old build's chunk) is a 404, never the app's HTML in its place.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !where.startsWith('/assets/');
    if (!isPage) throw notFound(`No route ${request.method} ${where}`);
    if (!hasSpa)
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
    reply.header('Cache-Control', 'no-cache');
    if (routes && !routes.isPage(where))
      return reply
        .code(404)
        .sendFile(routes.isSignedIn(where) ? 'index.html' : routes.notFoundPage);
    const variant = routes?.variantFor(where, request.query as Record<string, unknown>) ?? null;
    return reply.sendFile(variant ?? prerendered.get(where) ?? 'index.html');
  });
}

/**
 * The public pages the web build prerendered (`dist/pages/<name>.html`, `index` for `/`):
 * served with their content and their own title, instead of the empty app shell.
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(webDist, 'pages');
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    // The not-found page is only ever served with 404, for paths the app has no page for; a
    // page's variant for a query (`auth.register`) only for that query (SpaRoutes.variantFor).
    if (name === '404' || name.includes('.')) continue;
    pages.set(name === 'index' ? '/' : `/${name}`, `pages/${file}`);
  }
  return pages;
}
