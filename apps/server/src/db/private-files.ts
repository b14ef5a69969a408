import fs from 'node:fs';
import path from 'node:path';

/**
 * The database and its backups hold password hashes, webhook secrets and e-mail addresses:
 * they are readable by their owner only, whatever the process's umask. SQLite gives its
 * `-wal`, `-shm` and `-journal` files the mode of the database file, so a database created
 * 0600 keeps them 0600 too.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The side files SQLite keeps beside a database. */
const SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/** Creates the folder (and its parents) 0700 if missing, and makes it 0700 if it exists. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes sure `file` (a SQLite database) exists before SQLite opens it, created 0600, and that
 * it and its side files, from an earlier run under a laxer umask, are 0600. A missing folder
 * is created 0700; an existing one is left as it is (it may be shared, such as /tmp).
 */
export function makePrivateDatabaseFile(file: string): void {
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const f of [file, ...SIDE_FILES.map((s) => `${file}${s}`)])
    if (fs.existsSync(f)) fs.chmodSync(f, PRIVATE_FILE_MODE);
}
