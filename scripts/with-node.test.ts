import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADDONS_ENV, gypEnv, matchesSpec, newest, withPreload } from './with-node.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRELOAD = path.join(ROOT, 'scripts/native-addons.cjs');
const SQLITE_ADDON = fs.realpathSync(
  path.join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
);

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
  // A stand-in for node_modules' build of the addon: loading it as is fails.
  const installed = () => {
    const file = path.join(tmp, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not an addon for this Node');
    return file;
  };
  const load = (file: string, abi: string) =>
    spawnSync(
      process.execPath,
      [
        '-e',
        'const m = { exports: {} }; process.dlopen(m, process.argv[1]); console.log(typeof m.exports.Database)',
        file,
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          NODE_OPTIONS: withPreload(undefined, PRELOAD),
          [ADDONS_ENV]: JSON.stringify({ abi, addons: { [file]: SQLITE_ADDON } }),
        },
      },
    );

  it("loads the build made for the running Node's ABI instead of node_modules' one", () => {
    const r = load(installed(), process.versions.modules);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('function');
  });

  it('leaves processes of another ABI alone', () => {
    const r = load(installed(), 'another-abi');
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
  });

  it('is found through NODE_OPTIONS even when its path holds spaces and quotes', () => {
    const preload = path.join(tmp, 'a "quoted" dir', 'hook.cjs');
    fs.mkdirSync(path.dirname(preload), { recursive: true });
    fs.writeFileSync(preload, 'globalThis.hooked = true;');
    const r = spawnSync(process.execPath, ['-p', 'globalThis.hooked === true'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NODE_OPTIONS: withPreload('--no-warnings', preload) },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('true');
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
