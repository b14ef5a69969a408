import { INVALID_RESET_TOKEN } from '@mailtokit/contracts/auth';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import type { Passwords } from '../../lib/password-gate';
import { hashToken, newToken } from '../../lib/tokens';
import { nameOf, passwordChangedMail, passwordResetMail, type Mailer } from '../mail/service';
import type { TokensService } from '../tokens/service';
import type { UsersService } from '../users/service';
import * as repo from './repo';
import type { SecurityLog } from '../security-log/service';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export interface PasswordResetOptions {
  /** Public origin of the web app, for the links in e-mails. */
  baseUrl: string;
  log: { info(msg: string): void; error(obj: object, msg: string): void };
}

export const invalidToken = () => new AppError(400, 'INVALID_TOKEN', INVALID_RESET_TOKEN);

/**
 * Password reset by e-mail. A request is answered before any of this runs (`requestLater`),
 * so neither the answer nor its timing says whether the address has an account. Tokens carry
 * 256 random bits, are stored as their sha256, work once, for 60 minutes, and a newer one voids
 * the older.
 */
export class PasswordResetService {
  private readonly pending = new Set<Promise<void>>();

  /**
   * `limiter` must define `passwordReset` (reset e-mails per address) and
   * `passwordResetConfirm` (confirmations per client address), counted in the database so
   * that every instance shares the budgets.
   */
  constructor(
    private readonly db: Db,
    private readonly accounts: {
      users: UsersService;
      tokens: TokensService;
      securityLog: SecurityLog;
    },
    private readonly mailer: Pick<Mailer, 'send'>,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly passwords: Passwords,
    private readonly opts: PasswordResetOptions,
  ) {}

  /** Handles a reset request in the background, after the current answer has gone out. */
  requestLater(email: string): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.request(email))
      .catch((err: unknown) => this.opts.log.error({ err }, 'Password-reset request failed'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every background request has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Sends a reset link to the account with this address, if there is one and it is not throttled. */
  async request(email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    try {
      await this.limiter.consume('passwordReset', address);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) {
        this.opts.log.info('Password-reset email not sent: hourly limit for the address reached');
        return;
      }
      throw err;
    }
    const user = await this.accounts.users.findByEmail(address);
    if (!user?.email) return;
    const url = await this.issue(user.id);
    this.mailer.send({
      to: user.email,
      ...passwordResetMail({
        name: nameOf(user),
        url,
        validMinutes: RESET_TOKEN_TTL_MS / 60_000,
      }),
    });
  }

  /** A one-time reset link for the named user (the admin CLI, for instances without e-mail). */
  async linkFor(username: string): Promise<{ username: string; url: string; expiresAt: Date }> {
    const user = await this.accounts.users.findByUsername(username);
    if (!user) throw notFound(`No user named '${username}'`);
    const url = await this.issue(user.id);
    return {
      username: user.username,
      url,
      expiresAt: new Date(this.clock().getTime() + RESET_TOKEN_TTL_MS),
    };
  }

  /**
   * Sets a new password with a reset token: the token is used up, every session of the account
   * ends and every API token is revoked (whoever had taken over the account keeps no way in),
   * and the owner gets a "your password was changed" e-mail naming the revoked tokens. Answers
   * their names.
   */
  async confirm(token: string, password: string, client: string): Promise<string[]> {
    await this.limiter.consume('passwordResetConfirm', client);
    if (token.length < 20) throw invalidToken();
    // The token is claimed (used up) before the deliberately slow hashing: an unknown, used or
    // expired one costs no hash, and of parallel confirms of one token only the first hashes.
    const id = hashToken(token);
    const claimed = await repo.claimResetToken(this.db.kysely, id, this.clock().toISOString());
    if (!claimed) throw invalidToken();
    let hash: string;
    try {
      hash = await this.passwords.hash(password, client);
    } catch (err) {
      // Refused before anything changed (busy, too many from this client): the link still works.
      await repo.unclaimResetToken(this.db.kysely, claimed);
      throw err;
    }
    const done = await this.db.kysely.transaction().execute(async (trx) => {
      const updated = await this.accounts.users.setPasswordHash(claimed.user_id, hash, trx);
      if (!updated) return undefined;
      await repo.deleteResetTokens(trx, claimed.user_id);
      await repo.deleteUserSessions(trx, claimed.user_id);
      await repo.deleteRememberedBrowsers(trx, claimed.user_id);
      const revoked = await this.accounts.tokens.revokeAll(claimed.user_id, trx);
      await this.accounts.securityLog.record(trx, claimed.user_id, 'password_reset');
      return { user: updated, revoked };
    });
    if (!done) throw invalidToken();
    const { user, revoked } = done;
    if (user.email)
      this.mailer.send({
        to: user.email,
        ...passwordChangedMail({
          name: nameOf(user),
          settingsUrl: `${this.opts.baseUrl}/dashboard/settings`,
          resetUrl: `${this.opts.baseUrl}/reset-password`,
          revokedTokens: revoked,
        }),
      });
    return revoked;
  }

  private async issue(userId: number): Promise<string> {
    const token = newToken();
    const now = this.clock();
    await this.db.kysely.transaction().execute(async (trx) => {
      await repo.deleteExpiredResetTokens(trx, now.toISOString());
      await repo.replaceResetToken(trx, {
        id: hashToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      });
    });
    return `${this.opts.baseUrl}/reset-password?token=${token}`;
  }
}
