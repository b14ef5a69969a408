import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin, type Rolldown } from 'vite';
import {
  FIRST_LOAD,
  MODULES_FILE,
  PUBLIC_LAZY_PAGES,
  QUERY_CLIENT,
} from './scripts/first-load.mjs';

/** The bundler's chunking context; Rolldown's types come through Vite, which bundles with it. */
type ChunkingContext = Rolldown.ChunkingContext;

const API_TARGET = process.env.MAILTOKIT_API ?? 'http://localhost:3000';

const THEME_INIT = fileURLToPath(new URL('./theme-init.js', import.meta.url));
const THEME_INIT_TAG = '<script src="/theme-init.js"></script>';

/**
 * Inlines theme-init.js, minified, where index.html names it: the theme applies before first
 * paint without a request of its own (a script and its headers on every first visit). The
 * Content-Security-Policy allows it by its hash, which the postbuild step takes from the HTML.
 */
function inlineThemeInit(): Plugin {
  return {
    name: 'mailtokit:inline-theme-init',
    transformIndexHtml(html) {
      if (!html.includes(THEME_INIT_TAG)) throw new Error(`index.html lacks ${THEME_INIT_TAG}`);
      const { code, errors } = minifySync('theme-init.js', fs.readFileSync(THEME_INIT, 'utf8'));
      if (errors.length) throw new Error(`theme-init.js: ${errors[0]?.message}`);
      return html.replace(THEME_INIT_TAG, `<script>${code.trim()}</script>`);
    },
  };
}

const APP_ROOT = fileURLToPath(new URL('.', import.meta.url));
const isLibrary = (id: string) => id.includes('/node_modules/');

/**
 * Writes which output file holds each of the app's source modules (`src/...`): the manifest
 * names only chunks, and a module grouped into a bigger chunk has none of its own. The scripts
 * that add up a page's code read it (scripts/first-load.mjs, the repository's
 * scripts/js-budget.mjs).
 */
function moduleMap(): Plugin {
  return {
    name: 'mailtokit:module-map',
    generateBundle(_options, bundle) {
      const modules: Record<string, string> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          for (const id of Object.keys(chunk.modules))
            if (id.startsWith(APP_ROOT) && !isLibrary(id))
              modules[id.slice(APP_ROOT.length)] = chunk.fileName;
      this.emitFile({ type: 'asset', fileName: MODULES_FILE, source: JSON.stringify(modules) });
    },
  };
}

const idsOf = (paths: readonly string[]) => paths.map((p) => path.join(APP_ROOT, p));
const ROUTER = path.join(APP_ROOT, 'src/app/router.tsx');
const MAIN = path.join(APP_ROOT, 'src/main.tsx');

/**
 * The app's own modules that `roots` reach through static imports (and dynamic ones too when
 * `dynamic`), without entering `stop`. Libraries are left out: the graph here is the one before
 * tree-shaking, where a library's index reaches far more than what is used of it.
 */
function reach(
  ctx: ChunkingContext,
  roots: readonly string[],
  { dynamic = false, stop = new Set<string>() } = {},
): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || stop.has(id) || isLibrary(id)) return;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const next of info?.importedIds ?? []) visit(next);
    if (dynamic) for (const next of info?.dynamicallyImportedIds ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The chunks of a signed-in page's first load, by the app's own modules in them:
 * - `query`: the query client (TanStack Query), the session sync that loads with it and what
 *   else of the dashboard's first load uses them that a signed-out visitor may load too (the
 *   user menu of the header), which every page with data loads;
 * - `shared`: what else the dashboard's first load shares with the code a visitor can load
 *   without signing in (the public pages and whatever they load on use), and the icons;
 * - `dashboard`: the rest, which only signed-in pages load.
 * The libraries they use follow them (a group takes its modules' imports along). Computed once
 * per chunking pass. scripts/first-load.test.ts checks the outcome: a handful of files for the
 * dashboard, none of its own code for a signed-out visitor, no query client for the home page.
 */
const TANSTACK = /\/node_modules\/@tanstack\//;
const ICONS = /\/node_modules\/lucide-react\//;
const firstLoadGroups = new WeakMap<ChunkingContext, Map<string, string>>();
function firstLoadGroupOf(ctx: ChunkingContext, id: string): string | undefined {
  if (TANSTACK.test(id)) return 'query';
  if (ICONS.test(id)) return 'shared';
  let groups = firstLoadGroups.get(ctx);
  if (!groups) {
    const publicPages = new Set(idsOf(PUBLIC_LAZY_PAGES));
    const signedInRoutes = new Set(
      (ctx.getModuleInfo(ROUTER)?.dynamicallyImportedIds ?? []).filter((m) => !publicPages.has(m)),
    );
    const signedOut = reach(ctx, [MAIN], { dynamic: true, stop: signedInRoutes });
    groups = new Map();
    const usesQuery = (module: string) =>
      [...reach(ctx, [module])].some((m) =>
        ctx.getModuleInfo(m)?.importedIds.some((i) => TANSTACK.test(i)),
      );
    for (const module of reach(ctx, idsOf(FIRST_LOAD['/dashboard'])))
      groups.set(
        module,
        !signedOut.has(module) ? 'dashboard' : usesQuery(module) ? 'query' : 'shared',
      );
    for (const module of reach(ctx, idsOf(QUERY_CLIENT))) groups.set(module, 'query');
    firstLoadGroups.set(ctx, groups);
  }
  return groups.get(id);
}
const firstLoadGroup = (name: string) => (id: string, ctx: ChunkingContext) =>
  firstLoadGroupOf(ctx, id) === name ? name : null;

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineThemeInit(), moduleMap()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/t': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/js-budget.mjs reads it to add up what each page loads.
    manifest: true,
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into the entry's own chunk. Left to
          // itself, Rolldown cuts out each module that a lazy page shares with the entry (React,
          // the JSX runtime, the API client, the messages...) as a chunk of its own: a dozen
          // files on the home page, each with its ~400 bytes of response headers, and less
          // for brotli to work with. Lazy pages keep their own chunks.
          //
          // A signed-in page's first load gets the same treatment, in three chunks (see
          // firstLoadGroupOf) instead of some forty small files, each a request of its own on a
          // phone's slow connection.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 4 },
            { name: firstLoadGroup('query'), debugName: 'query', priority: 3 },
            { name: firstLoadGroup('shared'), debugName: 'shared', priority: 2 },
            { name: firstLoadGroup('dashboard'), debugName: 'dashboard', priority: 1 },
          ],
        },
      },
    },
  },
});
