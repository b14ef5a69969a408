import type { Tier } from '@mailtokit/contracts/user';
import { isPremium } from '@mailtokit/contracts/user';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/types';
import { authOf } from './auth-hook';
import type { Clock } from './clock';
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

/** Throws 403 'Premium subscription required' unless the user is PREMIUM or TEAM. */
export function requirePremium(user: UserRow, now: Date): void {
  if (!isPremium(tierOf(user, now))) throw premiumRequired();
}

/** Throws 403 'Team subscription required' unless the user is on the TEAM tier. */
export function requireTeamTier(user: UserRow, now: Date): void {
  if (tierOf(user, now) !== 'TEAM') throw teamRequired();
}

/**
 * Tier gate for premium routes, run as `preValidation` so that it comes before body and
 * query validation: a FREE user always reads 403, whatever the request holds.
 */
export function premiumFirst(clock: Clock): (request: FastifyRequest) => Promise<void> {
  return async (request) => requirePremium(authOf(request).user, clock());
}
