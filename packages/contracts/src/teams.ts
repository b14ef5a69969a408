import { z } from './zod';
import { dateTime, emailAddress, multiLineText, nameText, text, url } from './fields';
import { MESSAGES } from './messages';
import { currentPasswordField } from './auth';

export const TEAM_NAME_MAX = 100;
export const TEAM_DESCRIPTION_MAX = 500;
/** Most members one team may have. */
export const TEAM_MEMBERS_MAX = 200;
/** Most teams one user may own. */
export const TEAMS_OWNED_MAX = 50;
/** Most teams one user may belong to (owned ones included): bounds the teams list. */
export const TEAM_MEMBERSHIPS_MAX = 200;

export const TEAM_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export const TeamRole = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof TeamRole>;

/** The team messages, the validation and refusal texts the screens show. */
export const TEAM_MESSAGES = {
  nameRequired: 'Team name is required',
  usernameRequired: 'Username is required',
  roleRequired: 'Role is required',
  deleteConfirm: 'Are you sure you want to delete this team? This action cannot be undone.',
  noDescription: 'No description provided',
  notFound: 'Team not found',
  memberNotFound: 'Member not found',
  userNotFound: (username: string) => `No user named '${username}'`,
  alreadyMember: 'This user is already a member of the team',
  ownerOnly: 'Only the team owner can do this',
  cannotRemoveOwner: 'The team owner cannot be removed',
  cannotChangeOwner: "The team owner's role cannot be changed",
  adminsCannotRemoveAdmins: 'Admins can only remove members',
  membersReadOnly: 'Members cannot manage the team',
  tooManyMembers: `A team can have at most ${TEAM_MEMBERS_MAX} members`,
  tooManyTeams: `You can own at most ${TEAMS_OWNED_MAX} teams`,
  tooManyMemberships: `You can belong to at most ${TEAM_MEMBERSHIPS_MAX} teams`,
  userInTooManyTeams: (username: string) =>
    `${username} already belongs to ${TEAM_MEMBERSHIPS_MAX} teams`,
  userOwnsTooManyTeams: (username: string) => `${username} already owns ${TEAMS_OWNED_MAX} teams`,
} as const;

/**
 * What a team's plan gives its members (seats), as the team page, the invite dialog and the
 * pricing page say it.
 */
export const TEAM_SEAT_MESSAGES = {
  inviteeGets:
    "While the owner has the Team plan, the invitee reads the team's shared links, their tracking links and analytics, whatever their own plan. Admins also edit those links and create tracking links. Their own private links still need Premium.",
  planEndedTitle: "This team's plan has ended",
  planEnded:
    "The owner's Team plan has ended. The team's links are kept and their tracking links keep redirecting. Members without Premium of their own see the links again when the owner renews.",
  planEndedOwner:
    "Your Team plan has ended. The team's links are kept and their tracking links keep redirecting; members without Premium of their own see them again when you renew.",
} as const;

/**
 * A role as the client sends it: lowercase (`member`, `admin`, `owner`, as older clients
 * send it) or uppercase (the data model); both are accepted.
 */
export const RoleInput = text(TEAM_MESSAGES.roleRequired)
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.roleRequired }));

export const CreateTeamBody = z
  .object({
    name: nameText(TEAM_MESSAGES.nameRequired)
      .min(1, TEAM_MESSAGES.nameRequired)
      .max(TEAM_NAME_MAX, MESSAGES.tooLong(TEAM_NAME_MAX)),
    description: multiLineText()
      .max(TEAM_DESCRIPTION_MAX, MESSAGES.tooLong(TEAM_DESCRIPTION_MAX))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'CreateTeamBody' });
export type CreateTeamBody = z.input<typeof CreateTeamBody>;

export const AddMemberBody = z
  .object({
    username: nameText(TEAM_MESSAGES.usernameRequired)
      .min(1, TEAM_MESSAGES.usernameRequired)
      .max(64, MESSAGES.tooLong(64)),
    role: RoleInput.default('MEMBER'),
  })
  .meta({ id: 'AddMemberBody' });
export type AddMemberBody = z.input<typeof AddMemberBody>;

/** `PATCH /api/v1/teams/{id}` (owner only): the team's policies. */
export const UpdateTeamBody = z
  .object({ requireTwoFactor: z.boolean() })
  .meta({ id: 'UpdateTeamBody' });
export type UpdateTeamBody = z.input<typeof UpdateTeamBody>;

/** `currentPassword`: needed under a session when `role` is OWNER (a transfer of ownership). */
export const UpdateMemberBody = z
  .object({ role: RoleInput, currentPassword: currentPasswordField() })
  .meta({ id: 'UpdateMemberBody' });
export type UpdateMemberBody = z.input<typeof UpdateMemberBody>;

export const MemberUser = z.object({
  username: z.string(),
  // The member's name as teammates see it (the header and the members list show it).
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: emailAddress().nullable(),
  profileImageUrl: url().nullable(),
});

export const TeamMember = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    userId: z.number().int(),
    role: TeamRole,
    createdAt: dateTime(),
    updatedAt: dateTime(),
    user: MemberUser,
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

/** A team's members: the owner first, then admins, then members, each oldest first. */
export const TeamMemberList = z.array(TeamMember).meta({ id: 'TeamMemberList' });
export type TeamMemberList = z.infer<typeof TeamMemberList>;

/**
 * A team as every team endpoint returns it. The snake_case `owner_id` and `created_at` mirror
 * `ownerId` and `createdAt` for older clients (docs/product.md, API compatibility).
 */
export const Team = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    ownerId: z.number().int(),
    owner_id: z.number().int(),
    owner: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    createdAt: dateTime(),
    created_at: dateTime(),
    updatedAt: dateTime(),
    /** The caller: their user id and role in this team. */
    currentUserId: z.number().int(),
    currentUserRole: TeamRole,
    /**
     * Whether the team's plan covers its members: its owner holds the TEAM plan. While it
     * does, every member reads (and by role edits) the team's shared links whatever their own
     * plan; once it ends, the links stay stored and their tracking links keep redirecting, and
     * only members with a plan of their own still reach them.
     */
    planActive: z.boolean(),
    /**
     * The owner requires two-step sign-in of every member: a member without it keeps the
     * membership but gets 403 TWO_FACTOR_REQUIRED on the team's links until they turn it on.
     */
    requireTwoFactor: z.boolean(),
    memberCount: z.number().int(),
    members: z.array(TeamMember),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof Team>;

export const TeamList = z.array(Team).meta({ id: 'TeamList' });
export type TeamList = z.infer<typeof TeamList>;

/** What a role may do; the server enforces it, the UI mirrors it. */
export function teamPermissions(role: TeamRole) {
  return {
    canDeleteTeam: role === 'OWNER',
    canAddMembers: role === 'OWNER' || role === 'ADMIN',
    /** Roles this role may grant when adding or changing a member. */
    grantableRoles: (role === 'OWNER'
      ? ['OWNER', 'ADMIN', 'MEMBER']
      : role === 'ADMIN'
        ? ['ADMIN', 'MEMBER']
        : []) as TeamRole[],
    canChangeRoles: role === 'OWNER',
    /** Whether this role may remove another member holding `target`. */
    canRemove: (target: TeamRole) =>
      target !== 'OWNER' && (role === 'OWNER' || (role === 'ADMIN' && target === 'MEMBER')),
    /** Anyone but the owner may leave (remove themselves); the owner transfers or deletes. */
    canLeave: role !== 'OWNER',
    canManageSharedLinks: role === 'OWNER' || role === 'ADMIN',
    /** Reads the team's audit log (and downloads it as CSV). */
    canReadAudit: role === 'OWNER' || role === 'ADMIN',
  };
}
