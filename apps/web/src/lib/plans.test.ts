import { describe, expect, it } from 'vitest';
import { planEndLabel, planNeedsAttention } from './plans';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe('the plan card on the dashboard', () => {
  it('shows for a FREE account', () => {
    expect(planNeedsAttention({ subscriptionTier: 'FREE', subscriptionExpiresAt: null }, NOW)).toBe(
      true,
    );
  });

  it('stays in Settings for a paid plan without an end, or ending in more than 14 days', () => {
    expect(
      planNeedsAttention({ subscriptionTier: 'PREMIUM', subscriptionExpiresAt: null }, NOW),
    ).toBe(false);
    expect(
      planNeedsAttention({ subscriptionTier: 'TEAM', subscriptionExpiresAt: inDays(15) }, NOW),
    ).toBe(false);
  });

  it('shows for a paid plan ending within 14 days', () => {
    expect(
      planNeedsAttention({ subscriptionTier: 'PREMIUM', subscriptionExpiresAt: inDays(14) }, NOW),
    ).toBe(true);
    expect(
      planNeedsAttention({ subscriptionTier: 'TEAM', subscriptionExpiresAt: inDays(1) }, NOW),
    ).toBe(true);
  });

  it('says when a plan ends', () => {
    expect(planEndLabel(null)).toBeNull();
    expect(planEndLabel('not a date')).toBeNull();
    expect(planEndLabel('2026-12-05T12:00:00.000Z')).toBe('Ends on Dec 5, 2026');
  });
});
