import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { restoreSqlite } from '../src/ops/backup';
import { OpsError } from '../src/ops/sqlite-file';
import { dialect } from './helpers';

const quiet = { log: () => undefined, error: () => undefined, tty: null };
let root: string;
let n = 0;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-restore-schema-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A database of this release (or migrated up to `upTo`), then changed by `tamper`. */
async function backupWith(tamper: string, upTo?: string): Promise<string> {
  n += 1;
  const file = path.join(root, `backup-${n}.db`);
  const db = openDb({ dialect: 'sqlite', file });
  await migrateToLatest(db, upTo);
  await db.destroy();
  const raw = new SQLite(file);
  raw.exec(tamper);
  raw.pragma('journal_mode = DELETE');
  raw.close();
  return file;
}

async function restoreError(backup: string, target: string): Promise<string> {
  try {
    await restoreSqlite(backup, target, quiet);
  } catch (err) {
    expect(err).toBeInstanceOf(OpsError);
    return (err as Error).message;
  }
  throw new Error('restore went through');
}

describe.skipIf(dialect !== 'sqlite')('restore takes only this release schema', () => {
  it('refuses a foreign trigger, table, index and view, names each, and writes nothing', async () => {
    const backup = await backupWith(`
      create trigger copy_hash after update on users begin
        update users set last_name = new.password_hash where id = new.id;
      end;
      create table loot (id integer primary key, hash text);
      create index users_by_hash on users (password_hash);
      create view hashes as select username, password_hash from users;
    `);
    const target = path.join(root, 'target-a', 'mailtokit.db');
    const message = await restoreError(backup, target);
    expect(message).toContain('holds schema objects this release does not create');
    for (const object of ['trigger copy_hash', 'table loot', 'index users_by_hash', 'view hashes'])
      expect(message).toContain(object);
    expect(message).toContain('nothing was restored');
    expect(fs.existsSync(target)).toBe(false);
  });

  it("refuses one of this release's triggers redefined", async () => {
    const probe = new SQLite(await backupWith('select 1'));
    const trigger = probe
      .prepare(`select name, tbl_name from sqlite_master where type = 'trigger' limit 1`)
      .get() as { name: string; tbl_name: string };
    probe.close();
    const backup = await backupWith(`
      drop trigger ${trigger.name};
      create trigger ${trigger.name} after insert on ${trigger.tbl_name} begin
        update users set last_name = password_hash;
      end;
    `);
    const message = await restoreError(backup, path.join(root, 'target-b', 'mailtokit.db'));
    expect(message).toContain(`trigger ${trigger.name} (defined otherwise than this release does)`);
  });

  it('restores a clean backup, an older one included', async () => {
    for (const upTo of [undefined, '016-team-invitations']) {
      const backup = await backupWith('select 1', upTo);
      const target = path.join(root, `target-clean-${upTo ?? 'latest'}`, 'mailtokit.db');
      await restoreSqlite(backup, target, quiet);
      expect(fs.existsSync(target)).toBe(true);
    }
  });
});
