// @ts-check
// The Chromium that the end-to-end suite drives. Playwright never downloads a browser here: it
// uses CHROMIUM_PATH, else Debian's /usr/bin/chromium, which `npm test` installs itself when it
// runs as root on Debian. Anywhere else a missing browser stops the run with one line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Debian's packages that give a headless Chromium with readable text. */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];

export class ChromiumNotFound extends Error {}

/** @param {string} file */
function isExecutableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The first `name` on the PATH given, or null.
 * @param {string} name
 * @param {string | undefined} searchPath
 */
export function which(name, searchPath) {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (dir && isExecutableFile(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/**
 * @typedef {object} LookupOptions
 * @property {NodeJS.ProcessEnv} [env] where CHROMIUM_PATH and PATH are read (process.env)
 * @property {string} [defaultPath] the system Chromium (/usr/bin/chromium)
 * @property {boolean} [isRoot] may install system packages (running as root)
 * @property {boolean} [isDebian] apt-get installs Debian's chromium package here
 * @property {(line: string) => void} [log] progress lines (stderr)
 */

/**
 * Returns the Chromium executable for Playwright, installing Debian's package when it is missing
 * and the machine allows it. Throws ChromiumNotFound with a one-line message otherwise.
 * @param {LookupOptions} [options]
 * @returns {string}
 */
export function ensureChromium(options = {}) {
  const env = options.env ?? process.env;
  const defaultPath = options.defaultPath ?? DEFAULT_CHROMIUM;
  const log = options.log ?? ((line) => console.error(line));

  // An explicit CHROMIUM_PATH is the user's choice: never replaced by another browser.
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    if (isExecutableFile(explicit)) return explicit;
    throw new ChromiumNotFound(
      `No Chromium at CHROMIUM_PATH=${explicit}: point it at a Chromium or Chrome executable, or unset it to use ${defaultPath} (Debian's chromium package).`,
    );
  }
  if (isExecutableFile(defaultPath)) return defaultPath;

  const isRoot = options.isRoot ?? process.getuid?.() === 0;
  const isDebian = options.isDebian ?? fs.existsSync('/etc/debian_version');
  const aptGet = isRoot && isDebian ? which('apt-get', env.PATH) : null;
  if (!aptGet) {
    const how = isDebian
      ? `install Debian's chromium package (sudo apt-get install ${CHROMIUM_PACKAGES.join(' ')})`
      : 'install Chromium';
    throw new ChromiumNotFound(
      `No Chromium for the end-to-end tests at ${defaultPath}: ${how}, or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
    );
  }

  log(
    `[test] No Chromium at ${defaultPath}: installing ${CHROMIUM_PACKAGES.join(' ')} with apt-get`,
  );
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (/** @type {string[]} */ args) =>
    spawnSync(aptGet, args, { stdio: ['ignore', 'inherit', 'inherit'], env: aptEnv }).status;
  const updated = apt(['update', '-qq']);
  const installed = updated === 0 ? apt(['install', '-y', '-qq', ...CHROMIUM_PACKAGES]) : updated;
  if (installed === 0 && isExecutableFile(defaultPath)) return defaultPath;
  throw new ChromiumNotFound(
    `apt-get could not install Chromium (exit ${installed ?? 'signal'}): install Debian's chromium package by hand, or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  );
}
