import type { Team } from '@mailtokit/contracts/teams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishAuth } from '@/lib/auth/auth-store';
import { InvitationPage } from './invitation-page';
import { TeamSharedLinks } from './team-shared-links';
import { TeamTwoFactorPolicy } from './team-two-factor';
import { json, renderWithProviders } from '@/test/render';

const TWO_FACTOR_REQUIRED = {
  detail:
    "This team requires two-step sign-in. Turn it on in Settings > Security to open the team's links.",
  code: 'TWO_FACTOR_REQUIRED',
};

function team(overrides: Partial<Team> = {}): Team {
  const at = '2026-11-01T00:00:00.000Z';
  return {
    id: 4,
    name: 'Vault',
    description: null,
    ownerId: 1,
    owner_id: 1,
    owner: { id: 1, username: 'olga' },
    createdAt: at,
    created_at: at,
    updatedAt: at,
    currentUserId: 1,
    currentUserRole: 'OWNER',
    planActive: true,
    requireTwoFactor: false,
    memberCount: 1,
    members: [],
    ...overrides,
  };
}

afterEach(() => publishAuth({ user: null, isLoading: false }));

describe("a team's two-step sign-in policy", () => {
  it('a member without two-step sign-in is told why the links do not open, with the way to Settings > Security', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(TWO_FACTOR_REQUIRED, 403)),
    );
    renderWithProviders(<TeamSharedLinks teamId={4} planActive />);
    const note = await screen.findByTestId('team-two-factor-required');
    expect(note.textContent).toContain('This team requires two-step sign-in');
    expect(
      within(note).getByRole('link', { name: 'Settings > Security' }).getAttribute('href'),
    ).toBe('/dashboard/settings?tab=security');
    // Not the generic failure with its retry.
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });

  it("the owner's switch sends the policy at once", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { requireTwoFactor: boolean };
        bodies.push(body);
        return json(team(body));
      }),
    );
    renderWithProviders(<TeamTwoFactorPolicy team={team()} />);
    const toggle = screen.getByRole('switch', { name: 'Require two-step sign-in of members' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.setup({ delay: null }).click(toggle);
    await waitFor(() => expect(bodies).toEqual([{ requireTwoFactor: true }]));
  });

  it('members see the policy without a switch; with none, nothing is shown to them', () => {
    const member = { currentUserId: 2, currentUserRole: 'MEMBER' as const };
    const { unmount } = renderWithProviders(
      <TeamTwoFactorPolicy team={team({ ...member, requireTwoFactor: true })} />,
    );
    expect(screen.getByText(/requires two-step sign-in of every member/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    unmount();
    renderWithProviders(<TeamTwoFactorPolicy team={team(member)} />);
    expect(screen.queryByRole('heading', { name: 'Two-step sign-in' })).toBeNull();
  });

  it('the invitation page says so before anyone accepts', async () => {
    publishAuth({ user: null, isLoading: false });
    const preview = (requiresTwoFactor: boolean) =>
      json({
        teamName: 'Vault',
        role: 'MEMBER',
        invitedBy: { username: 'olga', displayName: 'Olga' },
        expiresAt: '2026-12-06T00:00:00.000Z',
        requiresTwoFactor,
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => preview(true)),
    );
    const { unmount } = renderWithProviders(<InvitationPage token="a-token" />);
    expect((await screen.findByTestId('team-two-factor-required')).textContent).toContain(
      'This team requires two-step sign-in',
    );
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => preview(false)),
    );
    renderWithProviders(<InvitationPage token="another-token" />);
    await screen.findByRole('heading', { name: 'Join Vault' });
    expect(screen.queryByTestId('team-two-factor-required')).toBeNull();
  });
});
