import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChromiumNotFound, ensureChromium } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let tmp: string;
let emptyBin: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-lookup-'));
  emptyBin = path.join(tmp, 'empty-bin');
  fs.mkdirSync(emptyBin);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function executable(file: string, body = '#!/bin/sh\nexit 0\n') {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body, { mode: 0o755 });
  return file;
}

/** An apt-get that records its calls and, on `install`, puts a browser at `browser`. */
function fakeAptGet(browser: string, installExit = 0) {
  const bin = path.join(tmp, 'apt-bin');
  const log = path.join(tmp, 'apt.log');
  executable(
    path.join(bin, 'apt-get'),
    [
      '#!/bin/sh',
      `echo "$DEBIAN_FRONTEND $*" >> '${log}'`,
      'if [ "$1" = install ]; then',
      installExit === 0
        ? `  printf '#!/bin/sh\\n' > '${browser}' && command -p chmod 755 '${browser}'`
        : `  exit ${installExit}`,
      'fi',
    ].join('\n') + '\n',
  );
  return { bin, calls: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '') };
}

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ChromiumNotFound);
    return (err as Error).message;
  }
  throw new Error('expected the lookup to fail');
};

describe('npm test without a browser', () => {
  it('exits non-zero with one line, before any suite runs, when CHROMIUM_PATH points at nothing and nothing can be installed', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/test.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: emptyBin, HOME: tmp, CHROMIUM_PATH: path.join(tmp, 'no-such-chromium') },
      timeout: 30_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.status).not.toBeNull();
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `No Chromium at CHROMIUM_PATH=${path.join(tmp, 'no-such-chromium')}`,
    );
    expect(lines[0]).toContain('chromium');
  });
});

describe('ensureChromium', () => {
  it('uses CHROMIUM_PATH when it names an executable', () => {
    const browser = executable(path.join(tmp, 'chrome'));
    expect(
      ensureChromium({ env: { CHROMIUM_PATH: browser, PATH: emptyBin }, defaultPath: '/nope' }),
    ).toBe(browser);
  });

  it('falls back to the system Chromium when CHROMIUM_PATH is unset', () => {
    const system = executable(path.join(tmp, 'usr/bin/chromium'));
    expect(ensureChromium({ env: { PATH: emptyBin }, defaultPath: system })).toBe(system);
  });

  it('never replaces a CHROMIUM_PATH that points at nothing, even where it could install', () => {
    const system = path.join(tmp, 'usr/bin/chromium');
    const apt = fakeAptGet(system);
    const message = failure(() =>
      ensureChromium({
        env: { CHROMIUM_PATH: path.join(tmp, 'gone'), PATH: apt.bin },
        defaultPath: system,
        isRoot: true,
        isDebian: true,
      }),
    );
    expect(message).toMatch(/^No Chromium at CHROMIUM_PATH=.*gone: /);
    expect(apt.calls()).toBe('');
  });

  it('says what to install, on one line, when it may not install (not root)', () => {
    const message = failure(() =>
      ensureChromium({
        env: { PATH: fakeAptGet(path.join(tmp, 'chromium')).bin },
        defaultPath: path.join(tmp, 'chromium'),
        isRoot: false,
        isDebian: true,
      }),
    );
    expect(message).not.toContain('\n');
    expect(message).toContain('sudo apt-get install chromium fonts-liberation');
    expect(message).toContain('CHROMIUM_PATH');
  });

  it('says what to install when root has no apt-get, or the system is not Debian', () => {
    const asRootWithoutApt = failure(() =>
      ensureChromium({
        env: { PATH: emptyBin },
        defaultPath: path.join(tmp, 'chromium'),
        isRoot: true,
        isDebian: true,
      }),
    );
    expect(asRootWithoutApt).toContain('apt-get install chromium');
    const elsewhere = failure(() =>
      ensureChromium({
        env: { PATH: emptyBin },
        defaultPath: path.join(tmp, 'chromium'),
        isRoot: true,
        isDebian: false,
      }),
    );
    expect(elsewhere).toContain('install Chromium, or set CHROMIUM_PATH');
  });

  it("installs Debian's chromium package with apt-get as root, then uses it", () => {
    const system = path.join(tmp, 'usr/bin/chromium');
    fs.mkdirSync(path.dirname(system), { recursive: true });
    const apt = fakeAptGet(system);
    const logged: string[] = [];
    const found = ensureChromium({
      env: { PATH: apt.bin },
      defaultPath: system,
      isRoot: true,
      isDebian: true,
      log: (line) => logged.push(line),
    });
    expect(found).toBe(system);
    expect(apt.calls()).toBe(
      'noninteractive update -qq\nnoninteractive install -y -qq chromium fonts-liberation\n',
    );
    expect(logged).toEqual([expect.stringContaining('installing chromium fonts-liberation')]);
  });

  it('stops with one line when apt-get fails', () => {
    const system = path.join(tmp, 'usr/bin/chromium');
    const apt = fakeAptGet(system, 100);
    const message = failure(() =>
      ensureChromium({
        env: { PATH: apt.bin },
        defaultPath: system,
        isRoot: true,
        isDebian: true,
        log: () => undefined,
      }),
    );
    expect(message).toMatch(/^apt-get could not install Chromium \(exit 100\)/);
    expect(message).not.toContain('\n');
  });
});
