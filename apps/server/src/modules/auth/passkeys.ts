import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_EXPIRED,
  PASSKEY_REJECTED,
  type Passkey,
  type PasskeyOptions,
} from '@mailtokit/contracts/auth';
import type { Db } from '../../db/database';
import type { PasskeyChallengesTable, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './passkeys-repo';
import * as signIns from './two-factor-repo';
import { INVALID_CHALLENGE } from './two-factor';

/** The name browsers and authenticators show for the site. */
const RP_NAME = 'MailtoKit';
const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** Who the credentials belong to: the site's origin and its host (the relying party id). */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

/** A ceremony begun: the options for the browser and the token of its cookie. */
export interface Ceremony {
  options: PasskeyOptions;
  cookieToken: string;
}

const expired = () => new AppError(401, 'INVALID_CHALLENGE', PASSKEY_EXPIRED);

export function toPasskey(row: repo.PasskeyRow): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** The user handle a passkey keeps for the account: its id, so no name or address. */
function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(`u${userId}`, 'utf8'));
}

/**
 * Passkeys (WebAuthn, through `@simplewebauthn/server`): registration, sign-in with a
 * discoverable credential, the second step of a password sign-in, and the confirmation of a
 * session in place of its password. Each ceremony's challenge is stored server-side under the
 * hash of a token the browser keeps in a cookie, so it works once, in that browser, for
 * PASSKEY_CHALLENGE_MINUTES.
 */
export class Passkeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<Passkey[]> {
    return (await repo.listPasskeys(this.db.kysely, userId)).map(toPasskey);
  }

  async has(userId: number): Promise<boolean> {
    return (await repo.countPasskeys(this.db.kysely, userId)) > 0;
  }

  async rename(userId: number, id: number, name: string): Promise<Passkey> {
    if (!(await repo.renamePasskey(this.db.kysely, userId, id, name)))
      throw new AppError(404, 'NOT_FOUND', 'Passkey not found');
    const row = await repo.findPasskey(this.db.kysely, userId, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', 'Passkey not found');
    return toPasskey(row);
  }

  async remove(userId: number, id: number): Promise<string> {
    const row = await repo.findPasskey(this.db.kysely, userId, id);
    if (!row || !(await repo.deletePasskey(this.db.kysely, userId, id)))
      throw new AppError(404, 'NOT_FOUND', 'Passkey not found');
    return row.name;
  }

  async removeAll(userId: number): Promise<void> {
    await repo.deleteUserPasskeys(this.db.kysely, userId);
  }

  /** Options to create a passkey for the account (its passkeys excluded: no duplicates). */
  async registrationOptions(user: UserRow, rp: RelyingParty): Promise<Ceremony> {
    const existing = await repo.listPasskeys(this.db.kysely, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpId,
      userName: user.username,
      userDisplayName: user.username,
      userID: userHandleOf(user.id),
      attestationType: 'none',
      timeout: CHALLENGE_MS,
      excludeCredentials: existing.map((p) => ({
        id: p.credential_id,
        ...(p.transports ? { transports: p.transports.split(' ') } : {}),
      })),
      // A discoverable credential: it signs in with no username typed.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return await this.begin(options, 'register', user.id, null);
  }

  /** Verifies the browser's new credential and stores it under `name`. */
  async register(
    userId: number,
    cookieToken: string | undefined,
    name: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
  ): Promise<Passkey> {
    const ceremony = await this.take(cookieToken);
    if (!ceremony || ceremony.purpose !== 'register' || ceremony.user_id !== userId)
      throw expired();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw new AppError(400, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
    }
    if (!verified.verified) throw new AppError(400, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
    const { credential } = verified.registrationInfo;
    try {
      const row = await repo.insertPasskey(this.db.kysely, {
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports?.length ? credential.transports.join(' ') : null,
        name,
        created_at: this.clock().toISOString(),
        last_used_at: null,
      });
      return toPasskey(row);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(409, 'CONFLICT', 'This passkey is already registered');
      throw err;
    }
  }

  /**
   * Options to sign in with a passkey. Without `signInChallenge`, any passkey of this site
   * may answer (a discoverable credential, no username) and must verify its user; with the
   * challenge of a password step, one of that account's passkeys.
   */
  async authenticationOptions(
    rp: RelyingParty,
    signInChallenge: string | undefined,
  ): Promise<Ceremony> {
    if (signInChallenge === undefined) {
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        timeout: CHALLENGE_MS,
        userVerification: 'required',
      });
      return await this.begin(options, 'sign_in', null, null);
    }
    const challengeId = hashToken(signInChallenge);
    const now = this.clock().toISOString();
    const challenge = await signIns.findChallenge(this.db.kysely, challengeId, now);
    if (!challenge) throw new AppError(401, 'INVALID_CHALLENGE', INVALID_CHALLENGE);
    const passkeys = await repo.listPasskeys(this.db.kysely, challenge.user_id);
    if (passkeys.length === 0) throw new AppError(409, 'CONFLICT', 'This account has no passkey');
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      timeout: CHALLENGE_MS,
      userVerification: 'preferred',
      allowCredentials: passkeys.map((p) => ({
        id: p.credential_id,
        ...(p.transports ? { transports: p.transports.split(' ') } : {}),
      })),
    });
    return await this.begin(options, 'second_factor', challenge.user_id, challengeId);
  }

  /**
   * Options to confirm a session with one of its account's passkeys (in place of the
   * password): the ceremony names the session, and the passkey must verify its user.
   */
  async confirmationOptions(userId: number, sessionId: string, rp: RelyingParty) {
    const passkeys = await repo.listPasskeys(this.db.kysely, userId);
    if (passkeys.length === 0) throw new AppError(409, 'CONFLICT', 'This account has no passkey');
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      timeout: CHALLENGE_MS,
      userVerification: 'required',
      allowCredentials: passkeys.map((p) => ({
        id: p.credential_id,
        ...(p.transports ? { transports: p.transports.split(' ') } : {}),
      })),
    });
    return await this.begin(options, 'confirm', userId, sessionId);
  }

  /**
   * Verifies a passkey's answer to the browser's confirmation ceremony: begun in this session
   * (401 INVALID_CHALLENGE otherwise), answered by a passkey of its account that verified its
   * user (401 PASSKEY_REJECTED otherwise). Moves the counter like a sign-in.
   */
  async confirm(
    cookieToken: string | undefined,
    response: AuthenticationResponseJSON,
    userId: number,
    sessionId: string,
    rp: RelyingParty,
  ): Promise<void> {
    const ceremony = await this.take(cookieToken);
    if (
      !ceremony ||
      ceremony.purpose !== 'confirm' ||
      ceremony.user_id !== userId ||
      ceremony.sign_in_challenge_id !== sessionId
    )
      throw expired();
    await this.verify(ceremony, response, rp, { userId, requireUserVerification: true });
  }

  /**
   * Verifies a passkey's answer to the browser's ceremony; returns the account's id. The
   * stored counter must go up (unless the authenticator keeps none) and is moved by one
   * conditional update. For a second step, `signInChallenge` must be the one the options were
   * made for, and it is used up.
   */
  async authenticate(
    cookieToken: string | undefined,
    response: AuthenticationResponseJSON,
    signInChallenge: string | undefined,
    rp: RelyingParty,
  ): Promise<number> {
    const ceremony = await this.take(cookieToken);
    if (!ceremony || ceremony.purpose === 'register' || ceremony.purpose === 'confirm')
      throw expired();
    const secondStep = ceremony.purpose === 'second_factor';
    if (secondStep !== (signInChallenge !== undefined)) throw expired();
    if (secondStep && hashToken(signInChallenge ?? '') !== ceremony.sign_in_challenge_id)
      throw new AppError(401, 'INVALID_CHALLENGE', INVALID_CHALLENGE);
    const owner = secondStep ? ceremony.user_id : undefined;
    if (owner === null) throw expired();
    const userId = await this.verify(ceremony, response, rp, {
      userId: owner,
      // Alone, a passkey is both steps: the authenticator must have verified its user.
      requireUserVerification: !secondStep,
    });
    if (
      secondStep &&
      !(await signIns.claimChallenge(this.db.kysely, ceremony.sign_in_challenge_id ?? ''))
    )
      throw new AppError(401, 'INVALID_CHALLENGE', INVALID_CHALLENGE);
    return userId;
  }

  /**
   * Checks the answer against the ceremony's challenge and a stored passkey (of `userId`, when
   * given) and moves its counter; returns the passkey's account. 401 PASSKEY_REJECTED otherwise.
   */
  private async verify(
    ceremony: PasskeyChallengesTable,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    expect: { userId: number | undefined; requireUserVerification: boolean },
  ): Promise<number> {
    const rejected = new AppError(401, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
    const passkey = await repo.findPasskeyByCredential(this.db.kysely, response.id);
    if (!passkey) throw rejected;
    if (expect.userId !== undefined && passkey.user_id !== expect.userId) throw rejected;
    const handle = response.response.userHandle;
    if (handle && handle !== Buffer.from(userHandleOf(passkey.user_id)).toString('base64url'))
      throw rejected;
    const counter = Number(passkey.counter);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter,
          ...(passkey.transports ? { transports: passkey.transports.split(' ') } : {}),
        },
        requireUserVerification: expect.requireUserVerification,
      });
    } catch {
      throw rejected;
    }
    if (!verified.verified) throw rejected;
    const now = this.clock().toISOString();
    const next = verified.authenticationInfo.newCounter;
    if (!(await repo.claimCounter(this.db.kysely, passkey.id, counter, next, now))) throw rejected;
    return passkey.user_id;
  }

  private async begin(
    options: { challenge: string },
    purpose: PasskeyChallengesTable['purpose'],
    userId: number | null,
    signInChallengeId: string | null,
  ): Promise<Ceremony> {
    const cookieToken = newToken();
    const now = this.clock();
    await repo.deleteExpiredChallenges(this.db.kysely, now.toISOString());
    await repo.insertChallenge(this.db.kysely, {
      id: hashToken(cookieToken),
      purpose,
      challenge: options.challenge,
      user_id: userId,
      sign_in_challenge_id: signInChallengeId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    });
    // The WebAuthn JSON as it is; the answer's schema keeps every field.
    return { options: { ...options }, cookieToken };
  }

  /** The browser's open ceremony, used up by this call; undefined when none is open. */
  private async take(cookieToken: string | undefined): Promise<PasskeyChallengesTable | undefined> {
    if (!cookieToken || cookieToken.length > 200) return undefined;
    return await repo.takeChallenge(
      this.db.kysely,
      hashToken(cookieToken),
      this.clock().toISOString(),
    );
  }

  /** Forgets a ceremony the browser replaces with a new one. */
  async abandon(cookieToken: string | undefined): Promise<void> {
    if (cookieToken && cookieToken.length <= 200)
      await repo.deleteChallenge(this.db.kysely, hashToken(cookieToken));
  }
}
