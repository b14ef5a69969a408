#!/usr/bin/env node
// @ts-check
// Runs a command on another Node.js release, taken from the npm registry:
//
//   scripts/with-node.mjs 26 npm test        (also: 24, 22.14, 26.10.0 …)
//
// The `node-<platform>-<arch>` package ships the binary; it is kept in ~/.cache/mailtokit/node
// (or $XDG_CACHE_HOME/mailtokit/node) and put first on the command's PATH, so the command and
// every `node` and `npm` it starts run on it. node_modules serves every release as it is: its
// native addons (better-sqlite3, rolldown, lightningcss, …) are Node-API builds, which any
// supported release loads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export class UsageError extends Error {}

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
 * @param {(line: string) => void} log
 */
function resolveVersion(pkg, spec, root, log) {
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
    log(`the registry did not answer; using the cached Node v${best}`);
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
 * @param {(line: string) => void} log
 */
function ensureNode(pkg, version, dir, log) {
  const node = path.join(dir, 'bin', 'node');
  if (exists(node)) return node;
  log(`fetching Node v${version} (${pkg}) from the npm registry into ${dir}`);
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

/**
 * A release of Node.js from the npm registry: the newest one matching `spec` (the newest one
 * cached when the registry does not answer), and whether it is on this machine yet.
 * @param {string} spec
 * @param {(line: string) => void} [log]
 */
export function findRelease(spec, log = say) {
  const pkg = platformPackage();
  const root = cacheRoot();
  fs.mkdirSync(root, { recursive: true });
  sweep(root);
  const version = resolveVersion(pkg, spec, root, log);
  const dir = path.join(root, `${pkg}-${version}`);
  return { pkg, version, dir, cached: exists(path.join(dir, 'bin', 'node')) };
}

/**
 * Fetches the release when it is not cached yet; returns its `node` and the environment a
 * command runs in on it (that Node first on PATH).
 * @param {ReturnType<typeof findRelease>} release
 * @param {(line: string) => void} [log]
 */
export function useRelease(release, log = say) {
  const node = ensureNode(release.pkg, release.version, release.dir, log);
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PATH: [path.dirname(node), process.env.PATH].filter(Boolean).join(path.delimiter),
  };
  return { node, env };
}

/**
 * Runs a command to its end, passing Ctrl-C and SIGTERM on; resolves to its exit status.
 * @param {string} cmd
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
export function runCommand(cmd, args, env) {
  const child = spawn(cmd, args, { stdio: 'inherit', env });
  /** @param {NodeJS.Signals} signal */
  const pass = (signal) => child.kill(signal);
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  return new Promise((resolve) => {
    child.on('error', (err) => {
      say(`cannot run ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (status, signal) => {
      process.off('SIGINT', pass);
      process.off('SIGTERM', pass);
      resolve(status ?? 128 + (signal ? os.constants.signals[signal] : 0));
    });
  });
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
  if (matchesSpec(process.versions.node, spec)) {
    say(`Node ${process.version} is already running: ${[cmd, ...args].join(' ')}`);
  } else {
    const release = findRelease(spec);
    env = useRelease(release).env;
    say(`Node v${release.version}: ${[cmd, ...args].join(' ')}`);
  }
  process.exit(await runCommand(cmd, args, env));
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    say(err instanceof Error ? err.message : String(err));
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
