import type { Tier } from '@mailtokit/contracts/user';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishAuth } from '@/lib/auth/auth-store';
import { json, renderWithProviders } from '@/test/render';
import { TeamsTab } from './teams-tab';

const AT = '2026-11-01T00:00:00.000Z';

function signedInAs(subscriptionTier: Tier) {
  publishAuth({
    user: {
      id: 1,
      username: 'olga',
      email: 'olga@example.com',
      firstName: 'Olga',
      lastName: null,
      subscriptionTier,
      subscriptionExpiresAt: null,
      createdAt: AT,
      updatedAt: AT,
    },
    isLoading: false,
  });
  // No teams and no invitations.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json([])),
  );
}

afterEach(() => publishAuth({ user: null, isLoading: false }));

describe('teams tab: Create team', () => {
  it.each(['FREE', 'PREMIUM'] as const)(
    'shows the Team plan badge to a %s user, who needs to upgrade',
    async (tier) => {
      signedInAs(tier);
      renderWithProviders(<TeamsTab />);
      expect(await screen.findByRole('button', { name: 'Create team Team plan' })).toBeTruthy();
      expect(
        await screen.findByRole('button', { name: 'Create your first team Team plan' }),
      ).toBeTruthy();
    },
  );

  it('shows no Team plan badge to a user who has the TEAM plan', async () => {
    signedInAs('TEAM');
    renderWithProviders(<TeamsTab />);
    expect(await screen.findByRole('button', { name: 'Create your first team' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create team' })).toBeTruthy();
    expect(screen.queryByText('Team plan')).toBeNull();
  });
});
