import type { Tier } from '@mailtokit/contracts/user';

/**
 * The client's feature list: every feature sits at the FREE level
 * and is enabled, so the client gates nothing itself — the server enforces plans and answers
 * 'Premium subscription required' when a plan is missing.
 */
export const FEATURE_IDS = [
  'BASIC_MAILTO',
  'USER_PROFILE',
  'USER_SETTINGS',
  'LINK_MANAGEMENT',
  'LINK_ANALYTICS',
  'LINK_TRACKING',
  'TEAM_MANAGEMENT',
  'TEAM_SHARING',
  'TEAM_ANALYTICS',
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export interface Feature {
  id: FeatureId;
  name: string;
  description: string;
  planLevel: Tier;
  enabled: boolean;
}

const feature = (id: FeatureId, name: string, description: string): Feature => ({
  id,
  name,
  description,
  planLevel: 'FREE',
  enabled: true,
});

export const FEATURES: readonly Feature[] = [
  feature('BASIC_MAILTO', 'Mailto generator', 'Build correctly encoded mailto links'),
  feature('USER_PROFILE', 'Profile', 'Manage your name and e-mail'),
  feature('USER_SETTINGS', 'Settings', 'Preferences and password'),
  feature('LINK_MANAGEMENT', 'Saved links', 'Save, edit and delete links'),
  feature('LINK_ANALYTICS', 'Link analytics', 'Clicks, visitors, referrers and devices'),
  feature('LINK_TRACKING', 'Tracking links', 'Short links that count clicks'),
  feature('TEAM_MANAGEMENT', 'Teams', 'Create teams and manage members'),
  feature('TEAM_SHARING', 'Team sharing', 'Share saved links with a team'),
  feature('TEAM_ANALYTICS', 'Team analytics', 'Analytics across a team’s links'),
];

const TIER_RANK: Record<Tier, number> = { FREE: 0, PREMIUM: 1, TEAM: 2 };

/** A feature is accessible if it exists, is enabled, and the tier reaches its plan level. */
export function hasFeature(tier: Tier, id: FeatureId): boolean {
  const f = FEATURES.find((x) => x.id === id);
  return !!f && f.enabled && TIER_RANK[tier] >= TIER_RANK[f.planLevel];
}
