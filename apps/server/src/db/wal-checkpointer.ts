import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread, so that
 * the request thread never does it.
 *
 * By default SQLite checkpoints inside the commit that takes the log past 1,000 pages: that
 * commit copies the pages and waits for the file to reach the disk (`fsync`), and every request
 * waiting on the event loop waits with it. With the checkpointer, a second connection in a
 * worker runs a passive checkpoint (it never blocks readers or writers) every `everyMs`, and
 * the request thread's own automatic checkpoint moves out to FALLBACK_PAGES: under sustained
 * writes the log can only start over once it is fully copied, so that commit still runs one,
 * but it only has the last few pages left to copy. If the worker fails, the connection goes
 * back to SQLite's default at once, so the log never grows without bound.
 */
export interface WalCheckpointer {
  /** Stops the worker and closes its connection (before the main connection closes). */
  stop(): Promise<void>;
}

/** One passive checkpoint's outcome, as `PRAGMA wal_checkpoint` reports it. */
export interface CheckpointResult {
  /** Pages in the log. */
  log: number;
  /** Pages of it copied into the database file so far. */
  checkpointed: number;
}

export interface WalCheckpointerOptions {
  /** Milliseconds between checkpoints. */
  everyMs?: number;
  /** Told when the worker fails (the connection is then back on SQLite's own checkpoints). */
  onError?: (err: Error) => void;
  /** Told after each checkpoint (tests, diagnostics). */
  onCheckpoint?: (result: CheckpointResult) => void;
}

/** SQLite's default automatic checkpoint, in pages. */
const SQLITE_DEFAULT_PAGES = 1000;
/** The request thread's automatic checkpoint while the worker runs, in pages. */
export const FALLBACK_PAGES = 4000;
const DEFAULT_EVERY_MS = 100;

/**
 * The worker's code, run from a string: it needs nothing but better-sqlite3, whose entry file
 * the main thread resolves and hands over, so it runs the same from sources and from the bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const say = (err) => parentPort.postMessage({ error: String((err && err.message) || err) });
let db;
let timer;
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  timer = setInterval(() => {
    try {
      const [r] = db.pragma('wal_checkpoint(PASSIVE)');
      if (workerData.report) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
    } catch (err) {
      clearInterval(timer);
      say(err);
    }
  }, workerData.everyMs);
} catch (err) {
  say(err);
}
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  if (db) db.close();
  parentPort.close();
});
`;

/**
 * Starts checkpointing `sqlite`'s database file from a worker. Returns null for a database
 * without a file (`:memory:`), which has no log to copy.
 */
export function startWalCheckpointer(
  sqlite: SQLite.Database,
  options: WalCheckpointerOptions = {},
): WalCheckpointer | null {
  if (sqlite.memory) return null;
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      file: sqlite.name,
      everyMs: options.everyMs ?? DEFAULT_EVERY_MS,
      report: options.onCheckpoint !== undefined,
    },
  });
  // The process may end while the worker waits for its next turn.
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);

  let stopping = false;
  let failed = false;
  const fail = (err: Error) => {
    if (failed || stopping) return;
    failed = true;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    options.onError?.(err);
  };
  worker.on('message', (m: { error?: string } & Partial<CheckpointResult>) => {
    if (m.error !== undefined) fail(new Error(`WAL checkpoint failed: ${m.error}`));
    else if (m.log !== undefined && m.checkpointed !== undefined)
      options.onCheckpoint?.({ log: m.log, checkpointed: m.checkpointed });
  });
  worker.on('error', (err: unknown) =>
    fail(
      err instanceof Error && err.message
        ? err
        : new Error(`WAL checkpoint worker: ${String(err)}`),
    ),
  );
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!stopping) fail(new Error(`WAL checkpoint worker exited (code ${code})`));
      resolve();
    }),
  );

  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      worker.postMessage('stop');
      await exited;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    },
  };
}
