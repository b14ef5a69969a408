import type { Tier, User } from '@mailtokit/contracts/user';

/*
 * Same rules as isPremium()/displayName() in @mailtokit/contracts/user. That module builds zod
 * schemas at load time; importing it from the app shell would put zod (~30 kB gzipped) in the
 * landing page's bundle, so the shell uses these copies and only lazy pages load zod.
 */

/** premium = PREMIUM or TEAM. */
export function isPremiumTier(tier: Tier): boolean {
  return tier === 'PREMIUM' || tier === 'TEAM';
}

/** First name, else username. */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  const first = user.firstName?.trim();
  return first ? first : user.username;
}
