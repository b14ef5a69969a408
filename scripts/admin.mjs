// `npm run admin -- <command>`: the server's admin CLI, on the same configuration as the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ROOT } from './build-if-stale.mjs';
import { onSupportedNode } from './supported-node.mjs';

await onSupportedNode('npm run admin');

buildIfStale(['server']);
const r = spawnSync(
  process.execPath,
  [path.join(ROOT, 'apps/server/dist/cli.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
process.exit(r.status ?? 1);
