import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineThemeInit()],
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
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
