import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import * as repo from './repo';

/** The cookie of a browser that signed in to an account before. */
export const DEVICE_COOKIE = 'mailtokit_device';
/** Sent to the sign-in endpoints only. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth';
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60_000;
const SECRET_NAME = 'device-cookie';
const VERSION = 'v1';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * Device cookies (OWASP's defence against distributed guessing): a browser that signed in to an
 * account successfully gets a cookie naming the account, a random device id and the time,
 * signed with a key every instance shares (`server_secrets`). Such a browser is spared the
 * account-wide ceiling of failed sign-ins, which strangers' guesses fill; it has a budget of
 * failures of its own instead. Nothing is stored per device: the signature is the proof.
 */
export class DeviceCookies {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A new cookie value for a browser that has just signed in to `account` (lower-case name). */
  async issue(account: string): Promise<string> {
    const body = [
      VERSION,
      b64url(account),
      randomBytes(16).toString('base64url'),
      Math.floor(this.clock().getTime() / 1000),
    ].join('.');
    return `${body}.${await this.sign(body)}`;
  }

  /**
   * The device id of a cookie signed by this service for `account` and not older than its
   * lifetime; null for anything else (no cookie, another account's, forged, expired).
   */
  async deviceOf(value: string | undefined, account: string): Promise<string | null> {
    if (!value || value.length > 300) return null;
    const parts = value.split('.');
    if (parts.length !== 5) return null;
    const [version, who, device, issued, signature] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (version !== VERSION || who !== b64url(account) || !/^\d{1,12}$/.test(issued)) return null;
    const age = this.clock().getTime() - Number(issued) * 1000;
    if (age < -60_000 || age > DEVICE_COOKIE_TTL_MS) return null;
    const expected = Buffer.from(await this.sign(parts.slice(0, 4).join('.')));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
  }

  private async sign(body: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(body)
      .digest('base64url');
  }

  /** The shared key: made by the first instance that needs it, read by the others. */
  private secret(): Promise<Buffer> {
    this.key ??= repo
      .ensureServerSecret(
        this.db.kysely,
        SECRET_NAME,
        randomBytes(32).toString('base64'),
        this.clock().toISOString(),
      )
      .then((s) => Buffer.from(s, 'base64'))
      .catch((err: unknown) => {
        this.key = null;
        throw err;
      });
    return this.key;
  }
}
