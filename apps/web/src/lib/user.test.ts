import { describe, expect, it } from 'vitest';
import { TIERS, displayName as contractDisplayName, isPremium } from '@mailtokit/contracts/user';
import { displayName, fullName, initials, isPremiumTier } from './user';

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

describe('fullName and initials', () => {
  it.each([
    [{ username: 'ada_l', firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace', 'AL'],
    [{ username: 'ada_l', firstName: ' Ada ', lastName: null }, 'Ada', 'A'],
    [{ username: 'ada_l', firstName: null, lastName: 'Lovelace' }, 'Lovelace', 'L'],
    [{ username: 'ada_l', firstName: '', lastName: '  ' }, 'ada_l', 'A'],
    [{ username: 'zoë', firstName: 'élodie', lastName: '😀x' }, 'élodie 😀x', 'É😀'],
  ])('%j is %s (%s)', (user, name, letters) => {
    expect(fullName(user)).toBe(name);
    expect(initials(user)).toBe(letters);
  });
});
