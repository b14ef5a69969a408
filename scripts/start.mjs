// `npm start`: build what is missing or stale, then serve (SQLite by default, no set-up).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ROOT } from './build-if-stale.mjs';
import { onSupportedNode } from './supported-node.mjs';

await onSupportedNode('npm start');

buildIfStale(['web', 'server']);

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(ROOT, 'apps/server/dist/main.js')],
  {
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
