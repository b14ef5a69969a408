// @ts-check
// The Node.js releases the project runs on, and how a command gets onto one. `npm start`,
// `npm test`, `npm run dev` and `npm run admin` begin with `await onSupportedNode('npm start')`,
// which returns at once on a supported Node and otherwise runs the same script again on the
// newest LTS line, fetched from the npm registry by with-node.mjs, and exits with its status.
// The other scripts that load better-sqlite3 run through this file as a command:
// `node scripts/supported-node.mjs tsx bench/loss.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { ROOT } from './build-if-stale.mjs';
import { findRelease, runCommand, useRelease } from './with-node.mjs';

/** The LTS lines the project supports; CI runs the whole suite on each. */
export const LTS_LINES = ['22', '24', '26'];

/** The newest LTS line: what a machine with an older Node runs on, and the container image's. */
export const NEWEST_LINE = '26';

/** package.json's `engines.node`. */
export const ENGINES = /** @type {string} */ (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node
);

/**
 * Null when `version` is a supported release, else the line saying why the script runs on
 * another Node, and on which.
 * @param {string} version e.g. "20.20.2"
 * @param {string} what e.g. "npm start"
 * @param {string} [range]
 */
export function rerunNotice(version, what, range = ENGINES) {
  if (semver.satisfies(version, range)) return null;
  return `Node.js v${version} is not a supported release (${range}): ${what} runs on Node.js ${NEWEST_LINE} from the npm registry`;
}

/** @param {string} line */
const say = (line) => console.error(`[mailtokit] ${line}`);

/**
 * Runs `cmd` to its end on the machine's Node when that is a supported release, else on the
 * newest LTS line (fetched once into ~/.cache/mailtokit/node, and said so in one line), and
 * resolves to its exit status.
 * @param {string} what the command the user typed, for that line
 * @param {string} cmd `node` stands for the Node it runs on
 * @param {string[]} args
 * @returns {Promise<number>}
 */
export async function runOnSupportedNode(what, cmd, args) {
  const notice = rerunNotice(process.versions.node, what);
  if (!notice) return runCommand(cmd === 'node' ? process.execPath : cmd, args, process.env);
  try {
    const release = findRelease(NEWEST_LINE, say);
    const fetched = release.cached ? '' : `, fetched now into ${path.dirname(release.dir)}`;
    say(`${notice} (v${release.version}${fetched})`);
    const { node, env } = useRelease(release, () => {});
    return await runCommand(cmd === 'node' ? node : cmd, args, env);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    say(`${notice}, which failed: ${why}. Install Node.js ${LTS_LINES.join(', ')} instead.`);
    return 1;
  }
}

/**
 * Returns when this process runs on a supported Node; otherwise runs this same script with
 * the same arguments on the newest LTS line and exits with its status.
 * @param {string} what the command the user typed, e.g. "npm start"
 */
export async function onSupportedNode(what) {
  if (!rerunNotice(process.versions.node, what)) return;
  const script = process.argv[1] ?? '';
  process.exit(await runOnSupportedNode(what, 'node', [script, ...process.argv.slice(2)]));
}

// As a command (package.json's scripts): `node scripts/supported-node.mjs tsx bench/loss.ts`.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    say('usage: scripts/supported-node.mjs <command> [args…]');
    process.exit(2);
  }
  const event = process.env.npm_lifecycle_event;
  process.exit(await runOnSupportedNode(event ? `npm run ${event}` : cmd, cmd, args));
}
