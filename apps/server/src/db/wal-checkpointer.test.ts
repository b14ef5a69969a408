import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FALLBACK_PAGES,
  startWalCheckpointer,
  type CheckpointResult,
  type WalCheckpointer,
} from './wal-checkpointer';

const dirs: string[] = [];
const open: SQLite.Database[] = [];
const running: WalCheckpointer[] = [];

afterEach(async () => {
  for (const c of running.splice(0)) await c.stop();
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database file set up as the server sets up its own (WAL, synchronous=NORMAL). */
function fileDb(): SQLite.Database {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailtokit-wal-'));
  dirs.push(dir);
  const db = new SQLite(path.join(dir, 'app.db'));
  open.push(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table t (id integer primary key, body text not null)');
  return db;
}

/** `commits` transactions of `rows` rows of about 1 KB each. */
function write(db: SQLite.Database, commits: number, rows: number): void {
  const insert = db.prepare('insert into t (body) values (?)');
  const batch = db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run('x'.repeat(1000));
  });
  for (let c = 0; c < commits; c++) batch();
}

const autocheckpoint = (db: SQLite.Database) => db.pragma('wal_autocheckpoint', { simple: true });
const walBytes = (db: SQLite.Database) => fs.statSync(`${db.name}-wal`).size;

/** Resolves with the first checkpoint report that `accept` takes. */
function checkpointWhere(
  db: SQLite.Database,
  accept: (r: CheckpointResult) => boolean,
): { checkpointer: WalCheckpointer; seen: Promise<CheckpointResult> } {
  let resolve!: (r: CheckpointResult) => void;
  const seen = new Promise<CheckpointResult>((r) => (resolve = r));
  const checkpointer = startWalCheckpointer(db, {
    everyMs: 5,
    onCheckpoint: (r) => {
      if (accept(r)) resolve(r);
    },
  });
  if (!checkpointer) throw new Error('no checkpointer for a file database');
  running.push(checkpointer);
  return { checkpointer, seen };
}

describe('the WAL checkpointer', () => {
  it('copies the log into the database file from its worker while the connection writes', async () => {
    const db = fileDb();
    const { seen } = checkpointWhere(db, (r) => r.log > 500 && r.checkpointed === r.log);
    expect(autocheckpoint(db)).toBe(FALLBACK_PAGES);
    write(db, 20, 100); // about 2,000 pages, far below the connection's own threshold
    const result = await seen;
    expect(result.checkpointed).toBe(result.log);
    // Everything written is in the database file: a reader of the file alone sees it all.
    expect(db.prepare('select count(*) from t').pluck().get()).toBe(2000);
  });

  it('keeps the log bounded under sustained writes: it starts over once copied', async () => {
    const db = fileDb();
    const { seen } = checkpointWhere(db, (r) => r.log > 0 && r.checkpointed === r.log);
    // Three times the fallback threshold, in small commits as the click batches make them.
    for (let round = 0; round < 60; round++) {
      write(db, 10, 20);
      // Give the worker its turns, as the event loop does between batches.
      await new Promise((r) => setImmediate(r));
    }
    await seen;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    expect(walBytes(db)).toBeLessThan((FALLBACK_PAGES + 1000) * (pageSize + 24));
    expect(db.prepare('select count(*) from t').pluck().get()).toBe(60 * 10 * 20);
  });

  it('stops its worker and gives the connection back its default checkpoints', async () => {
    const db = fileDb();
    const { checkpointer, seen } = checkpointWhere(db, () => true);
    await seen;
    await checkpointer.stop();
    expect(autocheckpoint(db)).toBe(1000);
    write(db, 1, 10);
    db.close();
    // The last connection to close copies the log and removes it: the worker's is closed too.
    expect(fs.existsSync(`${db.name}-wal`)).toBe(false);
  });

  it('falls back to SQLite’s own checkpoints when the worker cannot run', async () => {
    const db = fileDb();
    fs.rmSync(db.name); // the worker's connection finds no file to open
    const failed = new Promise<Error>((resolve) => {
      const c = startWalCheckpointer(db, { everyMs: 5, onError: resolve });
      if (c) running.push(c);
    });
    expect((await failed).message).toMatch(/WAL checkpoint failed: .+/);
    expect(autocheckpoint(db)).toBe(1000);
  });

  it('has nothing to do for an in-memory database', () => {
    const db = new SQLite(':memory:');
    open.push(db);
    expect(startWalCheckpointer(db)).toBeNull();
  });
});
