import type { z } from 'zod';
import {
  CURRENT_PASSWORD_INCORRECT,
  NEW_KEY_NEEDS_PASSWORD,
  PASSWORD_CONFIRMATION_MINUTES,
  REMEMBER_BROWSER_DAYS,
  TOTP_CODE_INCORRECT,
  type SessionInfo,
  type LoginResponse,
  type RegisterBody,
  type SecondFactorRequired,
  type TwoFactorStatus,
} from '@mailtokit/contracts/auth';
import { storableHeaderText } from '@mailtokit/contracts/fields';
import type { Tier, User } from '@mailtokit/contracts/user';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { SessionAuth } from '../../lib/auth-hook';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Clock } from '../../lib/clock';
import type { AccountData } from '../../lib/account-data';
import type { Limiter } from '../../lib/limiter';
import { AppError, conflict, notFound, validationError } from '../../lib/errors';
import { passwordCheckBudgets, type Passwords } from '../../lib/password-gate';
import { hashToken, newToken } from '../../lib/tokens';
import { toUser, type UsersService } from '../users/service';
import { DeviceCookies } from './device';
import * as accountRepo from './account-repo';
import * as repo from './repo';
import type { SecurityLog } from '../security-log/service';
import { TwoFactor } from './two-factor';
import { Passkeys, type Ceremony, type RelyingParty } from './passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Passkey } from '@mailtokit/contracts/auth';

/** A new session: its token and user, its end, the device cookie (and remember cookie) to set. */
export type NewSession = LoginResponse & {
  expiresAt: Date;
  deviceCookie: string;
  /** The remember cookie's value, when the browser asked to be remembered. */
  rememberCookie?: string;
};

/** A sign-in: the session, or (two-step sign-in on) the challenge of its second step. */
export type SignInResult = (NewSession & { secondFactor?: undefined }) | SecondFactorRequired;

/** A passkey's answer to a confirmation ceremony: the ceremony's cookie, the answer, whose site. */
export interface PasskeyAnswer {
  cookieToken: string | undefined;
  response: AuthenticationResponseJSON;
  rp: RelyingParty;
}

/** Where a sign-in comes from: its user agent and address (the address is never stored). */
export interface SignInClient {
  userAgent: string | undefined;
  ip: string;
}

/**
 * Describes the client of a session for the list of sessions: the country of an address
 * (looked up offline, nothing kept) and the browser and OS families of a user agent.
 */
export interface ClientDescriber {
  countryOf(ip: string): string | null;
  agentOf(userAgent: string): { browser: string; os: string };
}

const REMEMBER_BROWSER_MS = REMEMBER_BROWSER_DAYS * 24 * 60 * 60_000;

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please try again later.';
export const PASSWORD_THROTTLED = 'Too many wrong passwords. Please try again later.';
const PASSWORD_CONFIRMATION_MS = PASSWORD_CONFIRMATION_MINUTES * 60_000;

export interface AuthServiceOptions {
  defaultTier: Tier;
  sessionTtlMs: number;
  /** Names the browser, OS and country of sessions; without it they are unknown. */
  clients?: ClientDescriber;
}

/** Sign-up, sign-in, sessions and password changes. */
export class AuthService {
  private lastSweep = 0;
  private readonly devices: DeviceCookies;
  private readonly twoFactor: TwoFactor;
  private readonly passkeys: Passkeys;

  /**
   * `passwords` spends from limits that must define `loginIp`, `loginPair` and `loginUser`
   * (failed sign-ins per client address, per account and address together, per account),
   * `loginDevice` (failed sign-ins per device cookie) and `passwordChange` (wrong current
   * passwords per account).
   */
  /**
   * The account's sessions and two-step sign-in state (never a session id, secret or code);
   * deletion takes them, with reset tokens and pending sign-ins.
   */
  readonly accountData: AccountData = {
    tables: [
      'sessions',
      'password_reset_tokens',
      'sign_in_challenges',
      'recovery_codes',
      'user_totp',
      'passkeys',
      'passkey_challenges',
      'remembered_browsers',
    ],
    exportFor: async (db, user) => {
      const [sessions, twoFactor, passkeys, remembered] = await Promise.all([
        accountRepo.sessionsOf(db, user.id),
        accountRepo.twoFactorOf(db, user.id),
        accountRepo.passkeysOf(db, user.id),
        accountRepo.rememberedBrowsersOf(db, user.id),
      ]);
      return {
        sessions: sessions.map((s) => ({
          createdAt: s.created_at,
          lastSeenAt: s.last_seen_at,
          expiresAt: s.expires_at,
          userAgent: s.user_agent,
          country: s.country,
        })),
        rememberedBrowsers: remembered.map((b) => ({
          createdAt: b.created_at,
          expiresAt: b.expires_at,
        })),
        twoFactor: {
          totpEnabledAt: twoFactor.enabledAt,
          recoveryCodesLeft: twoFactor.recoveryCodesLeft,
        },
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at,
        })),
      };
    },
    deleteFor: (trx, user) => accountRepo.deleteSignInDataOf(trx, user.id),
  };

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly passwords: Passwords,
    private readonly opts: AuthServiceOptions,
    private readonly clock: Clock,
    /** The account's security log: sign-ins, failed ones, password changes. */
    private readonly securityLog: SecurityLog,
    private readonly limiter: Limiter,
  ) {
    this.devices = new DeviceCookies(db, clock);
    this.twoFactor = new TwoFactor(db, limiter, clock);
    this.passkeys = new Passkeys(db, clock);
  }

  /** `client`: the key of the client's address (`clientKey`). */
  async register(input: z.output<typeof RegisterBody>, client: string): Promise<User> {
    if (await this.users.findByUsername(input.username))
      throw conflict('Username is already taken', { username: 'Username is already taken' });
    if (await this.users.findByEmail(input.email))
      throw conflict('Email is already registered', { email: 'Email is already registered' });
    const now = this.clock().toISOString();
    try {
      const row = await this.users.insert({
        username: input.username,
        email: input.email,
        password_hash: await this.passwords.hash(input.password, client),
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
   * `device` is the browser's device cookie, if it sent one; the answer carries a new one
   * (`deviceCookie`) for the browser to keep.
   * With two-step sign-in on, the right password gives only a challenge: the session comes
   * with the code (`completeSignIn`).
   */
  async login(
    login: string,
    password: string,
    client: string,
    from: SignInClient,
    device?: string,
    remembered?: string,
  ): Promise<SignInResult> {
    // The account is found first (an index lookup, before any budget or hash), so its budgets
    // are counted under its username whichever way it is named: the e-mail address is not a
    // second allowance of guesses.
    const user: UserRow | undefined = login.includes('@')
      ? await this.users.findByEmail(login)
      : await this.users.findByUsername(login);
    const userKey = (user?.username ?? login).toLowerCase();
    const knownDevice = await this.devices.deviceOf(device, userKey);
    // A point of each budget is spent before the hash (atomic in the database, so parallel
    // attempts on several instances cannot slip past a limit), the address's first: a request
    // one budget refuses costs the others nothing, so a throttled address cannot use up an
    // account's budget. The account and address pair is what throttles a guesser; the
    // account-wide and address-wide ceilings are far higher, so neither the owner signing in
    // from elsewhere nor the other people behind a shared address are locked out. A browser
    // that signed in to the account before (its device cookie) is spared the account-wide
    // ceiling, which distributed guessing fills: it has a budget of failures of its own.
    // Unknown users cost a full hash check too, so timing does not reveal which names exist.
    const ok = await this.passwords.check({
      client,
      budgets: [
        ['loginIp', client],
        ['loginPair', `${userKey} ${client}`],
        knownDevice ? ['loginDevice', knownDevice] : ['loginUser', userKey],
      ],
      password,
      stored: async () => user?.password_hash ?? (await this.passwords.dummyHash()),
      forget: ['loginPair', 'loginDevice'],
    });
    if (user && !ok) await this.securityLog.record(null, user.id, 'sign_in_failed');
    if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    // A browser remembered at an earlier second step (and not forgotten since) skips it.
    const totp = await this.twoFactor.isEnabled(user.id);
    const passkey = await this.passkeys.has(user.id);
    if ((totp || passkey) && !(await this.isRememberedBrowser(user.id, remembered))) {
      const challenge = await this.twoFactor.challenge(user.id);
      return {
        secondFactor: 'required',
        challengeToken: challenge.token,
        expiresAt: challenge.expiresAt.toISOString(),
        methods: [
          ...(totp ? (['totp', 'recovery_code'] as const) : []),
          ...(passkey ? (['passkey'] as const) : []),
        ],
      };
    }
    return await this.startSession(user, from);
  }

  private async isRememberedBrowser(userId: number, token: string | undefined): Promise<boolean> {
    if (!token || token.length < 20 || token.length > 200) return false;
    const now = this.clock().toISOString();
    return await repo.isRememberedBrowser(this.db.kysely, userId, hashToken(token), now);
  }

  /**
   * The second step of a sign-in: the challenge of `login` with a code of the authenticator
   * app or a recovery code. Budgeted per account and address (`TwoFactor.verify`).
   */
  async completeSignIn(
    challengeToken: string,
    answer: { code?: string; recoveryCode?: string },
    client: string,
    from: SignInClient,
    rememberBrowser = false,
  ): Promise<NewSession> {
    const userId = await this.twoFactor.complete(challengeToken, answer, client);
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(401, 'INVALID_CHALLENGE', 'This sign-in has expired');
    const session = await this.startSession(user, from);
    if (!rememberBrowser) return session;
    return { ...session, rememberCookie: await this.rememberBrowser(user.id) };
  }

  /** Options of a passkey sign-in (alone, or the second step of `signInChallenge`). */
  passkeySignInOptions(rp: RelyingParty, signInChallenge: string | undefined): Promise<Ceremony> {
    return this.passkeys.authenticationOptions(rp, signInChallenge);
  }

  /**
   * A sign-in with a passkey: alone (a discoverable credential that verified its user), or as
   * the second step of a password sign-in. Starts the session like `login`; a second step
   * with `rememberBrowser` remembers the browser like `completeSignIn`.
   */
  async passkeySignIn(
    cookieToken: string | undefined,
    response: AuthenticationResponseJSON,
    signInChallenge: string | undefined,
    rp: RelyingParty,
    from: SignInClient,
    rememberBrowser = false,
  ): Promise<NewSession> {
    const userId = await this.passkeys.authenticate(cookieToken, response, signInChallenge, rp);
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(401, 'INVALID_CHALLENGE', 'This sign-in has expired');
    const session = await this.startSession(user, from);
    // Only a second step is remembered: a passkey alone skips no step of a password sign-in.
    if (!rememberBrowser || signInChallenge === undefined) return session;
    return { ...session, rememberCookie: await this.rememberBrowser(user.id) };
  }

  listPasskeys(auth: SessionAuth): Promise<Passkey[]> {
    return this.passkeys.list(auth.user.id);
  }

  /** Options to add a passkey (needs a fresh password confirmation). */
  async passkeyRegistrationOptions(
    auth: SessionAuth,
    currentPassword: string | undefined,
    client: string,
    rp: RelyingParty,
  ): Promise<Ceremony> {
    await this.requireFreshPassword(auth, currentPassword, client);
    return await this.passkeys.registrationOptions(auth.user, rp);
  }

  /** Stores the browser's new passkey (the ceremony its options began, in this browser). */
  async registerPasskey(
    auth: SessionAuth,
    cookieToken: string | undefined,
    name: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
  ): Promise<Passkey> {
    const passkey = await this.passkeys.register(auth.user.id, cookieToken, name, response, rp);
    await this.securityLog.record(null, auth.user.id, 'passkey_added', passkey.name);
    return passkey;
  }

  abandonPasskeyCeremony(cookieToken: string | undefined): Promise<void> {
    return this.passkeys.abandon(cookieToken);
  }

  renamePasskey(auth: SessionAuth, id: number, name: string): Promise<Passkey> {
    return this.passkeys.rename(auth.user.id, id, name);
  }

  /** Removes a passkey (needs a password confirmed in this session). */
  async removePasskey(auth: SessionAuth, id: number, client: string): Promise<void> {
    await this.requireFreshPassword(auth, undefined, client);
    const name = await this.passkeys.remove(auth.user.id, id);
    await this.securityLog.record(null, auth.user.id, 'passkey_removed', name);
  }

  /** A new remember token for the user (its sha256 stored), valid REMEMBER_BROWSER_DAYS. */
  private async rememberBrowser(userId: number): Promise<string> {
    const token = newToken();
    const now = this.clock();
    await repo.deleteExpiredRememberedBrowsers(this.db.kysely, now.toISOString());
    await repo.insertRememberedBrowser(this.db.kysely, {
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REMEMBER_BROWSER_MS).toISOString(),
    });
    return token;
  }

  private async startSession(user: UserRow, from: SignInClient): Promise<NewSession> {
    const userKey = user.username.toLowerCase();
    const { token, expiresAt } = await this.createSession(user.id, from);
    await this.securityLog.record(null, user.id, 'sign_in');
    return {
      access_token: token,
      user: toUser(user, this.clock()),
      expiresAt,
      deviceCookie: await this.devices.issue(userKey),
    };
  }

  private async createSession(userId: number, { userAgent, ip }: SignInClient) {
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
      password_confirmed_at: null,
      country: this.opts.clients?.countryOf(ip) ?? null,
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
    return { user, sessionId: id, passwordConfirmedAt: session.password_confirmed_at };
  }

  /** Options to confirm this session with one of the account's passkeys (`confirmPassword`). */
  passkeyConfirmationOptions(auth: SessionAuth, rp: RelyingParty): Promise<Ceremony> {
    return this.passkeys.confirmationOptions(auth.user.id, auth.sessionId, rp);
  }

  /**
   * Confirms the password in this session (budgeted like every password check under a
   * session), a code of the authenticator app when two-step sign-in is on (budgeted like
   * codes at sign-in), or a passkey's answer to this session's confirmation ceremony (a
   * rejected one spends from the budget of wrong passwords): for PASSWORD_CONFIRMATION_MINUTES
   * the session may make sensitive changes without sending it again. A wrong password is 400
   * on `currentPassword`, a wrong code 400 on `code`, a rejected passkey 401 PASSKEY_REJECTED
   * and a used, expired or other session's ceremony 401 INVALID_CHALLENGE.
   */
  async confirmPassword(
    auth: SessionAuth,
    currentPassword: string | undefined,
    client: string,
    code?: string,
    passkey?: PasskeyAnswer,
  ): Promise<Date> {
    if (passkey) {
      await this.confirmWithPasskey(auth, passkey);
    } else if (code !== undefined) {
      if (!(await this.twoFactor.verify(auth.user.id, { code }, client)))
        throw validationError({ code: TOTP_CODE_INCORRECT });
    } else {
      const right = await this.passwords.check({
        client,
        budgets: passwordCheckBudgets(auth.user.id),
        password: currentPassword ?? '',
        stored: auth.user.password_hash,
        forget: ['passwordChange'],
      });
      if (!right) throw validationError({ currentPassword: CURRENT_PASSWORD_INCORRECT });
    }
    const now = this.clock();
    await repo.setPasswordConfirmed(this.db.kysely, auth.sessionId, now.toISOString());
    auth.passwordConfirmedAt = now.toISOString();
    return new Date(now.getTime() + PASSWORD_CONFIRMATION_MS);
  }

  /**
   * A passkey in place of the password: a point of the account's budget of wrong passwords is
   * spent first (429 once it is gone) and given back when the passkey is accepted.
   */
  private async confirmWithPasskey(auth: SessionAuth, answer: PasskeyAnswer): Promise<void> {
    const [budget, key] = passwordCheckBudgets(auth.user.id)[0]!;
    await this.limiter.consume(budget, key);
    await this.passkeys.confirm(
      answer.cookieToken,
      answer.response,
      auth.user.id,
      auth.sessionId,
      answer.rp,
    );
    await this.limiter.reward(budget, key);
  }

  /**
   * What creating a new way into the account (an API token, a webhook) needs under a session:
   * the current password in the request, or one confirmed in this session within
   * PASSWORD_CONFIRMATION_MINUTES. Else 400 on `currentPassword`.
   */
  async requireFreshPassword(
    auth: SessionAuth,
    currentPassword: string | undefined,
    client: string,
  ): Promise<void> {
    if (currentPassword !== undefined) {
      await this.confirmPassword(auth, currentPassword, client);
      return;
    }
    const at = auth.passwordConfirmedAt ? Date.parse(auth.passwordConfirmedAt) : NaN;
    const age = this.clock().getTime() - at;
    if (!(age >= 0 && age < PASSWORD_CONFIRMATION_MS))
      throw validationError({ currentPassword: NEW_KEY_NEEDS_PASSWORD });
  }

  twoFactorStatus(auth: SessionAuth): Promise<TwoFactorStatus> {
    return this.twoFactor.status(auth.user.id);
  }

  /** Starts the set-up of an authenticator app (needs a fresh password confirmation). */
  async setUpTotp(auth: SessionAuth, currentPassword: string | undefined, client: string) {
    await this.requireFreshPassword(auth, currentPassword, client);
    return await this.twoFactor.setUp(auth.user.id, auth.user.username);
  }

  /** Turns two-step sign-in on with the app's first code; the recovery codes, shown once. */
  confirmTotp(auth: SessionAuth, code: string, client: string): Promise<string[]> {
    return this.twoFactor.confirm(auth.user.id, code, client);
  }

  /** Turns two-step sign-in off (needs a fresh password confirmation). */
  async disableTotp(auth: SessionAuth, currentPassword: string | undefined, client: string) {
    await this.requireFreshPassword(auth, currentPassword, client);
    await this.twoFactor.disable(auth.user.id);
    await repo.deleteRememberedBrowsers(this.db.kysely, auth.user.id);
  }

  /** New recovery codes in place of the old (needs a fresh password confirmation). */
  async regenerateRecoveryCodes(
    auth: SessionAuth,
    currentPassword: string | undefined,
    client: string,
  ): Promise<string[]> {
    await this.requireFreshPassword(auth, currentPassword, client);
    return await this.twoFactor.regenerateRecoveryCodes(auth.user.id);
  }

  /**
   * The operator's way back in for someone who lost their app, their recovery codes or their
   * passkeys: turns two-step sign-in off, removes the passkeys and ends every session of the
   * account. Returns the user.
   */
  async disableTwoFactorOf(username: string): Promise<UserRow> {
    const user = await this.users.findByUsername(username);
    if (!user) throw new AppError(404, 'NOT_FOUND', `No user named '${username}'`);
    await this.twoFactor.disable(user.id);
    await this.passkeys.removeAll(user.id);
    await repo.deleteUserSessions(this.db.kysely, user.id);
    await repo.deleteRememberedBrowsers(this.db.kysely, user.id);
    return user;
  }

  /** The user's signed-in sessions, the most recently active first. */
  async listSessions(auth: SessionAuth): Promise<SessionInfo[]> {
    const rows = await repo.listUserSessions(
      this.db.kysely,
      auth.user.id,
      this.clock().toISOString(),
    );
    const clients = this.opts.clients;
    return rows.map((row) => {
      const agent = row.user_agent && clients ? clients.agentOf(row.user_agent) : null;
      return {
        id: row.id,
        browser: agent && agent.browser !== 'Other' ? agent.browser : null,
        os: agent && agent.os !== 'Other' ? agent.os : null,
        country: row.country,
        createdAt: row.created_at,
        lastActiveAt: row.last_seen_at,
        current: row.id === auth.sessionId,
      };
    });
  }

  /**
   * Signs out one session of the user (404 for an unknown one, or another user's); this
   * session too when named. Another session's end goes to the security log.
   */
  async revokeSession(auth: SessionAuth, id: string): Promise<void> {
    if (!(await repo.deleteUserSession(this.db.kysely, auth.user.id, id)))
      throw notFound('Session not found');
    if (id !== auth.sessionId)
      await this.securityLog.record(null, auth.user.id, 'session_signed_out');
  }

  /** Signs out every session of the user but this one; how many ended. */
  async revokeOtherSessions(auth: SessionAuth): Promise<number> {
    return await this.db.kysely.transaction().execute(async (trx) => {
      const ended = await repo.deleteUserSessions(trx, auth.user.id, auth.sessionId);
      if (ended > 0)
        await this.securityLog.record(
          trx,
          auth.user.id,
          'other_sessions_signed_out',
          `${ended} ${ended === 1 ? 'session' : 'sessions'}`,
        );
      return ended;
    });
  }

  async logout(sessionId: string): Promise<void> {
    await repo.deleteSession(this.db.kysely, sessionId);
  }

  /** Checks the current password, stores the new one and signs out every other session. */
  async changePassword(
    auth: SessionAuth,
    currentPassword: string,
    newPassword: string,
    client: string,
  ): Promise<void> {
    const right = await this.passwords.check({
      client,
      budgets: passwordCheckBudgets(auth.user.id),
      password: currentPassword,
      stored: auth.user.password_hash,
      forget: ['passwordChange'],
    });
    if (!right) throw validationError({ currentPassword: 'Current password is incorrect' });
    const hash = await this.passwords.hash(newPassword, client);
    await this.db.kysely.transaction().execute(async (trx) => {
      await this.users.setPasswordHash(auth.user.id, hash, trx);
      const ended = await repo.deleteUserSessions(trx, auth.user.id, auth.sessionId);
      await repo.deleteRememberedBrowsers(trx, auth.user.id);
      await this.securityLog.record(trx, auth.user.id, 'password_changed');
      if (ended > 0)
        await this.securityLog.record(
          trx,
          auth.user.id,
          'other_sessions_signed_out',
          `${ended} ${ended === 1 ? 'session' : 'sessions'}`,
        );
    });
  }

  private async sweepExpired(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < 60 * 60_000) return;
    this.lastSweep = now.getTime();
    await repo.deleteExpiredSessions(this.db.kysely, now.toISOString());
  }
}
