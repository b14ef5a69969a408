import { publicBaseUrl } from '../../config';
import type { App } from '../../lib/types';

/** Pages a search engine should know about (the public site; everything else needs a sign-in). */
export const PUBLIC_PAGES = ['/', '/pricing', '/about', '/contact', '/privacy'] as const;

/**
 * Paths crawlers must not fetch: tracking links (a fetch would count as a click) and the API.
 * The signed-in pages stay allowed: a crawler is sent to the sign-in page there, and a
 * Disallow would only mark them "blocked from indexing" in audits for nothing.
 */
const DISALLOWED = ['/t/', '/api/'] as const;

/**
 * The public origin: PUBLIC_URL's, else the address the server listens on. Never the request's
 * `Host`: these answers are cached by shared caches, which must not keep a client's choice.
 */
function origin(app: App): string {
  return new URL(publicBaseUrl(app.config)).origin;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and sitemap.xml, answered by the server (never the web app's HTML). */
export async function siteRoutes(app: App) {
  app.route({
    method: 'GET',
    url: '/robots.txt',
    schema: { hide: true },
    handler: async (_request, reply) => {
      const lines = [
        'User-agent: *',
        ...DISALLOWED.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${origin(app)}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(lines.join('\n'));
    },
  });

  app.route({
    method: 'GET',
    url: '/sitemap.xml',
    schema: { hide: true },
    handler: async (_request, reply) => {
      const base = origin(app);
      const urls = PUBLIC_PAGES.map(
        (page) => `  <url><loc>${escapeXml(base + page)}</loc></url>`,
      ).join('\n');
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
        );
    },
  });
}
