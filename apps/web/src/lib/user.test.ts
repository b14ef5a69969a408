import { describe, expect, it } from 'vitest';
import { TIERS, displayName as contractDisplayName, isPremium } from '@mailtokit/contracts/user';
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
