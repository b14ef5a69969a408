import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.MAILTOKIT_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
