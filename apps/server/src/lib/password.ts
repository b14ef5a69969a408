import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** scrypt's cost of a new hash as log2 N: N = 2^15 (32 MiB, tens of milliseconds a hash). */
export const PASSWORD_COST = 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * scrypt (N=2^cost, r=8, p=1), stored as `scrypt$N$r$p$salt$hash` (base64). A stored hash
 * names its own cost, so a hash made at another cost still verifies.
 */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash. False on any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    ...cost,
    maxmem: 128 * cost.N * cost.r * 2,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummies = new Map<number, Promise<string>>();

/**
 * A valid hash of a random password at `cost`, made once per process: checking a password
 * against it costs as much as checking a real one of that cost.
 */
export function dummyHash(cost = PASSWORD_COST): Promise<string> {
  let hash = dummies.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummies.set(cost, hash);
  }
  return hash;
}
