// Runs after `vite build`: prerenders the public pages and the signed-in pages' shells into
// HTML (their content shows before any JavaScript runs; React hydrates it), then pre-compresses
// the output for the server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { compressDir } from './compress.mjs';
import { readBuild, withFirstLoadLinks } from './first-load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, '.prerender');

await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
});
const { render, PAGES, ROUTES_MANIFEST } = await import(
  pathToFileURL(path.join(ssrOut, 'prerender.js')).href
);

const escapeHtml = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const output = readBuild(dist);
const pagesDir = path.join(dist, 'pages');
fs.mkdirSync(pagesDir, { recursive: true });
for (const page of PAGES) {
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  if (page.prerender) {
    const body = await render(page.path + (page.search ?? ''));
    html = withFirstLoadLinks(html, page.path, output)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
      // The page shows with its HTML and stylesheet: the app's code (which takes it over) is
      // fetched behind them, not competing with the stylesheet for the first paint.
      .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
      .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
  }
  const name = page.file ?? (page.path === '/' ? 'index' : page.path.slice(1));
  fs.writeFileSync(path.join(pagesDir, `${name}.html`), html);
}
fs.rmSync(ssrOut, { recursive: true, force: true });
console.log(`prerendered ${PAGES.length} pages into dist/pages/`);

// The app's routes, for the server to answer unknown paths with 404 (apps/server/src/app.ts).
fs.writeFileSync(
  path.join(dist, '.vite', 'routes.json'),
  `${JSON.stringify(ROUTES_MANIFEST, null, 2)}\n`,
);

// The Content-Security-Policy allows an inline script only by the hash of its exact text: the
// hashes of every inline script of the pages as written (theme-init.js, inlined by
// vite.config.ts), for the server to add to `script-src` (apps/server/src/lib/security-headers.ts).
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const htmlFiles = [
  path.join(dist, 'index.html'),
  ...fs
    .readdirSync(pagesDir)
    .filter((f) => f.endsWith('.html'))
    .map((f) => path.join(pagesDir, f)),
];
const hashes = new Set();
for (const file of htmlFiles)
  for (const [, text] of fs.readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT))
    hashes.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
fs.writeFileSync(
  path.join(dist, '.vite', 'csp.json'),
  `${JSON.stringify({ scriptSrc: [...hashes] }, null, 2)}\n`,
);
console.log(`${hashes.size} inline script hash(es) in dist/.vite/csp.json`);

const count = compressDir(dist);
console.log(`compressed ${count} files (brotli + gzip)`);
