// The code a prerendered signed-in page starts loading as soon as the entry runs (see
// src/app/router.tsx): the page's HTML names it in modulepreload links, so the browser fetches
// it alongside the entry and the entry's preload helper finds the links in place instead of
// adding some fifty of them to the document one by one, which takes a phone's main thread a
// while.
import fs from 'node:fs';
import path from 'node:path';

/** Source modules each prerendered signed-in page loads at once, by path. */
export const FIRST_LOAD = {
  '/dashboard': [
    'src/app/routes/dashboard-shell.tsx',
    'src/app/routes/dashboard.tsx',
    'src/app/layouts/user-menu.tsx',
    'src/lib/query-client.ts',
    'src/lib/auth/auth-sync.ts',
  ],
};

/** Output files of the chunks `keys` load: themselves and their static imports, transitively. */
export function chunkFiles(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build (renamed? update FIRST_LOAD)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export function readManifest(dist) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/**
 * `html` with modulepreload links for the code `pagePath` loads at once that the entry does not
 * already load (Vite links the entry's own imports in index.html).
 */
export function withFirstLoadLinks(html, pagePath, manifest) {
  const keys = FIRST_LOAD[pagePath];
  if (!keys) return html;
  const entry = chunkFiles(manifest, ['index.html']);
  const links = [...chunkFiles(manifest, keys)]
    .filter((file) => !entry.has(file))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');
  return html.replace('  </head>', `${links}  </head>`);
}
