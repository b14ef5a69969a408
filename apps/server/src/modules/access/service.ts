import { teamPermissions, type TeamRole } from '@mailtokit/contracts/teams';
import type { Conn, Db } from '../../db/database';
import type { LinkRow, UserRow } from '../../db/types';
import * as repo from './repo';

export {
  linkVisibleTo,
  linkVisibleToSql,
  ownedBy,
  sharedWithTeamOf,
  type Viewer,
} from './visibility';

/**
 * Who may see and change a saved link. Two forms of one rule, kept side by side:
 * - `accessFor` (pure): what one user may do with one loaded link, from their memberships;
 * - `linkVisibleTo` / `linkVisibleToSql` (visibility.ts): the same "may see" inside a query,
 *   as a Kysely expression or as SQL text for a statement written by hand.
 * Memberships are read fresh on every request (never cached), so leaving a team takes effect
 * on the next one.
 */

/** What a user may do with a link. */
export type LinkAccess = 'none' | 'read' | 'edit';

/** The teams a user belongs to: team id -> the user's role there and the team's name. */
export type Memberships = ReadonlyMap<number, { role: TeamRole; teamName: string }>;

const NO_TEAMS: Memberships = new Map();

/**
 * The one place that decides access to a link: its author may edit it; when it is shared with
 * a team, the team's owner and admins may edit it too and its members may read it; nobody else
 * sees it. Pure: the caller loads the user's memberships (`AccessService.memberships`).
 * `accessFor(...) !== 'none'` exactly when `linkVisibleTo` selects the link.
 */
export function accessFor(
  user: Pick<UserRow, 'id'>,
  link: Pick<LinkRow, 'user_id' | 'team_id'>,
  memberships: Memberships = NO_TEAMS,
): LinkAccess {
  if (link.user_id === user.id) return 'edit';
  const membership = link.team_id === null ? undefined : memberships.get(link.team_id);
  if (!membership) return 'none';
  return teamPermissions(membership.role).canManageSharedLinks ? 'edit' : 'read';
}

/**
 * What tracking, analytics and webhooks need to know of links: the access rules applied to a
 * link by id, and the list of links a user can see (the links module implements it).
 */
export interface LinkAccessRules {
  /** The link if the user may `need` it: 404 when they cannot see it, 403 read-only. */
  loadAccessible(user: UserRow, rawId: string | number, need: 'read' | 'edit'): Promise<LinkRow>;
  /** The id, name and team of every link the user can see (own and shared with their teams). */
  visibleLinks(user: UserRow): Promise<{ id: number; name: string; team_id: number | null }[]>;
}

/** Memberships as the access rules read them (the teams module changes them). */
export class AccessService {
  constructor(private readonly db: Db) {}

  /** The user's teams and role in each, read fresh from the database (no tier needed). */
  async memberships(user: Pick<UserRow, 'id'>): Promise<Memberships> {
    const rows = await repo.listMembershipsOfUser(this.db.kysely, user.id);
    return new Map(rows.map((r) => [r.team_id, { role: r.role, teamName: r.team_name }]));
  }

  /**
   * Whether the user belongs to the team (any role), read in the caller's transaction. On
   * PostgreSQL the membership row stays share-locked until that transaction ends, so a
   * concurrent removal from the team waits for it (and then unshares what was written).
   */
  isTeamMember(conn: Conn, teamId: number, userId: number): Promise<boolean> {
    return repo.hasMembership(conn, teamId, userId, this.db.dialect === 'postgres');
  }
}
