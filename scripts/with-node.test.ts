import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  gypEnv,
  matchesSpec,
  newest,
  preloadSource,
  shimSource,
  withPreload,
} from './with-node.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE_ADDONS = path.join(ROOT, 'scripts/native-addons.cjs');

/** An N-API addon (any Node loads it): lightningcss's build for this platform, from Vite. */
function napiAddon(): string {
  const modules = path.join(ROOT, 'node_modules');
  for (const dir of fs.readdirSync(modules).filter((d) => d.startsWith('lightningcss-'))) {
    const file = fs.readdirSync(path.join(modules, dir)).find((f) => f.endsWith('.node'));
    if (file) return path.join(modules, dir, file);
  }
  throw new Error('no lightningcss addon for this platform in node_modules');
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'with node-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('choosing a release', () => {
  it('matches a major, a minor or an exact version', () => {
    expect(matchesSpec('26.10.0', '26')).toBe(true);
    expect(matchesSpec('26.10.0', '26.10')).toBe(true);
    expect(matchesSpec('26.10.0', '26.10.0')).toBe(true);
    expect(matchesSpec('26.10.0', '2')).toBe(false);
    expect(matchesSpec('26.10.0', '26.1')).toBe(false);
    expect(matchesSpec('20.19.5', '26')).toBe(false);
  });

  it('takes the newest release numerically, not alphabetically', () => {
    expect(newest(['26.9.0', '26.10.0', '26.8.2'])).toBe('26.10.0');
    expect(newest(['24.2.0'])).toBe('24.2.0');
    expect(newest([])).toBeUndefined();
  });
});

describe('building native addons', () => {
  it("builds against the other release's headers whatever nodedir npm passed down", () => {
    const env = gypEnv(
      {
        PATH: '/usr/bin',
        npm_config_nodedir: '/usr',
        NPM_CONFIG_NODEDIR: '/usr',
        npm_package_config_node_gyp_nodedir: '/elsewhere',
        npm_config_jobs: '2',
      },
      '/cache/node-26',
    );
    expect(env.npm_config_nodedir).toBeUndefined();
    expect(env.NPM_CONFIG_NODEDIR).toBeUndefined();
    expect(env.npm_package_config_node_gyp_nodedir).toBe('/cache/node-26');
    expect(env.npm_config_jobs).toBe('2');
    expect(env.PATH).toBe(`/cache/node-26/bin${path.delimiter}/usr/bin`);
  });
});

describe('the addon hook preloaded into every process of the run', () => {
  // node_modules/some-addon@1.2.3 holds a build that cannot load; the kept build can.
  function layout() {
    const pkgDir = path.join(tmp, 'node_modules/some-addon');
    const installed = path.join(pkgDir, 'build/Release/addon.node');
    fs.mkdirSync(path.dirname(installed), { recursive: true });
    fs.writeFileSync(path.join(pkgDir, 'package.json'), '{"name":"some-addon","version":"1.2.3"}');
    fs.writeFileSync(installed, 'not an addon for this Node');
    const addonsDir = path.join(tmp, 'addons');
    const kept = path.join(addonsDir, 'some-addon-1.2.3/build/Release/addon.node');
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.copyFileSync(napiAddon(), kept);
    return { installed, addonsDir };
  }
  const load = (installed: string, preload: string) =>
    spawnSync(
      process.execPath,
      [
        '-e',
        'const m = { exports: {} }; process.dlopen(m, process.argv[1]); console.log(Object.keys(m.exports).length > 0)',
        installed,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH, NODE_OPTIONS: withPreload('', preload) } },
    );

  it("loads the build kept for the running Node's ABI instead of node_modules' one", () => {
    const { installed, addonsDir } = layout();
    const preload = path.join(tmp, 'preload.cjs');
    fs.writeFileSync(preload, preloadSource(NATIVE_ADDONS, addonsDir, process.versions.modules));
    const r = load(installed, preload);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('true');
  });

  it('loads it in worker threads too (the server checkpoints SQLite from one)', () => {
    const { installed, addonsDir } = layout();
    const preload = path.join(tmp, 'preload.cjs');
    fs.writeFileSync(preload, preloadSource(NATIVE_ADDONS, addonsDir, process.versions.modules));
    const inWorker = `const { Worker } = require('node:worker_threads');
      new Worker(
        'const m = { exports: {} }; process.dlopen(m, require("node:worker_threads").workerData); console.log(Object.keys(m.exports).length > 0)',
        { eval: true, workerData: process.argv[1] },
      );`;
    const r = spawnSync(process.execPath, ['-e', inWorker, installed], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NODE_OPTIONS: withPreload('', preload) },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('true');
  });

  it('leaves processes of another ABI alone', () => {
    const { installed, addonsDir } = layout();
    const preload = path.join(tmp, 'preload.cjs');
    fs.writeFileSync(preload, preloadSource(NATIVE_ADDONS, addonsDir, 'another-abi'));
    const r = load(installed, preload);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('addon.node');
    expect(r.stdout).toBe('');
  });

  it('stays in NODE_OPTIONS for processes started through `node` with a bare environment', () => {
    const preload = path.join(tmp, 'hook.cjs');
    fs.writeFileSync(preload, 'globalThis.hooked = (globalThis.hooked ?? 0) + 1;');
    const shim = path.join(tmp, 'bin/node');
    fs.mkdirSync(path.dirname(shim));
    fs.writeFileSync(shim, shimSource(process.execPath, preload), { mode: 0o755 });
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(shim, ['-p', 'globalThis.hooked + " " + process.env.NODE_OPTIONS'], {
        encoding: 'utf8',
        env,
      });

    const bare = run({ PATH: '/usr/bin:/bin' });
    expect(bare.stderr).toBe('');
    expect(bare.stdout.trim()).toBe(`1 ${withPreload(undefined, preload)}`);
    // Already there (the run's own environment): neither added twice nor loaded twice.
    const inherited = run({
      PATH: '/usr/bin:/bin',
      NODE_OPTIONS: withPreload('--no-warnings', preload),
    });
    expect(inherited.stdout.trim()).toBe(`1 ${withPreload('--no-warnings', preload)}`);
  });

  it('refuses a temporary path that the wrapper could not quote', () => {
    expect(() => shimSource('/usr/bin/node', "/tmp/it's/hook.cjs")).toThrow(/set TMPDIR/);
  });
});

describe('scripts/with-node.mjs', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/with-node.mjs'), ...args], {
      encoding: 'utf8',
    });

  it('explains its usage and exits 2 without a version and a command', () => {
    const r = cli('26');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: scripts/with-node.mjs <version');
  });

  it('runs the command as is, with its exit code, on the Node already running', () => {
    const major = process.versions.node.split('.')[0] ?? '';
    const r = cli(major, process.execPath, '-e', 'console.log(process.version); process.exit(3)');
    expect(r.status).toBe(3);
    expect(r.stdout.trim()).toBe(process.version);
  });
});
