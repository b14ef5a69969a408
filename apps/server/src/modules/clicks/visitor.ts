import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '@mailtokit/contracts/utc-day';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import * as repo from './salts-repo';

/** Salts (and per-day visitor sets) of days older than this many days before today go. */
export const SALT_RETENTION_DAYS = 2;

/**
 * Pseudonymous visitor ids: sha256(daily salt, IP, user agent). The salt is 32 random bytes
 * per UTC day, created on first use and shared by every instance through the database; salts
 * older than two days are deleted, after which nobody (not even we) can link a hash back to
 * an IP. The same person therefore counts as one visitor per day. Raw IPs are never stored.
 */
export class VisitorHasher {
  /** Salts by day: today's, and briefly yesterday's for clicks in flight at midnight. */
  private readonly salts = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hash(day: string, ip: string, userAgent: string): Promise<string> {
    const salt = await this.saltOf(day);
    return createHash('sha256')
      .update(salt)
      .update('\n')
      .update(ip)
      .update('\n')
      .update(userAgent)
      .digest('hex');
  }

  private saltOf(day: string): Promise<string> {
    const cached = this.salts.get(day);
    if (cached) return cached;
    const loading = this.rotate(day);
    this.salts.set(day, loading);
    // A failed load is retried by the next click instead of being cached.
    loading.catch(() => this.salts.delete(day));
    for (const old of this.salts.keys()) if (old < addDays(day, -1)) this.salts.delete(old);
    return loading;
  }

  /** Creates (or reads) the day's salt and deletes the expired ones. */
  private async rotate(day: string): Promise<string> {
    const k = this.db.kysely;
    const salt = await repo.ensureSalt(
      k,
      day,
      randomBytes(32).toString('hex'),
      this.clock().toISOString(),
    );
    await repo.pruneVisitorDataBefore(k, addDays(day, -SALT_RETENTION_DAYS));
    return salt;
  }
}
