// How much JavaScript each page of the web app transfers on a first visit, against a budget per
// page: the built server (apps/server/dist) is started on the built web app (apps/web/dist) and
// every script a page loads is fetched from it over HTTP, as a browser does (brotli accepted);
// each counts its body as sent plus its response headers, as Lighthouse's transfer size does.
//   node scripts/js-budget.mjs        builds what is stale, prints the table (exit 1 when over)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { buildIfStale, ROOT } from './build-if-stale.mjs';

export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** A browser's Accept-Encoding (Chromium's): the server answers with its brotli copies. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const KIB = 1024;

/** Loaded with the first page that fetches or mutates (apps/web/src/lib/query-host.tsx). */
const QUERY_CLIENT = ['src/lib/query-client.ts', 'src/lib/auth/auth-sync.ts'];

/**
 * The pages and what each loads before it is usable: the scripts its HTML names (the entry, its
 * modulepreloads, any classic script) and, from the Vite manifest, everything the entry imports
 * statically plus the lazy modules (route, layout, menus) it renders at once, with theirs.
 * Budgets are bytes on the wire: bodies as sent (brotli) plus response headers. The home page's
 * is 100 KB (100,000 bytes); the others are in KiB (1,024 bytes), as Lighthouse reports them.
 */
export const BUDGETS = [
  { page: '/', path: '/', lazy: [], budget: 100_000 },
  {
    page: '/auth',
    path: '/auth',
    lazy: ['src/features/auth/components/auth-page.tsx', ...QUERY_CLIENT],
    budget: 120 * KIB,
  },
  {
    page: '/dashboard (signed in)',
    path: '/dashboard',
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

/**
 * The build's Vite manifest and the web build's map of which output file holds each of the
 * app's source modules (`src/...`; apps/web/vite.config.ts writes it): a module grouped into a
 * bigger chunk has no manifest entry of its own.
 */
export function readBuild(dist = WEB_DIST) {
  const read = (file) => {
    const full = path.join(dist, '.vite', file);
    if (!fs.existsSync(full)) throw new Error(`No ${full}: build the web app first`);
    return JSON.parse(fs.readFileSync(full, 'utf8'));
  };
  return { manifest: read('manifest.json'), modules: read('modules.json') };
}

/**
 * Files (below dist) of the JavaScript that `keys` load: the chunks holding them and their static
 * imports, transitively. A key is a manifest key (`index.html`) or a source path of the app.
 */
export function chunkFiles({ manifest, modules }, keys) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? manifest[byFile.get(modules[key]) ?? ''];
    if (!chunk) throw new Error(`${key} is not in the build (renamed? update BUDGETS)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Scripts a page's HTML names: `<script src>` (classic or module) and modulepreloads. */
export function htmlScripts(html) {
  const found = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel="modulepreload"/.test(tag)) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url && url.startsWith('/') && !url.startsWith('//')) found.add(url.split('?')[0]);
  }
  return found;
}

/**
 * GET `url` over HTTP/1.1 as a browser would: the body's bytes as sent (still compressed) and
 * the response head's bytes (status line, every header line, the blank line).
 */
export function fetchOnWire(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        let head = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        const encoding = res.headers['content-encoding'];
        resolve({ status: res.statusCode, encoding, body, headerBytes: head });
      });
    });
    req.on('error', reject);
  });
}

/** The text of a body fetched by fetchOnWire. */
function decode({ encoding, body }) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/** A port for the server: the last of `TEST_PORTS` (`low-high`) when set, else a free one. */
async function serverPort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '');
  if (range) return Number(range[2]);
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server on a fresh SQLite database; resolves to its origin and a stop(). */
export async function startBuiltServer(dist = WEB_DIST) {
  if (!fs.existsSync(SERVER_MAIN))
    throw new Error(`No server bundle at ${SERVER_MAIN}: build the server first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-js-budget-'));
  const port = await serverPort();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => (errors += d));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      const done = () => (fs.rmSync(dataDir, { recursive: true, force: true }), resolve());
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetchOnWire(`${origin}/api/v1/health`)).status === 200) return { origin, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`The built server did not answer on ${origin}: ${errors.trim()}`);
}

/**
 * Every page's JavaScript files as the build names them (`assets/...`) and the size of their
 * brotli copies, read from the build alone: no server, no headers, no script named only by the
 * page's HTML. The budget is checked by measureOnWire.
 */
export function measurePages(dist = WEB_DIST, budgets = BUDGETS) {
  const output = readBuild(dist);
  return budgets.map(({ page, lazy }) => {
    const files = [...chunkFiles(output, [ENTRY, ...lazy])];
    const brotli = files.reduce((sum, file) => {
      const br = path.join(dist, `${file}.br`);
      return sum + fs.statSync(fs.existsSync(br) ? br : path.join(dist, file)).size;
    }, 0);
    return { page, files, brotli };
  });
}

/**
 * Every page's JavaScript as fetched from the server at `origin`: files (URL paths), body and
 * header bytes, their sum and whether it fits the page's budget.
 */
export async function measureOnWire(origin, { dist = WEB_DIST, budgets = BUDGETS } = {}) {
  const output = readBuild(dist);
  const rows = [];
  for (const { page, path: pagePath, lazy, budget } of budgets) {
    const html = await fetchOnWire(`${origin}${pagePath}`);
    if (html.status !== 200) throw new Error(`${pagePath} answered ${html.status}`);
    const text = decode(html).toString('utf8');
    const built = [...chunkFiles(output, [ENTRY, ...lazy])].map((file) => `/${file}`);
    const files = [...new Set([...htmlScripts(text), ...built])];
    let body = 0;
    let headers = 0;
    for (const file of files) {
      const res = await fetchOnWire(`${origin}${file}`);
      if (res.status !== 200) throw new Error(`${file} (loaded by ${page}) answered ${res.status}`);
      body += res.body.length;
      headers += res.headerBytes;
    }
    const total = body + headers;
    rows.push({ page, files, body, headers, total, budget, ok: total <= budget });
  }
  return rows;
}

const bytes = (n) => n.toLocaleString('en-US');
const kib = (n) => `${(n / KIB).toFixed(1)} KiB`;

/** One line per page; an over-budget page's line says by how much. */
export function formatTable(rows) {
  return rows
    .map(
      (r) =>
        `${r.ok ? 'ok  ' : 'OVER'} ${r.page.padEnd(24)} ${bytes(r.total).padStart(7)} bytes on the wire (${kib(r.total)}) of ${bytes(r.budget)} (${kib(r.budget)}): ` +
        `${bytes(r.body)} of bodies + ${bytes(r.headers)} of headers, ${r.files.length} files` +
        (r.ok ? '' : ` — ${bytes(r.total - r.budget)} bytes over`),
    )
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale(['web', 'server']);
  const server = await startBuiltServer();
  try {
    const rows = await measureOnWire(server.origin);
    console.log(formatTable(rows));
    process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
  } finally {
    await server.stop();
  }
}
