// Bundles the server (and our workspace packages) into dist/ for `node dist/main.js`.
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // Workspace packages are TypeScript sources: bundle them instead of loading them at run time.
  alias: {
    '@mailtokit/mailto': '../../packages/mailto/src/index.ts',
  },
  plugins: [
    {
      name: 'workspace-packages',
      setup(b) {
        b.onResolve({ filter: /^@mailtokit\/contracts\// }, (args) => ({
          path: new URL(
            `../../packages/contracts/src/${args.path.split('/').pop()}.ts`,
            import.meta.url,
          ).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
