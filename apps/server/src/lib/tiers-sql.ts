import { PREMIUM_TIERS } from '@mailtokit/contracts/user';

/**
 * The tier rule of `tiers.ts` (`tierOf`, `requirePremium`) as SQL, for statements that decide
 * per row and cannot call it (the click batch choosing which webhooks a click notifies). Two
 * parts, because a statement checks them against different things: the tier of a user row, and
 * whether the plan is still in force at the time that matters (a click's time, not now).
 * Both give the same answer as `isPremium(tierOf(user, at))`; lib/tiers-sql.test.ts checks it.
 */

/** The premium tiers as an SQL list (constants from the contracts, never user input). */
const PREMIUM_TIERS_SQL = PREMIUM_TIERS.map((t) => `'${t}'`).join(', ');

/** SQL: the user row `user` (an alias) is on a tier whose plan includes premium features. */
export function premiumTierSql(user: string): string {
  return `${user}.subscription_tier in (${PREMIUM_TIERS_SQL})`;
}

/**
 * SQL: a plan ending at `planEnds` (null: it does not end) is in force at `at`; both are ISO
 * date-times, compared as text as `tierOf` compares them.
 */
export function planInForceSql(planEnds: string, at: string): string {
  return `(${planEnds} is null or ${planEnds} > ${at})`;
}
