import { randomBytes } from 'node:crypto';
import { TRACKING_SLUG_LENGTH } from '@mailtokit/contracts/tracking';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 4 * 62: bytes at or above it are skipped, so every character is equally likely. */
const UNBIASED_LIMIT = 248;

/**
 * A new random slug: TRACKING_SLUG_LENGTH base62 characters from the CSPRNG, about 71 bits
 * (12 * log2(62)), so tracking URLs cannot be guessed or enumerated.
 */
export function newSlug(): string {
  let slug = '';
  while (slug.length < TRACKING_SLUG_LENGTH) {
    for (const byte of randomBytes(TRACKING_SLUG_LENGTH + 4)) {
      if (byte >= UNBIASED_LIMIT) continue;
      slug += ALPHABET[byte % ALPHABET.length];
      if (slug.length === TRACKING_SLUG_LENGTH) break;
    }
  }
  return slug;
}

/** What a slug in a URL may look like; anything else is a 404 without a database query. */
export const SLUG_PATTERN = /^[A-Za-z0-9]{1,32}$/;
