// How much JavaScript each page of the web app loads on a first visit, compressed as the server
// sends it, against a budget per page. Reads the Vite manifest of apps/web/dist:
//   node scripts/js-budget.mjs        prints the table (exit 1 when a page is over budget)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/web/dist',
);

/**
 * The pages and what each loads before it is usable: the entry with everything it imports
 * statically, plus the lazy modules (route, layout, menus) it renders at once, with theirs.
 * Budgets are bytes on the wire (brotli, as every current browser accepts it), in KiB
 * (1,024 bytes) as Lighthouse reports transfer sizes.
 */
const KIB = 1024;

/** Loaded with the first page that fetches or mutates (apps/web/src/lib/query-host.tsx). */
const QUERY_CLIENT = ['src/lib/query-client.ts', 'src/lib/auth/auth-sync.ts'];

export const BUDGETS = [
  { page: '/', lazy: [], budget: 100 * KIB },
  {
    page: '/auth',
    lazy: ['src/features/auth/components/auth-page.tsx', ...QUERY_CLIENT],
    budget: 120 * KIB,
  },
  {
    page: '/dashboard (signed in)',
    lazy: [
      'src/app/routes/dashboard-shell.tsx',
      'src/app/routes/dashboard.tsx',
      'src/app/layouts/user-menu.tsx',
      ...QUERY_CLIENT,
    ],
    budget: 160 * KIB,
  },
];

const ENTRY = 'index.html';

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No Vite manifest at ${file}: build the web app first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Output files of the chunks `keys` load: themselves and their static imports, transitively. */
function chunkFiles(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build (renamed? update BUDGETS)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Brotli size of a built file: its .br copy when the build made one, else compressed here. */
function brotliSize(dist, file) {
  const br = path.join(dist, `${file}.br`);
  if (fs.existsSync(br)) return fs.statSync(br).size;
  return zlib.brotliCompressSync(fs.readFileSync(path.join(dist, file))).length;
}

/** Every page's JavaScript: files, raw and brotli bytes, and whether it fits its budget. */
export function measurePages(dist = WEB_DIST, budgets = BUDGETS) {
  const manifest = readManifest(dist);
  return budgets.map(({ page, lazy, budget }) => {
    const files = [...chunkFiles(manifest, [ENTRY, ...lazy])];
    const raw = files.reduce((sum, f) => sum + fs.statSync(path.join(dist, f)).size, 0);
    const brotli = files.reduce((sum, f) => sum + brotliSize(dist, f), 0);
    return { page, files, raw, brotli, budget, ok: brotli <= budget };
  });
}

const kb = (n) => `${(n / KIB).toFixed(1)} KiB`;

export function formatTable(rows) {
  return rows
    .map(
      (r) =>
        `${r.ok ? 'ok  ' : 'OVER'} ${r.page.padEnd(24)} ${kb(r.brotli).padStart(9)} brotli of ${kb(r.budget)} budget (${kb(r.raw)} raw, ${r.files.length} files)`,
    )
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = measurePages();
  console.log(formatTable(rows));
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
