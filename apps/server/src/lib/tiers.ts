import type { Tier } from '@mailtokit/contracts/user';
import { isPremium } from '@mailtokit/contracts/user';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/types';
import { authOf } from './auth-hook';
import { premiumRequired, teamRequired } from './errors';

/** The tier in force: a subscription past its expiry date counts as FREE. */
export function tierOf(
  user: Pick<UserRow, 'subscription_tier' | 'subscription_expires_at'>,
  now = new Date(),
): Tier {
  const expires = user.subscription_expires_at;
  if (expires && expires <= now.toISOString()) return 'FREE';
  return user.subscription_tier;
}

/** Throws 403 'Premium subscription required' unless the user is PREMIUM or TEAM. */
export function requirePremium(user: UserRow): void {
  if (!isPremium(tierOf(user))) throw premiumRequired();
}

/** Throws 403 'Team subscription required' unless the user is on the TEAM tier. */
export function requireTeamTier(user: UserRow): void {
  if (tierOf(user) !== 'TEAM') throw teamRequired();
}

/**
 * Tier gate for premium routes, run as `preValidation` so that it comes before body and
 * query validation: a FREE user always reads 403, whatever the request holds.
 */
export async function premiumFirst(request: FastifyRequest): Promise<void> {
  requirePremium(authOf(request).user);
}
