import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  assertNotInUse,
  compareMigrations,
  foreignSchemaObjects,
  formatCount,
  integrityProblems,
  migrationsOf,
  openForCheck,
  OpsError,
  releaseMigrations,
  releaseSchemaAt,
  schemaOf,
  type Output,
} from './sqlite-file';
import { makePrivateDatabaseFile } from '../db/private-files';

/**
 * Pages per backup step: all of them. One step reads the whole database in one read
 * transaction, a consistent snapshot; the server keeps writing meanwhile (WAL: readers never
 * block writers). Smaller steps would restart from the beginning after every write of the
 * server, and never end under a steady write load.
 */
const ALL_PAGES = 0x7fffffff;

const describe = (file: string): string => {
  const bytes = fs.statSync(file).size;
  return `${formatCount(bytes)} bytes`;
};

/**
 * Writes a consistent copy of the live SQLite database `source` to `target` with SQLite's
 * online backup, while a server may keep serving and writing, then checks the copy. The copy
 * is written beside the target and renamed into place only once checked, so `target` is
 * never a half-written file; it is a single file (rollback journal, no WAL beside it).
 */
export async function backupSqlite(source: string, target: string, out: Output): Promise<void> {
  if (!fs.existsSync(source)) throw new OpsError(`There is no database at ${source}.`);
  const dest = path.resolve(target);
  if (dest === path.resolve(source))
    throw new OpsError('The backup file cannot be the database itself.');
  if (!fs.existsSync(path.dirname(dest)))
    throw new OpsError(`The folder ${path.dirname(dest)} does not exist.`);
  const partial = `${dest}.partial`;
  fs.rmSync(partial, { force: true });
  // The copy holds what the database holds: 0600 from its first byte, whatever the umask.
  makePrivateDatabaseFile(partial);

  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw new OpsError(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    db.close();
  }

  const copy = new SQLite(partial, { fileMustExist: true });
  let migrations: string[];
  try {
    copy.pragma('journal_mode = DELETE');
    const problems = integrityProblems(copy);
    if (problems.length > 0)
      throw new OpsError(`The backup failed its integrity check:\n${problems.join('\n')}`);
    migrations = migrationsOf(copy);
  } catch (err) {
    copy.close();
    fs.rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  fs.renameSync(partial, dest);
  out.log(
    `Backup written to ${dest} (${describe(dest)}; integrity check ok; schema at ${migrations.at(-1) ?? 'no migration'}).`,
  );
}

/**
 * Puts the backup `backupFile` back as the database `target`. Refuses while anything holds
 * the target open (a running server), and before touching it checks the backup: a sound
 * SQLite database whose migrations this release knows (an older one is brought up to date by
 * the server at start). The pages are written with SQLite's backup API into the target, in
 * one transaction: whatever the target held, its write-ahead log included, is replaced.
 */
export async function restoreSqlite(
  backupFile: string,
  target: string,
  out: Output,
): Promise<void> {
  if (path.resolve(backupFile) === path.resolve(target))
    throw new OpsError('The backup file is the database itself: name a backup to restore.');
  const src = openForCheck(path.resolve(backupFile));
  try {
    const problems = integrityProblems(src);
    if (problems.length > 0)
      throw new OpsError(
        `${backupFile} fails the integrity check; nothing was restored:\n${problems.slice(0, 10).join('\n')}`,
      );
    const have = migrationsOf(src);
    if (have.length === 0)
      throw new OpsError(
        `${backupFile} is not a MailtoKit database (no migrations); nothing was restored.`,
      );
    const { level, last } = compareMigrations(have, await releaseMigrations());
    if (level === 'newer')
      throw new OpsError(
        `${backupFile} comes from a newer MailtoKit (schema at ${last}, unknown to this release); restore it with that release. Nothing was restored.`,
      );
    // Only what this release's migrations create, up to the backup's level: a table, index,
    // trigger or view added (or redefined) elsewhere would come back with the data and run.
    const foreign = foreignSchemaObjects(schemaOf(src), await releaseSchemaAt(last));
    if (foreign.length > 0)
      throw new OpsError(
        `${backupFile} holds schema objects this release does not create; nothing was restored:\n${foreign.map((f) => `  ${f}`).join('\n')}`,
      );

    assertNotInUse(target, 'restore');
    makePrivateDatabaseFile(target);
    await src.backup(target, { progress: () => ALL_PAGES });
    // The server reopens it in WAL mode; a check of what landed, before saying it did.
    const restored = new SQLite(target, { fileMustExist: true });
    try {
      const after = integrityProblems(restored);
      if (after.length > 0)
        throw new OpsError(`The restored database fails the integrity check:\n${after.join('\n')}`);
    } finally {
      restored.close();
    }
    out.log(
      `Restored ${backupFile} to ${target} (schema at ${last}${level === 'older' ? ': the server brings it up to date when it starts' : ''}).`,
    );
  } finally {
    src.close();
  }
}
