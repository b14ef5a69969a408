import { LINKS_PER_USER_MAX } from '@mailtokit/contracts/caps';
import { TRACKING_LINKS_PER_LINK_MAX } from '@mailtokit/contracts/tracking-messages';
import type { Tier } from '@mailtokit/contracts/user';

export interface Plan {
  tier: Tier;
  name: string;
  tagline: string;
  /** How one gets the plan (there is no payment: the instance administrator assigns tiers). */
  availability: string;
  /** What the plan unlocks, in order. */
  features: string[];
  /** Plan this one builds on ("Everything in …"). */
  includes?: string;
}

/** What each tier unlocks (tiers are assigned by the instance administrator). */
export const PLANS: readonly Plan[] = [
  {
    tier: 'FREE',
    name: 'Free',
    tagline: 'Everything you need to build correct mailto links.',
    availability: 'Free for everyone',
    features: [
      'Mailto link generator with RFC 6068 encoding',
      'QR code for every link',
      'Import and fix an existing mailto link',
      'Copy, open and share links',
      'Your own account, profile and settings',
    ],
  },
  {
    tier: 'PREMIUM',
    name: 'Premium',
    tagline: 'Keep your links and learn how they perform.',
    availability: 'Assigned by your administrator',
    includes: 'Free',
    features: [
      `Up to ${LINKS_PER_USER_MAX.toLocaleString('en')} saved links you can edit and reuse`,
      `Tracking links that count every click (up to ${TRACKING_LINKS_PER_LINK_MAX} per link)`,
      'Analytics: clicks, unique visitors, referrers, browsers and devices',
      'CSV export of your analytics',
    ],
  },
  {
    tier: 'TEAM',
    name: 'Team',
    tagline: 'Share links and results with the people you work with.',
    availability: 'Assigned by your administrator',
    includes: 'Premium',
    features: [
      'Teams with owner, admin and member roles',
      'Links shared with a team',
      "Covers your team: members on any plan, Free included, read the team's links, tracking links and analytics; admins edit them",
      'Team analytics across shared links',
      'An audit log of who changed what, with CSV download',
    ],
  },
];

export function planOf(tier: Tier): Plan {
  return PLANS.find((p) => p.tier === tier) ?? (PLANS[0] as Plan);
}

/** A paid plan ending within this many days is shown on the dashboard. */
export const PLAN_ENDING_SOON_DAYS = 14;

/**
 * Whether the dashboard shows the plan card: to a FREE account (what Premium adds), or when a
 * paid plan ends within PLAN_ENDING_SOON_DAYS. Otherwise the plan lives in Settings.
 */
export function planNeedsAttention(
  user: { subscriptionTier: Tier; subscriptionExpiresAt: string | null },
  now: Date = new Date(),
): boolean {
  if (user.subscriptionTier === 'FREE') return true;
  if (user.subscriptionExpiresAt === null) return false;
  const end = Date.parse(user.subscriptionExpiresAt);
  return Number.isFinite(end) && end - now.getTime() <= PLAN_ENDING_SOON_DAYS * 86_400_000;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Ends on Dec 5, 2026' (local date), or null when the plan has no end. */
export function planEndLabel(expiresAt: string | null): string | null {
  const date = expiresAt ? new Date(expiresAt) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return `Ends on ${MONTHS[date.getMonth()] ?? ''} ${date.getDate()}, ${date.getFullYear()}`;
}
