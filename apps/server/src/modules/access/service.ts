import { teamPermissions, type TeamRole } from '@mailtokit/contracts/teams';
import type { Conn, Db } from '../../db/database';
import type { LinkRow, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { hasOwnPlan, teamPlanCovers, type Seats } from '../../lib/tiers';
import * as repo from './repo';

export {
  linkVisibleTo,
  linkVisibleToSql,
  ownedBy,
  sharedWithTeamOf,
  sharedWithTeams,
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

/**
 * The teams a user belongs to: team id -> the user's role there, the team's name, whether
 * the team's plan covers its members (`covered`: its owner holds the TEAM tier now) and
 * whether the team requires two-step sign-in that the user has not turned on (`blocked`: the
 * membership stays, but reaches none of the team's links until they turn it on).
 */
export type Memberships = ReadonlyMap<
  number,
  { role: TeamRole; teamName: string; covered: boolean; blocked: boolean }
>;

/**
 * What the access rules know of the person asking: their memberships, and whether their own
 * plan (PREMIUM or TEAM) includes saved links.
 */
export interface LinkViewer {
  id: number;
  ownPlan: boolean;
  memberships: Memberships;
}

/**
 * The one place that decides access to a link. A team link is reached through the team when
 * the viewer belongs to it and either their own plan includes saved links or the team's plan
 * covers its members (a seat); a private link only with the viewer's own plan. Reached, its
 * author may edit it; the team's owner and admins may edit it too and its members may read
 * it; nobody else sees it. Pure: the caller loads the viewer (`AccessService.viewer`).
 * For a viewer with a plan of their own, `accessFor(...) !== 'none'` exactly when
 * `linkVisibleTo` selects the link; for one without, exactly when the link is shared with one
 * of `seatedTeamIds` (`sharedWithTeams`).
 */
export function accessFor(
  viewer: LinkViewer,
  link: Pick<LinkRow, 'user_id' | 'team_id'>,
): LinkAccess {
  const joined = link.team_id === null ? undefined : viewer.memberships.get(link.team_id);
  // A membership blocked by the team's two-step policy reaches nothing through the team.
  const membership = joined?.blocked ? undefined : joined;
  const reached = viewer.ownPlan || (membership !== undefined && membership.covered);
  if (!reached) return 'none';
  if (link.user_id === viewer.id) return 'edit';
  if (!membership) return 'none';
  return teamPermissions(membership.role).canManageSharedLinks ? 'edit' : 'read';
}

/** The teams whose plan covers the viewer (their seats), in id order; blocked ones left out. */
export function seatedTeamIds(memberships: Memberships): number[] {
  return [...memberships]
    .filter(([, m]) => m.covered && !m.blocked)
    .map(([id]) => id)
    .sort((a, b) => a - b);
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
  /**
   * 403 PREMIUM_REQUIRED unless the user's own plan includes saved links or they hold a seat
   * in a team whose plan covers its members (views across links: the analytics overview).
   */
  assertReachesLinks(user: UserRow): Promise<void>;
}

/** Memberships as the access rules read them (the teams module changes them). */
export class AccessService implements Seats {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * The user's teams, role in each and whether each team's plan covers its members, read
   * fresh from the database (no tier needed).
   */
  async memberships(user: Pick<UserRow, 'id'>): Promise<Memberships> {
    const rows = await repo.listMembershipsOfUser(this.db.kysely, user.id);
    const now = this.clock();
    const asked = rows.some((r) => r.require_two_factor === 1);
    const twoStep = asked && (await repo.hasTwoStepSignIn(this.db.kysely, user.id));
    return new Map(
      rows.map((r) => [
        r.team_id,
        {
          role: r.role,
          teamName: r.team_name,
          covered: teamPlanCovers(
            { subscription_tier: r.owner_tier, subscription_expires_at: r.owner_expires_at },
            now,
          ),
          blocked: r.require_two_factor === 1 && !twoStep,
        },
      ]),
    );
  }

  /** The viewer `accessFor` takes: the user's memberships and own plan, now. */
  async viewer(user: UserRow): Promise<LinkViewer> {
    return {
      id: user.id,
      ownPlan: hasOwnPlan(user, this.clock()),
      memberships: await this.memberships(user),
    };
  }

  /** Whether a team whose plan covers its members seats the user (or would, but for its policy). */
  async seatOf(user: Pick<UserRow, 'id'>): Promise<'seated' | 'blocked' | 'none'> {
    const memberships = await this.memberships(user);
    if (seatedTeamIds(memberships).length > 0) return 'seated';
    return [...memberships.values()].some((m) => m.covered && m.blocked) ? 'blocked' : 'none';
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
