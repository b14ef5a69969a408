// @ts-check
// Preloaded (--require, which also runs in worker threads) by scripts/with-node.mjs into every
// Node process and thread of a run on another Node.js release. An addon tied to one Node ABI (better-sqlite3) then loads from the build kept
// for that release (<addons dir>/<package>-<version>/<same path inside the package>), not from
// node_modules, which stays as `npm install` left it for the machine's own Node. A process of any
// other ABI, or an addon with no such build (N-API ones), is left alone.
const fs = require('node:fs');
const path = require('node:path');

/**
 * The build of a node_modules addon file kept in `addonsDir`, or null.
 * @param {string} filename absolute path of a .node file
 * @param {string} addonsDir
 */
function replacementFor(filename, addonsDir) {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = filename.lastIndexOf(marker);
  if (at < 0) return null;
  const segments = filename.slice(at + marker.length).split(path.sep);
  const name = segments[0]?.startsWith('@') ? segments.slice(0, 2) : segments.slice(0, 1);
  const pkgDir = filename.slice(0, at + marker.length) + name.join(path.sep);
  let version;
  try {
    version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
  const kept = path.join(
    addonsDir,
    `${name.join('+')}-${version}`,
    path.relative(pkgDir, filename),
  );
  return fs.existsSync(kept) ? kept : null;
}

const PATCHED = Symbol.for('mailtokit.with-node.dlopen');

/**
 * Makes this process load addons from `addonsDir` when it runs the Node of ABI `abi`.
 * @param {string} addonsDir
 * @param {string} abi process.versions.modules of the Node the builds were made for
 */
function useAddonsFrom(addonsDir, abi) {
  /** @type {typeof process.dlopen & { [PATCHED]?: true }} */
  const dlopen = process.dlopen;
  if (abi !== process.versions.modules || dlopen[PATCHED]) return;
  /** @type {typeof process.dlopen & { [PATCHED]?: true }} */
  const patched = (module, filename, ...rest) =>
    dlopen.call(process, module, replacementFor(filename, addonsDir) ?? filename, ...rest);
  patched[PATCHED] = true;
  process.dlopen = patched;
}

module.exports = { replacementFor, useAddonsFrom };
