import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** The first release of every Node line we support (the README says the same). */
const SUPPORTED = ['20.19.0', '22.13.0', '26.0.0'];

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
}

describe('supported Node.js releases', () => {
  const range: string = readJson('package.json').engines.node;

  it('are the ones package.json declares, and no older ones', () => {
    for (const version of SUPPORTED) expect(semver.satisfies(version, range), version).toBe(true);
    // 24.19+ aborts with better-sqlite3 12 (apps/server/src/db/sqlite-runtime.ts): not a supported line.
    for (const version of ['18.20.0', '20.18.0', '22.12.0', '24.19.0'])
      expect(semver.satisfies(version, range), version).toBe(false);
  });

  it('are accepted by every installed package, so `npm install` warns about no engine', () => {
    const packages: Record<string, LockEntry> = readJson('package-lock.json').packages;
    const refused: string[] = [];
    for (const [where, entry] of Object.entries(packages)) {
      const wanted = entry.engines?.node;
      if (!where || !wanted) continue;
      for (const version of SUPPORTED) {
        if (!semver.satisfies(version, wanted))
          refused.push(`${where}@${entry.version} wants node ${wanted}, not ${version}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
