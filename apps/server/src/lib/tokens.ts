import { TOKEN_PREFIX } from '@mailtokit/contracts/tokens';
import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its sha256 in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Personal API tokens start with a prefix that session tokens never have. */
export function isApiToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX);
}
