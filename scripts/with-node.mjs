#!/usr/bin/env node
// @ts-check
// Runs a command on another Node.js release, taken from the npm registry:
//
//   scripts/with-node.mjs 26 npm test        (also: 24, 22.13, 26.10.0 …)
//
// The `node-<platform>-<arch>` package ships the binary and its C headers. Both are kept in
// ~/.cache/mailtokit/node (or $XDG_CACHE_HOME/mailtokit/node), next to the builds of the native
// addons that must match that release's ABI (better-sqlite3), made there once from the installed
// package's sources. node_modules is never touched: the command runs with that Node first on
// PATH (through a small `node` wrapper) and native-addons.cjs preloaded into each of its Node
// processes and worker threads, which then load the matching build. An interrupted run leaves the tree as it was
// for the machine's own Node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE_ADDONS = path.join(ROOT, 'scripts', 'native-addons.cjs');
/** Native addons in our tree that are tied to one Node ABI (N-API ones need nothing). */
const ABI_ADDONS = [{ pkg: 'better-sqlite3', file: 'build/Release/better_sqlite3.node' }];

class UsageError extends Error {}

/** @param {string} line */
const say = (line) => console.error(`[with-node] ${line}`);

/** @param {string} version e.g. "26.10.0" */
const parts = (version) => version.split('.').map(Number);

/**
 * Does a release ("26.10.0") match what was asked for ("26", "26.10" or "26.10.0")?
 * @param {string} version
 * @param {string} spec
 */
export function matchesSpec(version, spec) {
  const want = parts(spec);
  const have = parts(version);
  return want.every((n, i) => have[i] === n);
}

/**
 * The newest of some releases.
 * @param {string[]} versions
 */
export function newest(versions) {
  return [...versions].sort((a, b) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
    return 0;
  })[versions.length - 1];
}

/**
 * The environment node-gyp builds in: headers from `nodeDir`, whatever npm configuration the
 * caller inherited (node-gyp reads npm_config_* from the environment, and those win over its
 * command line, so an inherited `nodedir` would build against the wrong headers).
 * @param {NodeJS.ProcessEnv} env
 * @param {string} nodeDir
 */
export function gypEnv(env, nodeDir) {
  /** @type {NodeJS.ProcessEnv} */
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (!/^npm_(config|package_config_node_gyp)_nodedir$/i.test(key)) out[key] = value;
  }
  out.PATH = [path.join(nodeDir, 'bin'), env.PATH].filter(Boolean).join(path.delimiter);
  out.npm_package_config_node_gyp_nodedir = nodeDir;
  return out;
}

/**
 * NODE_OPTIONS with the CommonJS module at `preload` (a path) required first: `--require`, not
 * `--import`, because only the former also runs in worker threads (the server checkpoints its
 * SQLite log from one, and its addon must load there too).
 * @param {string | undefined} current
 * @param {string} preload
 */
export function withPreload(current, preload) {
  // Double quotes keep a path with spaces one value (NODE_OPTIONS' own quoting).
  return [current, `--require "${preload}"`].filter(Boolean).join(' ');
}

/**
 * The preload of one run (CommonJS): native-addons.cjs, pointed at the builds for the Node of
 * ABI `abi`.
 * @param {string} nativeAddons
 * @param {string} addonsDir
 * @param {string} abi
 */
export function preloadSource(nativeAddons, addonsDir, abi) {
  const args = [addonsDir, abi].map((a) => JSON.stringify(a)).join(', ');
  return `require(${JSON.stringify(nativeAddons)}).useAddonsFrom(${args});\n`;
}

/** @param {string} s */
const shellQuote = (s) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * The `node` first on PATH during a run: the real binary, with the preload put back into
 * NODE_OPTIONS when a caller started it with a bare environment (a test's child process).
 * @param {string} realNode
 * @param {string} preload
 */
export function shimSource(realNode, preload) {
  const option = withPreload(undefined, preload);
  if (/["'$`\\]/.test(preload))
    throw new UsageError(`unusable temporary path ${preload}: set TMPDIR`);
  return [
    '#!/bin/sh',
    'case "$NODE_OPTIONS" in',
    `  *${shellQuote(option)}*) ;;`,
    `  *) NODE_OPTIONS="\${NODE_OPTIONS:+$NODE_OPTIONS }"${shellQuote(option)}; export NODE_OPTIONS ;;`,
    'esac',
    `exec ${shellQuote(realNode)} "$@"`,
    '',
  ].join('\n');
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function capture(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  return { ok: r.status === 0, out: String(r.stdout ?? ''), err: String(r.stderr ?? '') };
}

/** @param {string} file */
const exists = (file) => fs.existsSync(file);

function platformPackage() {
  const platform = { linux: 'linux', darwin: 'darwin' }[/** @type {string} */ (process.platform)];
  if (!platform || !['x64', 'arm64'].includes(process.arch))
    throw new UsageError(
      `no Node.js package on the npm registry for ${process.platform}-${process.arch}`,
    );
  return `node-${platform}-${process.arch}`;
}

function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'mailtokit', 'node');
}

/** Leftovers of runs that died mid-download or mid-build, once they are an hour old. */
function sweep(/** @type {string} */ dir) {
  if (!exists(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith('.tmp-')) continue;
    const file = path.join(dir, name);
    if (Date.now() - fs.statSync(file).mtimeMs > 3_600_000)
      fs.rmSync(file, { recursive: true, force: true });
  }
}

/**
 * The newest release matching `spec` on the registry, else the newest one already cached.
 * @param {string} pkg
 * @param {string} spec
 * @param {string} root
 */
function resolveVersion(pkg, spec, root) {
  const r = capture('npm', ['view', `${pkg}@${spec}`, 'version', '--json']);
  /** @type {string | string[] | { error?: { summary?: string } } | null} */
  let answer = null;
  try {
    answer = JSON.parse(r.out);
  } catch {
    // no answer at all (offline): the cache below may still have one
  }
  if (r.ok && answer) {
    const list = (Array.isArray(answer) ? answer : [answer]).filter(
      /** @returns {v is string} */ (v) => typeof v === 'string' && /^\d+\.\d+\.\d+$/.test(v),
    );
    const best = newest(list);
    if (best) return best;
  }
  const cached = exists(root)
    ? fs
        .readdirSync(root)
        .filter((d) => d.startsWith(`${pkg}-`) && exists(path.join(root, d, 'bin', 'node')))
        .map((d) => d.slice(pkg.length + 1))
        .filter((v) => matchesSpec(v, spec))
    : [];
  const best = newest(cached);
  if (best) {
    say(`the registry did not answer; using the cached Node v${best}`);
    return best;
  }
  const why =
    answer && !Array.isArray(answer) && typeof answer === 'object' ? answer.error?.summary : null;
  throw new UsageError(`no Node ${spec} from the npm registry (${pkg}): ${why ?? 'no answer'}`);
}

/**
 * Unpacks `pkg@version` into `dir` (bin/node, include/node) unless it is there already.
 * @param {string} pkg
 * @param {string} version
 * @param {string} dir
 */
function ensureNode(pkg, version, dir) {
  const node = path.join(dir, 'bin', 'node');
  if (exists(node)) return node;
  say(`fetching Node v${version} (${pkg}) from the npm registry into ${dir}`);
  const tmp = fs.mkdtempSync(path.join(path.dirname(dir), '.tmp-'));
  try {
    const packed = capture('npm', [
      'pack',
      `${pkg}@${version}`,
      '--pack-destination',
      tmp,
      '--json',
    ]);
    if (!packed.ok) throw new Error(`npm pack ${pkg}@${version} failed:\n${packed.err}`);
    const [{ filename }] = JSON.parse(packed.out);
    const untar = capture('tar', ['-xzf', path.join(tmp, path.basename(filename)), '-C', tmp]);
    if (!untar.ok) throw new Error(`cannot unpack ${filename}:\n${untar.err}`);
    const unpacked = path.join(tmp, 'package');
    const v = capture(path.join(unpacked, 'bin', 'node'), ['--version']);
    if (v.out.trim() !== `v${version}`)
      throw new Error(`${pkg}@${version} holds no working Node (${v.out.trim() || v.err.trim()})`);
    try {
      fs.renameSync(unpacked, dir);
    } catch (err) {
      // Another run unpacked the same release meanwhile: theirs is as good as ours.
      if (!exists(node)) throw err;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return node;
}

/** npm's own node-gyp (it builds every native addon that npm installs), else one on PATH. */
function findNodeGyp() {
  const candidates = [process.env.npm_config_node_gyp];
  const npm = capture('sh', ['-c', 'command -v npm']).out.trim();
  if (npm) {
    const npmRoot = path.resolve(path.dirname(fs.realpathSync(npm)), '..');
    candidates.push(path.join(npmRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  }
  const onPath = capture('sh', ['-c', 'command -v node-gyp']).out.trim();
  if (onPath) candidates.push(fs.realpathSync(onPath));
  const found = candidates.find((c) => c && exists(c));
  if (!found)
    throw new UsageError('node-gyp not found (it comes with npm): npm install -g node-gyp');
  return found;
}

/**
 * Builds, once, the ABI-bound addons of node_modules for the Node in `nodeDir`, into
 * `addonsDir`/<package>-<version>/<file>, where native-addons.cjs looks for them.
 * @param {string} node
 * @param {string} nodeDir
 * @param {string} addonsDir
 * @param {string} version
 */
function ensureAddons(node, nodeDir, addonsDir, version) {
  for (const { pkg, file } of ABI_ADDONS) {
    const pkgDir = path.join(ROOT, 'node_modules', pkg);
    const installed = path.join(pkgDir, file);
    if (!exists(installed)) continue;
    const { version: pkgVersion } = JSON.parse(
      fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'),
    );
    const target = path.join(addonsDir, `${pkg}-${pkgVersion}`, file);
    if (!exists(target)) {
      say(`building ${pkg} ${pkgVersion} for Node v${version} (once; it is cached)`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const work = fs.mkdtempSync(path.join(addonsDir, '.tmp-'));
      try {
        const src = path.join(work, pkg);
        fs.cpSync(pkgDir, src, {
          recursive: true,
          filter: (p) => !['build', 'node_modules'].includes(path.relative(pkgDir, p)),
        });
        const built = capture(
          node,
          [findNodeGyp(), 'rebuild', '--release', `--nodedir=${nodeDir}`],
          { cwd: src, env: gypEnv(process.env, nodeDir) },
        );
        if (!built.ok) throw new Error(`building ${pkg} failed:\n${built.out}\n${built.err}`);
        const output = path.join(src, file);
        const load = capture(node, [
          '-e',
          'process.dlopen({ exports: {} }, process.argv[1])',
          output,
        ]);
        if (!load.ok) throw new Error(`the ${pkg} build does not load:\n${load.err}`);
        fs.copyFileSync(output, `${target}.tmp-${process.pid}`);
        fs.renameSync(`${target}.tmp-${process.pid}`, target);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    }
  }
}

/** @param {string[]} argv */
async function main(argv) {
  const [spec, cmd, ...args] = argv;
  if (!spec || !cmd || !/^\d+(\.\d+){0,2}$/.test(spec))
    throw new UsageError(
      'usage: scripts/with-node.mjs <version: 26 | 24.11 | 26.10.0> <command> [args…]',
    );

  /** @type {NodeJS.ProcessEnv} */
  let env = process.env;
  /** @type {string | null} */
  let runDir = null;
  if (matchesSpec(process.versions.node, spec)) {
    say(`Node ${process.version} is already running: ${[cmd, ...args].join(' ')}`);
  } else {
    const pkg = platformPackage();
    const root = cacheRoot();
    fs.mkdirSync(root, { recursive: true });
    sweep(root);
    const version = resolveVersion(pkg, spec, root);
    const nodeDir = path.join(root, `${pkg}-${version}`);
    const node = ensureNode(pkg, version, nodeDir);
    const addonsDir = path.join(nodeDir, 'addons');
    fs.mkdirSync(addonsDir, { recursive: true });
    sweep(addonsDir);
    ensureAddons(node, nodeDir, addonsDir, version);
    const abi = capture(node, ['-p', 'process.versions.modules']).out.trim();

    runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'with-node-'));
    const preload = path.join(runDir, 'preload.cjs');
    fs.writeFileSync(preload, preloadSource(NATIVE_ADDONS, addonsDir, abi));
    fs.mkdirSync(path.join(runDir, 'bin'));
    fs.writeFileSync(path.join(runDir, 'bin', 'node'), shimSource(node, preload), { mode: 0o755 });
    env = {
      ...process.env,
      PATH: [path.join(runDir, 'bin'), path.join(nodeDir, 'bin'), process.env.PATH]
        .filter(Boolean)
        .join(path.delimiter),
      NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload),
    };
    say(`Node v${version}: ${[cmd, ...args].join(' ')}`);
  }

  const child = spawn(cmd, args, { stdio: 'inherit', env });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
    process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => {
    child.on('error', (err) => {
      say(`cannot run ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (status, signal) =>
      resolve(status ?? 128 + (signal ? os.constants.signals[signal] : 0)),
    );
  });
  if (runDir) fs.rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    say(err instanceof UsageError ? err.message : err instanceof Error ? err.message : String(err));
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
