import type { z } from 'zod';
import type { LoginResponse, RegisterBody } from '@mailtokit/contracts/auth';
import { storableHeaderText } from '@mailtokit/contracts/fields';
import type { Tier, User } from '@mailtokit/contracts/user';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { SessionAuth } from '../../lib/auth-hook';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, validationError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import {
  dummyHashPromise,
  hashPassword,
  passwordCheckBudgets,
  verifyPasswordWithin,
} from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { toUser, type UsersService } from '../users/service';
import * as repo from './repo';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please try again later.';
export const PASSWORD_THROTTLED = 'Too many wrong passwords. Please try again later.';

export interface AuthServiceOptions {
  defaultTier: Tier;
  sessionTtlMs: number;
}

/** Sign-up, sign-in, sessions and password changes. */
export class AuthService {
  private lastSweep = 0;

  /**
   * `limiter` must define `loginIp`, `loginPair` and `loginUser` (failed sign-ins per client
   * address, per account and address together, per account) and `passwordChange` (wrong
   * current passwords per account).
   */
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly limiter: Limiter,
    private readonly opts: AuthServiceOptions,
    private readonly clock: Clock,
  ) {}

  async register(input: z.output<typeof RegisterBody>): Promise<User> {
    if (await this.users.findByUsername(input.username))
      throw conflict('Username is already taken', { username: 'Username is already taken' });
    if (await this.users.findByEmail(input.email))
      throw conflict('Email is already registered', { email: 'Email is already registered' });
    const now = this.clock().toISOString();
    try {
      const row = await this.users.insert({
        username: input.username,
        email: input.email,
        password_hash: await hashPassword(input.password),
        first_name: input.firstName,
        last_name: input.lastName,
        subscription_tier: this.opts.defaultTier,
        subscription_expires_at: null,
        created_at: now,
        updated_at: now,
      });
      return toUser(row, this.clock());
    } catch (err) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (isUniqueViolation(err)) throw conflict('Username or email is already taken');
      throw err;
    }
  }

  /**
   * Signs in with a username or an e-mail address (`login`: usernames never hold `@`, so the
   * two cannot be confused); a wrong password and an unknown account get the same answer.
   */
  async login(
    login: string,
    password: string,
    ip: string,
    userAgent: string | undefined,
  ): Promise<LoginResponse & { expiresAt: Date }> {
    // The account is found first (an index lookup, before any budget or hash), so its budgets
    // are counted under its username whichever way it is named: the e-mail address is not a
    // second allowance of guesses.
    const user: UserRow | undefined = login.includes('@')
      ? await this.users.findByEmail(login)
      : await this.users.findByUsername(login);
    const userKey = (user?.username ?? login).toLowerCase();
    // A point of each budget is spent before the hash (atomic in the database, so parallel
    // attempts on several instances cannot slip past a limit), the address's first: a request
    // one budget refuses costs the others nothing, so a throttled address cannot use up an
    // account's budget. The account and address pair is what throttles a guesser; the
    // account-wide and address-wide ceilings are far higher, so neither the owner signing in
    // from elsewhere nor the other people behind a shared address are locked out.
    // Unknown users cost a full hash check too, so timing does not reveal which names exist.
    const ok = await verifyPasswordWithin(
      this.limiter,
      [
        ['loginIp', ip],
        ['loginPair', `${userKey} ${ip}`],
        ['loginUser', userKey],
      ],
      password,
      async () => user?.password_hash ?? (await dummyHashPromise),
      ['loginPair'],
    );
    if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    const { token, expiresAt } = await this.createSession(user.id, userAgent);
    return { access_token: token, user: toUser(user, this.clock()), expiresAt };
  }

  private async createSession(userId: number, userAgent: string | undefined) {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.opts.sessionTtlMs);
    await repo.insertSession(this.db.kysely, {
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
      user_agent: userAgent ? storableHeaderText(userAgent).slice(0, 512) || null : null,
    });
    await this.sweepExpired(now);
    return { token, expiresAt };
  }

  /** Resolves a bearer/cookie token to its user, or null when unknown or expired. */
  async authenticate(token: string): Promise<SessionAuth | null> {
    if (token.length < 20 || token.length > 200) return null;
    const id = hashToken(token);
    const session = await repo.findSession(this.db.kysely, id);
    if (!session) return null;
    const now = this.clock();
    if (session.expires_at <= now.toISOString()) {
      await repo.deleteSession(this.db.kysely, id);
      return null;
    }
    const user = await this.users.findById(session.user_id);
    if (!user) return null;
    // Record activity at most once a minute per session.
    if (now.getTime() - Date.parse(session.last_seen_at) > 60_000)
      await repo.touchSession(this.db.kysely, id, now.toISOString());
    return { user, sessionId: id };
  }

  async logout(sessionId: string): Promise<void> {
    await repo.deleteSession(this.db.kysely, sessionId);
  }

  /** Checks the current password, stores the new one and signs out every other session. */
  async changePassword(
    auth: SessionAuth,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const right = await verifyPasswordWithin(
      this.limiter,
      passwordCheckBudgets(auth.user.id),
      currentPassword,
      auth.user.password_hash,
      ['passwordChange'],
    );
    if (!right) throw validationError({ currentPassword: 'Current password is incorrect' });
    const hash = await hashPassword(newPassword);
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.users.setPasswordHash(auth.user.id, hash, trx);
      await repo.deleteUserSessions(trx, auth.user.id, auth.sessionId);
    });
  }

  private async sweepExpired(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < 60 * 60_000) return;
    this.lastSweep = now.getTime();
    await repo.deleteExpiredSessions(this.db.kysely, now.toISOString());
  }
}
