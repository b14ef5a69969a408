import { INVALID_RESET_TOKEN } from '@mailtokit/contracts/auth';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { passwordChangedMail, passwordResetMail, type Mailer } from '../mail/service';
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
        this.opts.log.info('Password-reset e-mail not sent: hourly limit for the address reached');
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
        username: user.username,
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
   * ends, and the owner gets a "your password was changed" e-mail.
   */
  async confirm(token: string, password: string, ip: string): Promise<void> {
    await this.limiter.consume('passwordResetConfirm', ip);
    if (token.length < 20) throw invalidToken();
    // An unknown, used or expired token is refused before the (deliberately slow) hashing.
    const id = hashToken(token);
    if ((await repo.findResetToken(this.db.kysely, id, this.clock().toISOString())) === undefined)
      throw invalidToken();
    const hash = await hashPassword(password);
    const now = this.clock().toISOString();
    const user = await this.db.kysely.transaction().execute(async (trx) => {
      const userId = await repo.claimResetToken(trx, id, now);
      if (userId === undefined) return undefined;
      const updated = await this.accounts.users.setPasswordHash(userId, hash, trx);
      await repo.deleteResetTokens(trx, userId);
      await repo.deleteUserSessions(trx, userId);
      await this.accounts.securityLog.record(trx, userId, 'password_reset');
      return updated;
    });
    if (!user) throw invalidToken();
    if (user.email)
      this.mailer.send({
        to: user.email,
        ...passwordChangedMail({
          username: user.username,
          settingsUrl: `${this.opts.baseUrl}/dashboard/settings`,
          resetUrl: `${this.opts.baseUrl}/reset-password`,
          apiTokens: await this.apiTokenNames(user.id),
        }),
      });
  }

  /**
   * The account's API tokens that still work, for the "password changed" e-mail: a reset does
   * not revoke them, so their owner should see them.
   */
  private async apiTokenNames(userId: number): Promise<string[]> {
    const now = this.clock().toISOString();
    const day = (iso: string) => iso.slice(0, 10);
    return (await this.accounts.tokens.list({ id: userId }))
      .filter((t) => t.expiresAt === null || t.expiresAt > now)
      .map(
        (t) =>
          `${t.name} (created ${day(t.createdAt)}${t.lastUsedAt ? `, last used ${day(t.lastUsedAt)}` : ', never used'})`,
      );
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
