import type { z } from 'zod';
import type { ProfileBody } from '@mailtokit/contracts/auth';
import type { UpdateUserSettingsBody, UserSettings } from '@mailtokit/contracts/settings';
import type { Tier, User } from '@mailtokit/contracts/user';
import type { Db } from '../../db/database';
import type { Conn } from '../../db/database';
import type { NewUser, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { AccountData } from '../../lib/account-data';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { emailChangedMail, nameOf, type Mailer } from '../mail/service';
import { toUser } from './mapper';
import * as accountRepo from './account-repo';
import * as repo from './repo';
import type { SecurityLog } from '../security-log/service';

export { toUser };

type Profile = z.output<typeof ProfileBody>;
type SettingsInput = z.output<typeof UpdateUserSettingsBody>;

export const EMAIL_CHANGES_THROTTLED = 'Too many email address changes. Please try again later.';

/** What an e-mail change needs besides the database (absent in the admin CLI). */
export interface EmailChangeDeps {
  /** Defines `emailChange` (address changes per account). */
  limiter: Limiter;
  mailer: Pick<Mailer, 'send'>;
  /** Public origin of the web app, for the link in the e-mail. */
  baseUrl: string;
  /** The account's security log (e-mail changes). */
  securityLog: SecurityLog;
}

export class UsersService {
  /** The account's own row, deleted last (the export's profile is written by the account). */
  readonly accountData: AccountData = {
    tables: [],
    deleteFor: (trx, user) => accountRepo.deleteUser(trx, user.id),
  };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly emailChange: EmailChangeDeps | null = null,
  ) {}

  findById(id: number): Promise<UserRow | undefined> {
    return repo.findUserById(this.db.kysely, id);
  }

  /** Case-insensitive; `conn` is the caller's transaction when it runs in one. */
  findByUsername(username: string, conn: Conn = this.db.kysely): Promise<UserRow | undefined> {
    return repo.findUserByUsername(conn, username);
  }

  /** Case-insensitive. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return repo.findUserByEmail(this.db.kysely, email);
  }

  /**
   * Whether an e-mail that is not about security may go to this account: security e-mails
   * (password, address, two-step sign-in) never ask.
   */
  wantsNotifications(user: Pick<UserRow, 'email_notifications'>): boolean {
    return user.email_notifications !== 0;
  }

  /** Stores a new account as given (the caller has hashed its password). */
  insert(user: NewUser): Promise<UserRow> {
    return repo.insertUser(this.db.kysely, user);
  }

  /** Stores a new password hash; `conn` is the caller's transaction when it runs in one. */
  setPasswordHash(userId: number, hash: string, conn: Conn = this.db.kysely): Promise<UserRow> {
    return repo.updateUser(conn, userId, {
      password_hash: hash,
      updated_at: this.clock().toISOString(),
    });
  }

  /** Whether `email` is another address than the account's (a change of letter case is not). */
  changesEmail(user: UserRow, email: string): boolean {
    return email.toLowerCase() !== (user.email ?? '').toLowerCase();
  }

  /**
   * Updates first name, last name and e-mail; the username never changes. The caller has
   * confirmed the password when the address changes (`changesEmail`); a change spends from
   * the account's budget of e-mail changes (which also bounds how many addresses a caller can
   * probe for an account), and the old address is told.
   */
  async updateProfile(user: UserRow, input: Profile): Promise<User> {
    const oldEmail = user.email;
    const changes = this.changesEmail(user, input.email);
    if (changes) {
      if (!this.emailChange) throw new Error('Email changes need a limiter and a mailer');
      await this.emailChange.limiter.consume('emailChange', String(user.id));
    }
    const taken = await repo.findUserByEmail(this.db.kysely, input.email);
    if (taken && taken.id !== user.id)
      throw conflict('Email is already in use by another account', {
        email: 'Email is already in use by another account',
      });
    let row: UserRow;
    try {
      row = await repo.updateUser(this.db.kysely, user.id, {
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        updated_at: this.clock().toISOString(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Email is already in use by another account');
      throw err;
    }
    if (changes && this.emailChange)
      await this.emailChange.securityLog.record(null, user.id, 'email_changed', input.email);
    if (changes && oldEmail && this.emailChange)
      this.emailChange.mailer.send({
        to: oldEmail,
        ...emailChangedMail({
          name: nameOf(row),
          newEmail: input.email,
          signInUrl: `${this.emailChange.baseUrl}/auth`,
        }),
      });
    return toUser(row, this.clock());
  }

  /** The account's settings kept on the server. */
  settings(user: UserRow): UserSettings {
    return {
      trackingOpens: user.tracking_opens,
      emailNotifications: user.email_notifications !== 0,
    };
  }

  /** Changes the settings given; those left out stay. An empty change answers as a read. */
  async updateSettings(user: UserRow, input: SettingsInput): Promise<UserSettings> {
    if (input.trackingOpens === undefined && input.emailNotifications === undefined)
      return this.settings(user);
    const row = await repo.updateUser(this.db.kysely, user.id, {
      ...(input.trackingOpens !== undefined ? { tracking_opens: input.trackingOpens } : {}),
      ...(input.emailNotifications !== undefined
        ? { email_notifications: input.emailNotifications ? 1 : 0 }
        : {}),
      updated_at: this.clock().toISOString(),
    });
    return this.settings(row);
  }

  /**
   * Sets a subscription (admin CLI): `tier` until `expiresAt`, after which the account counts
   * as FREE again, or with no end when `expiresAt` is null. Every call replaces the previous
   * end date, so setting a tier without one clears it.
   */
  async setTier(username: string, tier: Tier, expiresAt: Date | null = null): Promise<User> {
    const now = this.clock();
    if (expiresAt && tier === 'FREE') throw badRequest('FREE is not a subscription: it has no end');
    if (expiresAt && expiresAt.getTime() <= now.getTime())
      throw badRequest(`The end ${expiresAt.toISOString()} is not in the future`);
    const user = await repo.findUserByUsername(this.db.kysely, username);
    if (!user) throw notFound(`No user named '${username}'`);
    const row = await repo.updateUser(this.db.kysely, user.id, {
      subscription_tier: tier,
      subscription_expires_at: expiresAt ? expiresAt.toISOString() : null,
      updated_at: now.toISOString(),
    });
    return toUser(row, now);
  }

  async list(): Promise<User[]> {
    const now = this.clock();
    return (await repo.listUsers(this.db.kysely)).map((row) => toUser(row, now));
  }
}
