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

/** The parts of a user that name them (the signed-in user, or a teammate). */
export type NamedUser = Pick<User, 'username'> & Partial<Pick<User, 'firstName' | 'lastName'>>;

/** First and last name, else the username: how people are shown in lists and the profile. */
export function fullName(user: NamedUser): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}

const firstLetter = (text: string | null | undefined) => [...(text?.trim() ?? '')][0] ?? '';

/** Avatar initials, the same everywhere: of the first and last name, else of the username. */
export function initials(user: NamedUser): string {
  const named = firstLetter(user.firstName) + firstLetter(user.lastName);
  return (named || firstLetter(user.username) || '?').toUpperCase();
}
