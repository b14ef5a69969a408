import { createHash } from 'node:crypto';
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db/database';
import { AppError, serviceUnavailable, tooManyRequests } from './errors';

/** A budget: `points` per window of `durationMs`, counted per key (an IP, an account, …). */
export interface LimitRule {
  points: number;
  durationMs: number;
  /** The 429's detail when the budget is spent. */
  detail?: string;
}

/** Where a key stands after a call. */
export interface LimitState {
  /** Points left in the window (0 when spent). */
  remaining: number;
  /** Milliseconds until the window ends and the budget is whole again. */
  resetMs: number;
}

/** The table our migration creates; the library's own table creation stays off. */
const TABLE = 'rate_limits';
/** Keys longer than this are hashed: the PostgreSQL column is varchar(255), prefix included. */
const MAX_KEY = 160;
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Named rate limits shared by every instance on the same database: rate-limiter-flexible with
 * its PostgreSQL store (one upsert per call) or its SQLite store, both on the `rate_limits`
 * table. Modules define a limit once (`define('passwordReset', {points: 5, durationMs: …})`)
 * and then spend or check it by key. A store failure (database down) throws a 503, so a limit
 * never turns into "unlimited".
 */
export class Limiter {
  private readonly limiters = new Map<
    string,
    { store: RateLimiterStoreAbstract; rule: LimitRule }
  >();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    rules: Record<string, LimitRule> = {},
  ) {
    for (const [name, rule] of Object.entries(rules)) this.define(name, rule);
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** Adds (or replaces) the limit `name`. */
  define(name: string, rule: LimitRule): void {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Bad limit name: ${name}`);
    if (!(rule.points > 0) || !(rule.durationMs >= 1000))
      throw new Error(`Limit ${name} needs points > 0 and a window of at least a second`);
    const opts = {
      keyPrefix: name,
      points: rule.points,
      duration: Math.ceil(rule.durationMs / 1000),
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    const driver = this.db.driver;
    const store =
      driver.dialect === 'postgres'
        ? new RateLimiterPostgres({ ...opts, storeClient: driver.pool, storeType: 'pool' })
        : new RateLimiterSQLite({
            ...opts,
            storeClient: driver.sqlite,
            storeType: 'better-sqlite3',
          });
    this.limiters.set(name, { store, rule });
  }

  has(name: string): boolean {
    return this.limiters.has(name);
  }

  /**
   * Spends `points` of the key's budget; throws 429 (with `Retry-After`) when that goes past
   * the limit. For actions counted whether or not they succeed: sign-ups, messages, e-mails.
   */
  async consume(name: string, key: string, points = 1): Promise<LimitState> {
    const { store, rule } = this.get(name);
    try {
      return stateOf(await store.consume(keyOf(key), points));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw limited(rule, err);
      throw unavailable(err);
    }
  }

  /**
   * Spends one point from each budget in turn, all or nothing: when one is spent (429), the
   * points already taken from the budgets before it are given back, so a request refused by
   * one budget costs the others nothing. The refusing budget keeps its point, so parallel
   * requests can never slip past it while others are being refunded. Order the budgets from
   * the one an attacker exhausts first (the client address) to the one a victim shares (the
   * account).
   */
  async consumeAll(spends: ReadonlyArray<readonly [name: string, key: string]>): Promise<void> {
    const taken: Array<readonly [string, string]> = [];
    try {
      for (const spend of spends) {
        await this.consume(spend[0], spend[1]);
        taken.push(spend);
      }
    } catch (err) {
      await Promise.all(taken.map(([name, key]) => this.reward(name, key).catch(() => undefined)));
      throw err;
    }
  }

  /**
   * Throws 429 when the key's budget is already spent, without spending anything. With
   * `penalty` on failure, this counts failures only (failed sign-ins).
   */
  async check(name: string, key: string): Promise<LimitState> {
    const { store, rule } = this.get(name);
    let res: RateLimiterRes | null;
    try {
      res = await store.get(keyOf(key));
    } catch (err) {
      throw unavailable(err);
    }
    if (!res) return { remaining: rule.points, resetMs: 0 };
    if (res.consumedPoints >= rule.points) throw limited(rule, res);
    return stateOf(res);
  }

  /** Spends `points` without throwing when the budget runs out (a failure to count). */
  async penalty(name: string, key: string, points = 1): Promise<LimitState> {
    const { store } = this.get(name);
    try {
      return stateOf(await store.penalty(keyOf(key), points));
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** Gives `points` back. */
  async reward(name: string, key: string, points = 1): Promise<LimitState> {
    const { store } = this.get(name);
    try {
      return stateOf(await store.reward(keyOf(key), points));
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** Forgets the key: its whole budget is back (a successful sign-in clears its failures). */
  async reset(name: string, key: string): Promise<void> {
    const { store } = this.get(name);
    try {
      await store.delete(keyOf(key));
    } catch (err) {
      throw unavailable(err);
    }
  }

  /** Deletes windows that ended more than an hour ago (every few minutes, and on demand). */
  async sweep(now = Date.now()): Promise<void> {
    try {
      await this.db.kysely
        .deleteFrom('rate_limits')
        .where('expire', '<', now - 60 * 60_000)
        .execute();
    } catch {
      // Not critical: the next sweep tries again, and expired rows are never read as live.
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private get(name: string) {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`Unknown rate limit: ${name}`);
    return limiter;
  }
}

function keyOf(key: string): string {
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function stateOf(res: RateLimiterRes): LimitState {
  return { remaining: res.remainingPoints, resetMs: Math.max(res.msBeforeNext, 0) };
}

function limited(rule: LimitRule, res: RateLimiterRes): AppError {
  const err = tooManyRequests(rule.detail);
  err.headers = { 'retry-after': String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))) };
  return err;
}

function unavailable(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return serviceUnavailable(err);
}
