// The server the Playwright suite drives: a fresh SQLite database in .e2e-data/ each run, and
// click places from the tests' fixture database (known networks to known countries and cities).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-if-stale.mjs';

const dataDir = path.join(ROOT, process.env.DATA_DIR ?? '.e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
if (!process.env.GEOIP_DB_FILE) {
  const geoipDbFile = path.join(dataDir, 'geo-fixture.mmdb');
  const written = spawnSync(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'scripts/write-geo-fixture.ts'), geoipDbFile],
    { stdio: 'inherit' },
  );
  if (written.status !== 0) throw new Error('could not write the fixture GeoIP database');
  process.env.GEOIP_DB_FILE = geoipDbFile;
}
await import('./start.mjs');
