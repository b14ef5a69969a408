import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SQLITE_BATCH_SQL,
  SQLITE_CLICK_INSERT,
  SQLITE_TALLY_SQL,
} from '../src/modules/clicks/click-store';
import { redirectTargetSqlSqlite } from '../src/modules/clicks/targets-repo';
import { createTestApp, dialect, type TestApp } from './helpers';

/**
 * The statements the click path keeps prepared (the redirect lookup, the click row, the batch's
 * rules) are compiled once: run again with other values, SQLite does not compile them anew.
 * SQLite recompiles a statement on its next run after a parameter changes when its plan may
 * depend on that parameter's value (a join comparing a column with a bare `?` is one such
 * case); on the click path that would cost more than the statements themselves.
 *
 * SQLite calls a connection's authorizer while it compiles a statement, and only then, so the
 * calls count compilations. `better-sqlite3` has no authorizer; Node's own `node:sqlite` has
 * one from Node 24 and compiles the same SQL text with the same SQLite, so the test opens a
 * copy of the app's schema with it (skipped where Node has none).
 */

/** The part of `node:sqlite` used here (typed locally: the project's Node types predate it). */
interface SyncStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface SyncDatabase {
  exec(sql: string): void;
  prepare(sql: string): SyncStatement;
  close(): void;
  setAuthorizer?: (callback: ((...args: unknown[]) => number) | null) => void;
}
type SyncDatabaseClass = new (
  path: string,
  options?: { enableForeignKeyConstraints?: boolean },
) => SyncDatabase;

function nodeSqlite(): SyncDatabaseClass | null {
  try {
    // Required, not imported: Node 22 loads it only with a warning, and the test then skips.
    const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite') as {
      DatabaseSync: SyncDatabaseClass & { prototype: SyncDatabase };
    };
    return typeof DatabaseSync.prototype.setAuthorizer === 'function' ? DatabaseSync : null;
  } catch {
    return null;
  }
}

const DatabaseSync = dialect === 'sqlite' ? nodeSqlite() : null;

describe.skipIf(DatabaseSync === null)('statements kept prepared on the click path', () => {
  let t: TestApp;
  let dir: string;
  let db: SyncDatabase;
  let compilations = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const driver = t.db.driver;
    if (driver.dialect !== 'sqlite' || DatabaseSync === null) throw new Error('SQLite only');
    dir = mkdtempSync(join(tmpdir(), 'mailtokit-reuse-'));
    const file = join(dir, 'schema.db');
    await driver.sqlite.backup(file);
    db = new DatabaseSync(file, { enableForeignKeyConstraints: false });
    db.setAuthorizer?.(() => {
      compilations += 1;
      return 0; // SQLITE_OK: allowed
    });
  });
  afterAll(async () => {
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** Compilations while the statement runs with each of `values` in turn, after its first run. */
  function recompilations(text: string, values: unknown[][]): number {
    const statement = db.prepare(text);
    db.exec('begin');
    try {
      statement.all(...(values[0] ?? []));
      compilations = 0;
      for (const params of values.slice(1)) statement.all(...params);
      return compilations;
    } finally {
      db.exec('rollback');
    }
  }

  it('counts a compilation when a statement is compiled anew (the check itself)', () => {
    const join = `select m.id from tracking_links t join mailto_links m on m.id = t.mailto_link_id
      where t.slug = ?`;
    expect(recompilations(join, [['a'], ['b'], ['c']])).toBeGreaterThan(0);
  });

  it('the redirect lookup', () => {
    const text = redirectTargetSqlSqlite(t.db.kysely);
    expect(recompilations(text, [['a'], ['b'], ['c']])).toBe(0);
  });

  it('the click row', () => {
    const row = (n: number) => [
      n,
      `2026-11-0${n}T10:00:00.000Z`,
      `ref${n}.example`,
      'Chrome',
      'Linux',
      'desktop',
      0,
      `v${n}`,
      'human',
      'DE',
      null,
      null,
      'link',
      null,
    ];
    expect(recompilations(SQLITE_CLICK_INSERT, [row(1), row(2), row(3)])).toBe(0);
  });

  const batch = (n: number) => ({
    first: n * 10,
    last: n * 10 + 9,
    visitors: JSON.stringify([[n, `2026-11-0${n}`, `v${n}`, 'DE']]),
    key: `key${n}`,
  });
  for (const [name, text] of Object.entries(SQLITE_BATCH_SQL)) {
    it(`the batch's ${name}`, () => {
      const params = (n: number) => {
        const all = batch(n);
        return Object.fromEntries(
          Object.entries(all).filter(([key]) => text.includes(`@${key}`)),
        ) as Record<string, unknown>;
      };
      expect(recompilations(text, [[params(1)], [params(2)], [params(3)]])).toBe(0);
    });
  }

  for (const [name, text] of Object.entries(SQLITE_TALLY_SQL)) {
    it(`the batch's tallies: ${name}`, () => {
      const tally = (n: number) => ({
        tally: JSON.stringify([[n, n, `2026-11-0${n}T10:00:00.000Z`, 'burst', n * 5]]),
      });
      expect(recompilations(text, [[tally(1)], [tally(2)], [tally(3)]])).toBe(0);
    });
  }
});
