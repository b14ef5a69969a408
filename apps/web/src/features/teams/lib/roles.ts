import type { TeamRole } from '@mailtokit/contracts/teams';

/** The screens' lowercase role words and their labels. */
export const ROLE_LABELS: Record<TeamRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
};

/** What each role may do, in a few words (Invite member dialog). */
export const ROLE_HINTS: Record<TeamRole, string> = {
  OWNER: 'Transfers ownership: you become an admin.',
  ADMIN: 'Invites people and removes members.',
  MEMBER: 'Sees the team and its shared links.',
};

export const toRoleValue = (role: TeamRole) => role.toLowerCase() as Lowercase<TeamRole>;

export function formatDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export const memberCountLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;
