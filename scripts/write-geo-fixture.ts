// Writes the test fixture's MaxMind-format database (known networks to known countries and
// cities, apps/server/test/mmdb-fixture.ts) to the file named by the first argument: the
// Playwright suite's server reads its click places from it (GEOIP_DB_FILE).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports -- the one writer of the fixture database
import { fixtureGeoDb } from '../apps/server/test/mmdb-fixture';

const out = process.argv[2];
if (!out) throw new Error('usage: write-geo-fixture.ts <file>');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, fixtureGeoDb());
