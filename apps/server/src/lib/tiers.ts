import type { Tier } from '@mailtokit/contracts/user';
import { isPremium } from '@mailtokit/contracts/user';
import type { UserRow } from '../db/types';
import { premiumRequired, teamRequired } from './errors';

/** The tier in force at `now` (the app clock): a subscription past its end counts as FREE. */
export function tierOf(
  user: Pick<UserRow, 'subscription_tier' | 'subscription_expires_at'>,
  now: Date,
): Tier {
  const expires = user.subscription_expires_at;
  if (expires && expires <= now.toISOString()) return 'FREE';
  return user.subscription_tier;
}

/** Whether the user's own plan (PREMIUM or TEAM, in force at `now`) includes saved links. */
export function hasOwnPlan(
  user: Pick<UserRow, 'subscription_tier' | 'subscription_expires_at'>,
  now: Date,
): boolean {
  return isPremium(tierOf(user, now));
}

/**
 * Whether a team's plan covers its members (its seats): the team's owner holds the TEAM tier
 * in force at `now`. A covered team's members read, and by role edit, its shared links
 * whatever their own plan; once the owner's TEAM plan ends, the team's plan has ended.
 */
export function teamPlanCovers(
  owner: Pick<UserRow, 'subscription_tier' | 'subscription_expires_at'>,
  now: Date,
): boolean {
  return tierOf(owner, now) === 'TEAM';
}

/** Whether a user holds a seat in at least one team whose plan covers its members. */
export interface Seats {
  /**
   * `seated`: a team whose plan covers its members seats the user; `blocked`: one would, but its
   * two-step policy holds them back; `none`: no covered team.
   */
  seatOf(user: Pick<UserRow, 'id'>): Promise<'seated' | 'blocked' | 'none'>;
}

/** Throws 403 'Premium subscription required' unless the user is PREMIUM or TEAM. */
export function requirePremium(user: UserRow, now: Date): void {
  if (!isPremium(tierOf(user, now))) throw premiumRequired();
}

/** Throws 403 'Team subscription required' unless the user is on the TEAM tier. */
export function requireTeamTier(user: UserRow, now: Date): void {
  if (tierOf(user, now) !== 'TEAM') throw teamRequired();
}
