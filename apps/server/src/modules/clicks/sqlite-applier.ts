import type SQLite from 'better-sqlite3';
import type { InboxApplied } from './click-store';
import { APPLY_DELAY_MS } from './inbox-applier';

export interface SqliteApplierOptions {
  sqlite: SQLite.Database;
  /** One transaction applying the rules of at most `limit` waiting clicks (synchronous). */
  apply: (limit: number) => InboxApplied;
  /**
   * Clicks per transaction: applying goes on while one applies this many. Between two of the
   * scheduled ones, redirects are answered (the event loop turns); before a read they run
   * back to back.
   */
  limit: number;
  /** Told after a transaction that queued webhook events. */
  onEvents: () => void;
  /** Told when applying fails (it is tried again `retryMs` later, and before the next read). */
  onError: (err: unknown) => void;
  /** After a batch commits, how long later its rules are applied (more batches join them). */
  delayMs?: number;
  /** How long after a failure, or after finding the connection inside a transaction, to try again. */
  retryMs?: number;
}

const RETRY_MS = 1000;
/** The connection was inside another query's transaction: try again on the next turn. */
const BUSY_RETRY_MS = 5;

/**
 * When the SQLite click rules are applied. A redirect's batch commits its raw clicks only; the
 * rules of every waiting click then run in one go (fewer, larger transactions: a rollup row
 * that many clicks share is written once):
 *
 * - `queued()`, after each batch commits: the rules `delayMs` later.
 * - `barrier()`, before a query reads what the rules write: the rules now, synchronously, so
 *   the read sees every click answered so far. The caller holds the connection (no other
 *   query's transaction is open on it). A failure is reported, and the read goes on with what
 *   is applied.
 * - `start()` applies what a previous run left; `stop()` applies the rest.
 *
 * Everything runs on the one connection, synchronously: no batch commits while the rules run.
 */
export class SqliteRulesApplier {
  private readonly delayMs: number;
  private readonly retryMs: number;
  /** Clicks may wait: a batch committed since the rules last ran to the end. */
  private waiting = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly opts: SqliteApplierOptions) {
    this.delayMs = opts.delayMs ?? APPLY_DELAY_MS;
    this.retryMs = opts.retryMs ?? RETRY_MS;
  }

  /** A batch of clicks is committed; their rules are still to run. */
  queued(): void {
    this.waiting = true;
    this.schedule(this.delayMs);
  }

  /** Clicks committed by this process may still wait for their rules. */
  get pending(): boolean {
    return this.waiting;
  }

  /** Before a read: applies what waits, when the connection is free (errors reported). */
  barrier(): void {
    if (!this.waiting) return;
    try {
      this.applyNow();
    } catch (err) {
      this.opts.onError(err);
    }
  }

  /** Applies what a previous run left (it stopped before its clicks' rules ran). */
  start(): void {
    this.stopped = false;
    this.waiting = true;
    this.barrier();
    if (this.waiting) this.schedule(this.retryMs);
  }

  /** Stops scheduling, then applies what waits (errors reported). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.barrier();
  }

  /**
   * Applies every waiting click now. False when the connection is inside another query's
   * transaction (nothing done); throws when a transaction fails (the clicks stay waiting).
   */
  private applyNow(): boolean {
    if (this.opts.sqlite.inTransaction) return false;
    while (!this.applyOne()) {
      // The next transaction at once.
    }
    return true;
  }

  /** One transaction; true when it left nothing waiting. */
  private applyOne(): boolean {
    const step = this.opts.apply(this.opts.limit);
    if (step.events > 0) this.opts.onEvents();
    if (step.applied < this.opts.limit) {
      this.waiting = false;
      return true;
    }
    return false;
  }

  private schedule(ms: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => this.background(), ms);
    this.timer.unref();
  }

  /** A scheduled transaction; the next one, if clicks still wait, after the loop turns. */
  private background(): void {
    this.timer = null;
    if (!this.waiting) return;
    if (this.opts.sqlite.inTransaction) return this.schedule(BUSY_RETRY_MS);
    try {
      if (!this.applyOne()) this.schedule(0);
    } catch (err) {
      this.opts.onError(err);
      this.schedule(this.retryMs);
    }
  }
}
