// `npm run dev`: API with reload (tsx watch, port 3000) and the Vite dev server (port 5173).
import { spawn } from 'node:child_process';
import { ROOT } from './build-if-stale.mjs';
import { onSupportedNode } from './supported-node.mjs';

await onSupportedNode('npm run dev');

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@mailtokit/server'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@mailtokit/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', stop));
