import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ENGINES, LTS_LINES, NEWEST_LINE, rerunNotice } from './supported-node.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const readJson = (file: string) => JSON.parse(read(file));

/** The first release of every Node line we support (the README says the same). */
const SUPPORTED = ['22.14.0', '24.0.0', '26.0.0'];

interface LockEntry {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
}

describe('supported Node.js releases', () => {
  const range: string = readJson('package.json').engines.node;

  it('are the ones package.json declares, and no older ones', () => {
    expect(ENGINES).toBe(range);
    for (const version of SUPPORTED) expect(semver.satisfies(version, range), version).toBe(true);
    // Node.js 20 and 22 before 22.14 lack Node-API 10, which better-sqlite3 13 needs
    // (apps/server/src/db/sqlite-runtime.ts); 23 and 25 are no LTS lines.
    for (const version of ['18.20.0', '20.19.0', '20.20.2', '22.13.1', '23.11.0', '25.2.0'])
      expect(semver.satisfies(version, range), version).toBe(false);
  });

  it('are one release of each LTS line, the newest of which the scripts fall back on', () => {
    expect(SUPPORTED.map((v) => String(semver.major(v)))).toEqual(LTS_LINES);
    expect(LTS_LINES.at(-1)).toBe(NEWEST_LINE);
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

describe('a script started on an older Node.js', () => {
  it('says in one line that it runs on the newest LTS line instead', () => {
    for (const version of ['20.20.2', '22.13.1', '18.20.0']) {
      const notice = rerunNotice(version, 'npm start');
      expect(notice, version).toBe(
        `Node.js v${version} is not a supported release (${ENGINES}): npm start runs on Node.js ${NEWEST_LINE} from the npm registry`,
      );
    }
  });

  it('runs as it is on every supported release', () => {
    for (const version of [...SUPPORTED, '24.22.3', '26.12.1', process.versions.node])
      expect(rerunNotice(version, 'npm test'), version).toBeNull();
  });
});

describe('the places that name a Node.js line', () => {
  it('build the container image on the newest LTS line', () => {
    expect(read('Dockerfile')).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${NEWEST_LINE}-bookworm-slim$`, 'm'),
    );
  });

  it('run the whole suite in CI on every LTS line, taken from this list', () => {
    expect(read('.ci/run')).toContain('LTS_LINES');
  });
});
