import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AccountExport, WRONG_PASSWORD } from '@mailtokit/contracts/account';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { AccountData, AccountExportPart } from '../../lib/account-data';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { passwordCheckBudgets, type Passwords } from '../../lib/password-gate';
import { toUser } from '../users/service';
import * as repo from './repo';

/** What a person can do with their whole account: take its data with them, or delete it. */
export class AccountService {
  /**
   * `limiter` must define `passwordChange` (wrong passwords per account) and `accountExport`
   * (exports per account).
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly passwords: Passwords,
    /**
     * Every module's part of an account (composition root), in the order deletion runs: each
     * module's rows before the rows they point at, the user's own row last.
     */
    private readonly data: () => readonly AccountData[],
    /**
     * Writes out the webhook events still queued (they are built from the stored clicks,
     * which the account's deletion takes with it).
     */
    private readonly beforeClicksDeleted: () => Promise<void> = async () => undefined,
  ) {}

  /** The tables whose per-user rows the modules export or delete (all of them, tested). */
  coveredTables(): string[] {
    return this.data().flatMap((d) => d.tables);
  }

  /**
   * Deletes the account and everything it holds, in one transaction: each module's
   * `deleteFor` in the composition root's order, then the rate-limit counters that name the
   * user. Tracking links the user made on other people's links stay with those links, without
   * their creator. 403 for a wrong password; 409 OWNS_TEAMS while the user owns a team with other members.
   */
  async delete(user: UserRow, password: string | null, client: string): Promise<void> {
    // Budgeted as every password check is: spent before the hash, given back when right.
    if (
      password !== null &&
      !(await this.passwords.check({
        client,
        budgets: passwordCheckBudgets(user.id),
        password,
        stored: user.password_hash,
      }))
    )
      throw new AppError(403, 'FORBIDDEN', WRONG_PASSWORD, { password: WRONG_PASSWORD });
    await this.beforeClicksDeleted();
    const owner = { id: user.id, username: user.username, email: user.email };
    await this.db.kysely.transaction().execute(async (trx) => {
      for (const part of this.data()) await part.deleteFor?.(trx, owner);
      await repo.deleteRateLimits(
        trx,
        rateLimitKeysOf(user),
        // Failed sign-ins per account and client address: one counter per address.
        [`loginPair:${user.username.toLowerCase()} `],
      );
    });
  }

  /**
   * Everything the account holds, without any secret, as the JSON text of an AccountExport,
   * streamed: saved links and tracking links (the parts that grow with the account) are read
   * in pages by id and written as they are read, so memory stays the same however large the
   * account is. Budgeted per account (`accountExport`, 429 past it). `origin` builds
   * tracking URLs.
   */
  async export(user: UserRow, origin: string): Promise<{ exportedAt: string; body: Readable }> {
    await this.limiter.consume('accountExport', String(user.id));
    const exportedAt = this.clock().toISOString();
    const owner = { id: user.id, username: user.username, email: user.email };
    const parts: AccountExportPart = Object.assign(
      {},
      ...(await Promise.all(this.data().map((d) => d.exportFor?.(this.db.kysely, owner, origin)))),
    );
    // Key order as in AccountExport: format, exportedAt, profile, then the modules' parts.
    const head: Pick<AccountExport, 'format' | 'exportedAt' | 'profile'> = {
      format: 'mailtokit-account-export/1',
      exportedAt,
      profile: toUser(user, this.clock()),
    };
    const keys = Object.keys(AccountExport.shape).filter((key) => !(key in head));
    for (const key of keys)
      if (!(key in parts)) throw new Error(`No module exports the account's "${key}"`);

    async function* text(): AsyncGenerator<string> {
      yield JSON.stringify(head).slice(0, -1);
      for (const key of keys) {
        const value: unknown = parts[key as keyof AccountExportPart];
        yield `,${JSON.stringify(key)}:`;
        if (isAsyncIterable(value)) yield* jsonArray(value);
        else yield JSON.stringify(value);
      }
      yield '}';
    }
    return { exportedAt, body: Readable.from(text(), { objectMode: false }) };
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Iterable<unknown>> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** How long the export's writing keeps the thread before it lets other requests in. */
const EXPORT_SLICE_MS = 10;

/**
 * A JSON array of the pages' items (made as they are reached), written in slices of about
 * EXPORT_SLICE_MS of work, with a turn of the event loop after each.
 */
async function* jsonArray(items: AsyncIterable<Iterable<unknown>>): AsyncGenerator<string> {
  let first = true;
  let parts: string[] = [];
  const flush = () => {
    const json = parts.join(',');
    const text = first ? json : `,${json}`;
    first = false;
    parts = [];
    return text;
  };
  yield '[';
  let sliceStart = performance.now();
  for await (const page of items) {
    for (const item of page) {
      parts.push(JSON.stringify(item));
      if (performance.now() - sliceStart >= EXPORT_SLICE_MS) {
        yield flush();
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }
    if (parts.length > 0) yield flush();
  }
  yield ']';
}

/**
 * The rate-limit counters that name the user: sign-in failures, reset e-mails, password checks,
 * e-mail changes.
 */
function rateLimitKeysOf(user: Pick<UserRow, 'id' | 'username' | 'email'>): string[] {
  const subjects: Array<[string, string]> = [
    ['loginUser', user.username.toLowerCase()],
    ['passwordChange', String(user.id)],
    ['emailChange', String(user.id)],
  ];
  if (user.email) subjects.push(['passwordReset', user.email.toLowerCase()]);
  // The limiter stores long subjects as their sha256.
  return subjects.flatMap(([name, subject]) => [
    `${name}:${subject}`,
    `${name}:sha256:${createHash('sha256').update(subject).digest('hex')}`,
  ]);
}
