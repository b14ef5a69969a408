import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_INCORRECT,
  SIGN_IN_CHALLENGE_MINUTES,
  TOTP_CODE_INCORRECT,
  type TwoFactorStatus,
} from '@mailtokit/contracts/auth';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError, validationError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './two-factor-repo';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
/** A code of the step before or after the current one is accepted too (clock drift). */
const DRIFT_STEPS = 1;
const CHALLENGE_MS = SIGN_IN_CHALLENGE_MINUTES * 60_000;
/** The issuer an authenticator app shows next to the account name. */
const ISSUER = 'MailtoKit';

/** Limits wrong codes spend from: per account and client address, and per account. */
export const SECOND_FACTOR_PAIR_LIMIT = 'secondFactorPair';
export const SECOND_FACTOR_USER_LIMIT = 'secondFactorUser';

export const INVALID_CHALLENGE = 'This sign-in has expired. Please sign in again.';

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A recovery code as people type it: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** A new recovery code: 10 characters of base32 (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const raw = new Secret({ buffer: randomBytes(7).buffer }).base32.toLowerCase().slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238, through `otpauth`) and
 * single-use recovery codes; the sign-in challenges that wait for the second step.
 */
export class TwoFactor {
  constructor(
    private readonly db: Db,
    private readonly limiter: Limiter,
    private readonly clock: Clock,
  ) {}

  async status(userId: number): Promise<TwoFactorStatus> {
    const totp = await repo.findTotp(this.db.kysely, userId);
    return {
      totp: Boolean(totp?.enabled_at),
      recoveryCodesLeft: totp?.enabled_at
        ? await repo.countRecoveryCodes(this.db.kysely, userId)
        : 0,
    };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return Boolean((await repo.findTotp(this.db.kysely, userId))?.enabled_at);
  }

  /** A new secret for the account, waiting for its first code (409 when already on). */
  async setUp(userId: number, label: string): Promise<{ secret: string; otpauthUri: string }> {
    if (await this.isEnabled(userId))
      throw new AppError(409, 'CONFLICT', 'Two-step sign-in is already on');
    const secret = new Secret({ size: 20 }).base32;
    await repo.putPendingTotp(this.db.kysely, userId, secret, this.clock().toISOString());
    return { secret, otpauthUri: totpOf(secret, label).toString() };
  }

  /**
   * Turns two-step sign-in on with the first code of the pending secret; returns the
   * recovery codes (shown once).
   */
  async confirm(userId: number, code: string, client: string): Promise<string[]> {
    const totp = await repo.findTotp(this.db.kysely, userId);
    if (!totp || totp.enabled_at)
      throw new AppError(409, 'CONFLICT', 'Start the set-up of two-step sign-in first');
    const now = this.clock();
    const ok = await this.spendThenCheck(userId, client, async () => {
      const step = this.matchingStep(totp.secret, code, now);
      return (
        step !== null && (await repo.claimTotpStep(this.db.kysely, userId, step, now.toISOString()))
      );
    });
    if (!ok) throw validationError({ code: TOTP_CODE_INCORRECT });
    return await this.regenerateRecoveryCodes(userId);
  }

  async disable(userId: number): Promise<void> {
    await this.db.kysely.transaction().execute((trx) => repo.deleteTotp(trx, userId));
  }

  /** New recovery codes (the old ones stop working); shown once, stored hashed. */
  async regenerateRecoveryCodes(userId: number): Promise<string[]> {
    if (!(await this.isEnabled(userId)))
      throw new AppError(409, 'CONFLICT', 'Two-step sign-in is off');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      this.db.kysely,
      userId,
      codes.map((c) => hashToken(normaliseRecoveryCode(c))),
      this.clock().toISOString(),
    );
    return codes;
  }

  /** A sign-in that passed the password and waits for the code: its token and end. */
  async challenge(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
    await repo.deleteExpiredChallenges(this.db.kysely, now.toISOString());
    await repo.insertChallenge(this.db.kysely, {
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return { token, expiresAt };
  }

  /**
   * Completes a sign-in challenge with a code or a recovery code; returns the user's id. 401
   * INVALID_CHALLENGE for an unknown or expired challenge; 400 on the code when it is wrong or
   * used; 429 past the budgets of wrong codes.
   */
  async complete(
    challengeToken: string,
    answer: { code?: string; recoveryCode?: string },
    client: string,
  ): Promise<number> {
    const id = hashToken(challengeToken);
    const now = this.clock();
    const challenge = await repo.findChallenge(this.db.kysely, id, now.toISOString());
    if (!challenge) throw new AppError(401, 'INVALID_CHALLENGE', INVALID_CHALLENGE);
    const userId = challenge.user_id;
    const ok = await this.verify(userId, answer, client);
    if (!ok)
      throw validationError(
        answer.code !== undefined
          ? { code: TOTP_CODE_INCORRECT }
          : { recoveryCode: RECOVERY_CODE_INCORRECT },
      );
    if (!(await repo.claimChallenge(this.db.kysely, id)))
      throw new AppError(401, 'INVALID_CHALLENGE', INVALID_CHALLENGE);
    return userId;
  }

  /** Checks a code or a recovery code of the account under the budgets of wrong codes. */
  async verify(
    userId: number,
    answer: { code?: string; recoveryCode?: string },
    client: string,
  ): Promise<boolean> {
    const totp = await repo.findTotp(this.db.kysely, userId);
    if (!totp?.enabled_at) return false;
    const now = this.clock();
    return await this.spendThenCheck(userId, client, async () => {
      if (answer.code !== undefined) {
        const step = this.matchingStep(totp.secret, answer.code, now);
        return step !== null && (await repo.claimTotpStep(this.db.kysely, userId, step));
      }
      if (answer.recoveryCode !== undefined)
        return await repo.useRecoveryCode(
          this.db.kysely,
          userId,
          hashToken(normaliseRecoveryCode(answer.recoveryCode)),
        );
      return false;
    });
  }

  /** The time step the code belongs to (within the drift allowed), or null. */
  private matchingStep(secret: string, code: string, now: Date): number | null {
    const timestamp = now.getTime();
    const delta = totpOf(secret, '').validate({ token: code, timestamp, window: DRIFT_STEPS });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / PERIOD_S) + delta;
  }

  /**
   * A point of each budget is spent before the code is checked (atomic in the database, so
   * parallel guesses get at most as many verdicts as the budget holds); a right code clears
   * the account and address pair's budget and gives the account's point back.
   */
  private async spendThenCheck(
    userId: number,
    client: string,
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    const pair = `${userId} ${client}`;
    await this.limiter.consumeAll([
      [SECOND_FACTOR_PAIR_LIMIT, pair],
      [SECOND_FACTOR_USER_LIMIT, String(userId)],
    ]);
    const ok = await check();
    if (ok) {
      await this.limiter.reset(SECOND_FACTOR_PAIR_LIMIT, pair);
      await this.limiter.reward(SECOND_FACTOR_USER_LIMIT, String(userId));
    }
    return ok;
  }
}
