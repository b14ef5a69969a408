import type { FastifyRequest } from 'fastify';
import { authOf } from './auth-hook';
import type { Clock } from './clock';
import { premiumRequired, twoFactorRequired } from './errors';
import { hasOwnPlan, type Seats } from './tiers';

/**
 * Tier gate for the routes on saved links, run as `preValidation` so that it comes before body
 * and query validation: a FREE user without a seat in a covered team always reads 403,
 * whatever the request holds (TWO_FACTOR_REQUIRED when a team that requires two-step sign-in
 * would seat them). A seated user goes on to the link's own rule (access module).
 */
export function premiumFirst(
  clock: Clock,
  seats: Seats,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const { user } = authOf(request);
    if (hasOwnPlan(user, clock())) return;
    const seat = await seats.seatOf(user);
    if (seat === 'seated') return;
    // A seat the team's two-step policy holds back: say what opens it, not "buy a plan".
    throw seat === 'blocked' ? twoFactorRequired() : premiumRequired();
  };
}
