import type { Team, TeamMember, TeamRole } from '@mailtokit/contracts/teams';
import type { TeamRow } from '../../db/types';
import type { MemberWithUser } from './repo';

const ROLE_ORDER: Record<TeamRole, number> = { OWNER: 0, ADMIN: 1, MEMBER: 2 };

/** The owner first, then admins, then members; each group oldest first. */
export function byRole(a: MemberWithUser, b: MemberWithUser): number {
  return (
    ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
    a.created_at.localeCompare(b.created_at) ||
    a.id - b.id
  );
}

/** The API shape of a membership, with the member's public user fields nested. */
export function toTeamMember(row: MemberWithUser): TeamMember {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    role: row.role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Profile images are not stored; the field stays (always null) for older clients.
    user: {
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      profileImageUrl: null,
    },
  };
}

/**
 * The API shape of a team as `viewer` sees it: camelCase plus the snake_case `owner_id` and
 * `created_at` older clients read (docs/product.md), the owner's username, the viewer's own
 * role, and whether the owner's plan covers the members (`planActive`, read by the caller).
 */
export function toTeam(
  team: TeamRow,
  members: MemberWithUser[],
  viewer: { userId: number; role: TeamRole; planActive: boolean },
): Team {
  const sorted = [...members].sort(byRole);
  const owner = sorted.find((m) => m.user_id === team.owner_id);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    ownerId: team.owner_id,
    owner_id: team.owner_id,
    owner: owner ? { id: owner.user_id, username: owner.username } : null,
    createdAt: team.created_at,
    created_at: team.created_at,
    updatedAt: team.updated_at,
    currentUserId: viewer.userId,
    currentUserRole: viewer.role,
    planActive: viewer.planActive,
    requireTwoFactor: team.require_two_factor === 1,
    memberCount: sorted.length,
    members: sorted.map(toTeamMember),
  };
}
