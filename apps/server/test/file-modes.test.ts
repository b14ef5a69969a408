import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { makePrivateDir } from '../src/db/private-files';
import { backupSqlite, restoreSqlite } from '../src/ops/backup';
import { dialect } from './helpers';

const mode = (file: string) => fs.statSync(file).mode & 0o777;
const quiet = { log: () => undefined, error: () => undefined, tty: null };

let root: string;
let before: number;
beforeAll(() => {
  // A common default that makes new files world-readable (0644) unless created otherwise.
  before = process.umask(0o022);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-modes-'));
});
afterAll(() => {
  process.umask(before);
  fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(dialect !== 'sqlite')('files are private under umask 022', () => {
  it('creates DATA_DIR 0700, and makes an existing one 0700', () => {
    const fresh = path.join(root, 'fresh', 'data');
    makePrivateDir(fresh);
    expect(mode(fresh)).toBe(0o700);
    const existing = path.join(root, 'existing');
    fs.mkdirSync(existing, { mode: 0o755 });
    expect(mode(existing)).toBe(0o755);
    makePrivateDir(existing);
    expect(mode(existing)).toBe(0o700);
  });

  it('creates the database, its -wal and -shm 0600; every backup and restore is 0600', async () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(dataDir, 'mailtokit.db');
    const db = openDb({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
      await db.kysely
        .insertInto('contact_messages')
        .values({
          name: 'A',
          email: 'a@example.com',
          subject: 'Hello',
          message: 'Hi',
          user_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      expect(mode(dataDir)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        expect(fs.existsSync(f), f).toBe(true);
        expect(mode(f), f).toBe(0o600);
      }
      const backup = path.join(root, 'backup.db');
      await backupSqlite(file, backup, quiet);
      expect(mode(backup)).toBe(0o600);
    } finally {
      await db.destroy();
    }

    const restored = path.join(root, 'restored', 'mailtokit.db');
    await restoreSqlite(path.join(root, 'backup.db'), restored, quiet);
    expect(mode(restored)).toBe(0o600);
    expect(mode(path.dirname(restored))).toBe(0o700);
  });

  it('makes a database and side files left world-readable by an older release 0600 on open', async () => {
    const file = path.join(root, 'old', 'mailtokit.db');
    fs.mkdirSync(path.dirname(file));
    const first = openDb({ dialect: 'sqlite', file });
    await migrateToLatest(first);
    await first.destroy();
    fs.chmodSync(file, 0o644);
    const again = openDb({ dialect: 'sqlite', file });
    try {
      expect(mode(file)).toBe(0o600);
      await again.kysely.selectFrom('users').select('id').execute();
      for (const f of [`${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    } finally {
      await again.destroy();
    }
  });
});
