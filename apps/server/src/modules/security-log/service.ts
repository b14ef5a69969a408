import {
  SECURITY_LOG_EXPORT_MAX,
  type SecurityEvent,
  type SecurityEventType,
} from '@mailtokit/contracts/security-log';
import type { Conn, Db } from '../../db/database';
import type { SecurityLogRow, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { AccountData } from '../../lib/account-data';
import { requestClient } from '../../lib/request-client';
import * as accountRepo from './account-repo';
import * as repo from './repo';

/** Where the modules that change an account's security write what happened. */
export interface SecurityLog {
  /**
   * Appends one event to the user's log (`conn`: the caller's transaction when the change runs
   * in one, so the event exists exactly when the change committed).
   */
  record(
    conn: Conn | null,
    userId: number,
    event: SecurityEventType,
    detail?: string | null,
  ): Promise<void>;
}

/**
 * Each account's security log: appended by auth, users, tokens and webhooks through `record`,
 * read by its owner (Settings > Security, the account export). Nothing changes or deletes an
 * event; the account's deletion deletes its log (foreign key cascade).
 */
export class SecurityLogService implements SecurityLog {
  /** The account's security log (its newest events); deletion takes it. */
  readonly accountData: AccountData = {
    tables: ['security_log'],
    exportFor: async (db, user) => ({
      securityLog: (await accountRepo.securityLogOf(db, user.id, SECURITY_LOG_EXPORT_MAX)).map(
        (e) => ({
          id: e.id,
          event: e.event as SecurityEventType,
          detail: e.detail,
          userAgent: e.user_agent,
          country: e.country,
          createdAt: e.created_at,
        }),
      ),
    }),
    deleteFor: (trx, user) => accountRepo.deleteSecurityLogOf(trx, user.id),
  };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(
    conn: Conn | null,
    userId: number,
    event: SecurityEventType,
    detail: string | null = null,
  ): Promise<void> {
    const client = requestClient();
    await repo.insertEvent(conn ?? this.db.kysely, {
      user_id: userId,
      event,
      detail: detail === null ? null : detail.slice(0, 2048),
      user_agent: client.userAgent,
      country: client.country,
      created_at: this.clock().toISOString(),
    });
  }

  /** One page of the user's own events, newest first, and how many there are. */
  async list(
    user: Pick<UserRow, 'id'>,
    page: { limit: number; offset: number },
  ): Promise<{ events: SecurityEvent[]; total: number }> {
    const k = this.db.kysely;
    const [rows, total] = await Promise.all([
      repo.listEvents(k, user.id, page),
      repo.countEvents(k, user.id),
    ]);
    return { events: rows.map(toSecurityEvent), total };
  }
}

export function toSecurityEvent(row: SecurityLogRow): SecurityEvent {
  return {
    id: row.id,
    event: row.event as SecurityEventType,
    detail: row.detail,
    userAgent: row.user_agent,
    country: row.country,
    createdAt: row.created_at,
  };
}
