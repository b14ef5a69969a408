import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
}

/**
 * Where Node would find `name` from the package installed at `from` (a lockfile key such as
 * `node_modules/a/node_modules/b`): its own node_modules, then each enclosing one up to the root.
 */
function resolveInLock(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/** Every optional dependency some package declares that the lockfile has no entry for. */
function missingOptionals(packages: Record<string, LockEntry>): string[] {
  const missing: string[] = [];
  for (const [where, entry] of Object.entries(packages))
    for (const name of Object.keys(entry.optionalDependencies ?? {}))
      if (!resolveInLock(packages, where, name)) missing.push(`${where || '(root)'} -> ${name}`);
  return missing;
}

describe('package-lock.json', () => {
  const packages: Record<string, LockEntry> = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'),
  ).packages;

  it('lists every optional dependency of every package, whatever the platform', () => {
    // `npm ci` refuses a lockfile that lacks another platform's binary package ("Missing: …
    // from lock file"), and `npm install` rewrites it: both fail on a fresh clone elsewhere.
    expect(missingOptionals(packages)).toEqual([]);
  });

  it('holds the per-platform builds of packages that ship native binaries, beyond this one', () => {
    const platforms = new Set(
      Object.values(packages)
        .flatMap((entry) => entry.os ?? [])
        .filter((os) => !os.startsWith('!')),
    );
    for (const os of ['linux', 'darwin', 'win32']) expect(platforms, os).toContain(os);
  });

  it('the check finds a platform package left out', () => {
    const trimmed = { ...packages };
    const [victim] = Object.keys(trimmed).filter((key) => trimmed[key]?.os?.includes('darwin'));
    expect(victim).toBeDefined();
    delete trimmed[victim!];
    expect(missingOptionals(trimmed)).toHaveLength(1);
  });
});
