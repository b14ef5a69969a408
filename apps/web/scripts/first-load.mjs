// The code a prerendered signed-in page starts loading as soon as the entry runs (see
// src/app/router.tsx). The build puts it in three chunks (firstLoadGroupOf in vite.config.ts):
// the query client, the code the dashboard shares with public pages, and its own. The page's
// HTML names them in modulepreload links, so the browser fetches them alongside the entry.
import fs from 'node:fs';
import path from 'node:path';

/** The query client and the session sync that load with it (src/lib/query-host.tsx). */
export const QUERY_CLIENT = ['src/lib/query-client.ts', 'src/lib/auth/auth-sync.ts'];

/** Source modules each prerendered signed-in page loads at once, by path. */
export const FIRST_LOAD = {
  '/dashboard': [
    'src/app/routes/dashboard-shell.tsx',
    'src/app/routes/dashboard.tsx',
    'src/app/layouts/user-menu.tsx',
    ...QUERY_CLIENT,
  ],
};

/**
 * The lazy pages of src/app/router.tsx that a visitor reaches without signing in; the router's
 * other lazy pages are signed-in ones. What a signed-out visitor can load goes into no chunk of
 * the dashboard's own: a new public page belongs here, or it downloads the dashboard's code
 * with whatever it shares with it.
 */
export const PUBLIC_LAZY_PAGES = [
  'src/features/auth/components/auth-page.tsx',
  'src/features/auth/components/forgot-password-page.tsx',
  'src/features/auth/components/reset-password-page.tsx',
  'src/features/contact/components/contact-page.tsx',
  'src/features/pages/components/about-page.tsx',
  'src/features/pages/components/privacy-page.tsx',
  'src/features/pages/components/pricing-page.tsx',
  'src/app/routes/not-found.tsx',
];

/** Where the build writes which output file holds each source module (see vite.config.ts). */
export const MODULES_FILE = path.join('.vite', 'modules.json');

/**
 * The build's Vite manifest and its module map: `{ manifest, modules }`, where `modules` maps
 * each source path of the app (`src/...`) to the output file that holds it.
 */
export function readBuild(dist) {
  const read = (file) => {
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) throw new Error(`No ${file} in ${dist}: build the web app first`);
    return JSON.parse(fs.readFileSync(full, 'utf8'));
  };
  return { manifest: read(path.join('.vite', 'manifest.json')), modules: read(MODULES_FILE) };
}

/**
 * Output files of the JavaScript that `keys` load: the chunks holding them and those chunks'
 * static imports, transitively. A key is a manifest key (`index.html`) or a source path
 * (`src/app/routes/dashboard.tsx`), which need not be a chunk of its own.
 */
export function chunkFiles({ manifest, modules }, keys) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key] ?? manifest[byFile.get(modules[key]) ?? ''];
    if (!chunk) throw new Error(`${key} is not in the build (renamed? update the list naming it)`);
    if (files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * `html` with modulepreload links for the code `pagePath` loads at once that the entry does not
 * already load (Vite links the entry's own imports in index.html).
 */
export function withFirstLoadLinks(html, pagePath, build) {
  const keys = FIRST_LOAD[pagePath];
  if (!keys) return html;
  const entry = chunkFiles(build, ['index.html']);
  const links = [...chunkFiles(build, keys)]
    .filter((file) => !entry.has(file))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');
  return html.replace('  </head>', `${links}  </head>`);
}
