// Builds the web app and the server bundle when they are missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time (ms) of any file below the given paths; 0 if none. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) walk(path.join(ROOT, p));
  return max;
}

function mtime(p) {
  try {
    return fs.statSync(path.join(ROOT, p)).mtimeMs;
  } catch {
    return 0;
  }
}

const TARGETS = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/theme-init.js',
      'apps/web/vite.config.ts',
      'packages/contracts/src',
      'packages/mailto/src',
    ],
    workspace: '@mailtokit/web',
  },
  server: {
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/contracts/src',
      'packages/mailto/src',
    ],
    workspace: '@mailtokit/server',
  },
};

/** Rebuilds each named target whose output is missing or stale. Exits the process on failure. */
export function buildIfStale(names) {
  for (const name of names) {
    const t = TARGETS[name];
    const out = mtime(t.output);
    if (out && out >= newest(t.sources)) continue;
    console.log(`[mailtokit] building ${name}...`);
    // A production build whoever asks: Vitest sets NODE_ENV=test, with which Vite would bundle
    // React's development build and the JavaScript budget would measure that.
    const r = spawnSync('npm', ['run', 'build', '-w', t.workspace], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) {
      console.error(`[mailtokit] ${name} build failed`);
      process.exit(r.status ?? 1);
    }
  }
}
