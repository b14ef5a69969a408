import { LINKS_PER_USER_MAX } from '@mailtokit/contracts/caps';
import { TRACKING_LINKS_PER_LINK_MAX } from '@mailtokit/contracts/tracking-messages';
import type { Tier } from '@mailtokit/contracts/user';

/**
 * Caps the server enforces, as packages/contracts defines them (teams.ts, webhooks.ts,
 * tokens.ts). Copied because those modules build zod schemas when loaded, which the pricing
 * page does not need; plan-comparison.test.ts keeps the copies equal.
 */
export const PLAN_CAPS = {
  teamsOwned: 50,
  teamMembers: 200,
  webhooks: 20,
  tokens: 50,
} as const;

/** A cell of the comparison: included (with a detail), or not (false). */
export type PlanCell = string | true | false;

export interface PlanRow {
  feature: string;
  cells: Record<Tier, PlanCell>;
}

const n = (value: number) => value.toLocaleString('en');

/** What each plan allows, feature by feature, as the server enforces it. */
export const PLAN_COMPARISON: readonly PlanRow[] = [
  {
    feature: 'Mailto generator, QR codes, import',
    cells: { FREE: true, PREMIUM: true, TEAM: true },
  },
  {
    feature: 'Saved links',
    cells: {
      FREE: false,
      PREMIUM: `Up to ${n(LINKS_PER_USER_MAX)}`,
      TEAM: `Up to ${n(LINKS_PER_USER_MAX)}`,
    },
  },
  {
    feature: 'Tracking links',
    cells: {
      FREE: false,
      PREMIUM: `${TRACKING_LINKS_PER_LINK_MAX} per link`,
      TEAM: `${TRACKING_LINKS_PER_LINK_MAX} per link`,
    },
  },
  {
    feature: 'Click analytics and CSV export',
    cells: { FREE: false, PREMIUM: true, TEAM: 'Also for shared links' },
  },
  {
    feature: 'Webhooks on clicks',
    cells: {
      FREE: false,
      PREMIUM: `Up to ${PLAN_CAPS.webhooks}`,
      TEAM: `Up to ${PLAN_CAPS.webhooks}`,
    },
  },
  {
    feature: 'API tokens',
    cells: {
      FREE: `Up to ${PLAN_CAPS.tokens}, for what your plan allows`,
      PREMIUM: `Up to ${PLAN_CAPS.tokens}`,
      TEAM: `Up to ${PLAN_CAPS.tokens}`,
    },
  },
  {
    feature: 'Join teams you are invited to',
    cells: { FREE: true, PREMIUM: true, TEAM: true },
  },
  {
    feature: "A Team owner's team: its shared links, tracking links and analytics",
    cells: {
      FREE: 'Included by the owner’s plan (admins edit)',
      PREMIUM: 'Included by the owner’s plan (admins edit)',
      TEAM: 'Included for all members',
    },
  },
  {
    feature: 'Team audit log (who changed what) and its CSV',
    cells: { FREE: 'As a team admin', PREMIUM: 'As a team admin', TEAM: true },
  },
  {
    feature: 'Create teams and share links with them',
    cells: {
      FREE: false,
      PREMIUM: false,
      TEAM: `Up to ${PLAN_CAPS.teamsOwned} teams of ${PLAN_CAPS.teamMembers} people`,
    },
  },
];
