import { describe, expect, it } from 'vitest';
import { TIERS, displayName as contractDisplayName, isPremium } from '@mailtokit/contracts/user';
import { FEATURES, hasFeature } from './features';
import { displayName, isPremiumTier } from './user';

describe('lib/user mirrors @mailtokit/contracts/user', () => {
  it('isPremiumTier', () => {
    for (const tier of TIERS) expect(isPremiumTier(tier)).toBe(isPremium(tier));
  });

  it('displayName', () => {
    for (const firstName of [null, '', '  ', 'Ada', ' Grace '])
      expect(displayName({ firstName, username: 'user1' })).toBe(
        contractDisplayName({ firstName, username: 'user1' }),
      );
  });
});

describe('feature list', () => {
  it('every feature is FREE and enabled, so every tier has every feature', () => {
    expect(FEATURES).toHaveLength(9);
    for (const f of FEATURES) {
      expect(f).toMatchObject({ planLevel: 'FREE', enabled: true });
      for (const tier of TIERS) expect(hasFeature(tier, f.id)).toBe(true);
    }
  });
});
