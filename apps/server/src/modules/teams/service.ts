import type {
  CreateTeamBody,
  Team,
  TeamMember,
  TeamRole,
  UpdateMemberBody,
} from '@mailtokit/contracts/teams';
import { INVITABLE_ROLES } from '@mailtokit/contracts/invitations';
import {
  TEAM_MEMBERSHIPS_MAX,
  TEAM_MESSAGES,
  TEAMS_OWNED_MAX,
  teamPermissions,
} from '@mailtokit/contracts/teams';
import { parseId } from '@mailtokit/contracts/ids';
import type { z } from 'zod';
import type { Conn, Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { AccountData } from '../../lib/account-data';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { requireTeamTier, teamPlanCovers } from '../../lib/tiers';
import type { TeamAuditLog } from '../audit/service';
import type { UsersService } from '../users/service';
import { byRole, toTeam, toTeamMember } from './mapper';
import * as accountRepo from './account-repo';
import * as invitationsRepo from './invitations-repo';
import * as repo from './repo';
import { seatOf } from './seat';

type CreateInput = z.output<typeof CreateTeamBody>;
type UpdateInput = z.output<typeof UpdateMemberBody>;

/**
 * Runs in the transaction that ends memberships, before it commits: one member's (`userId`:
 * they left or were removed), or every member's (`userId` null: the team is being deleted).
 * The composition root makes the links module unshare that member's (or the team's) links.
 */
export type MembershipsEnded = (conn: Conn, teamId: number, userId: number | null) => Promise<void>;

/**
 * Teams, members and roles. Every call answers 404 'Team not found' to
 * anyone who is not a member, whether or not the team exists; a member lacking the
 * permission gets 403. Each change runs in one transaction that first locks the team's row
 * (PostgreSQL; SQLite runs one transaction at a time), so checks and writes cannot interleave
 * with another change to the same team.
 */
export class TeamsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly clock: Clock,
    /** The team's audit log: roles changed, members removed or left, ownership transferred. */
    private readonly audit: TeamAuditLog,
    /** Required: without it a leaving member's links would stay shared with the team. */
    private readonly membershipsEnded: MembershipsEnded,
  ) {}

  /**
   * The account's teams and pending invitations. Deletion refuses (409 OWNS_TEAMS) while the
   * user owns a team with other members; teams the user owns alone go with the account (their
   * links unshared first), and so do the user's memberships and invitations.
   */
  readonly accountData: AccountData = {
    tables: ['teams', 'team_members', 'team_invitations'],
    exportFor: async (db, user) => {
      const [teams, invitations] = await Promise.all([
        accountRepo.membershipsOf(db, user.id),
        accountRepo.invitationsOf(db, user.id),
      ]);
      return {
        teams: teams.map((t) => ({
          id: t.id,
          name: t.name,
          description: t.description,
          role: t.role,
          joinedAt: t.created_at,
        })),
        invitations,
      };
    },
    deleteFor: async (trx, user) => {
      const owned = await accountRepo.ownedTeams(trx, user.id);
      const shared = owned.filter((t) => t.others > 0);
      if (shared.length > 0) {
        const names = shared.map((t) => `"${t.name}"`).join(', ');
        throw new AppError(
          409,
          'OWNS_TEAMS',
          `You own ${shared.length === 1 ? 'a team' : 'teams'} with other members: ${names}. Transfer ownership or delete ${shared.length === 1 ? 'it' : 'them'} first.`,
          { teams: shared.map((t) => t.name).join(', ') },
        );
      }
      for (const t of owned) await this.membershipsEnded(trx, t.id, null);
      await accountRepo.deleteTeams(
        trx,
        owned.map((t) => t.id),
      );
      await accountRepo.deleteMembershipsOf(trx, user);
    },
  };

  /** Teams the user owns or belongs to, oldest first. Any tier may list. */
  async list(user: UserRow): Promise<Team[]> {
    const k = this.db.kysely;
    const now = this.clock();
    const covers = (plan: Parameters<typeof teamPlanCovers>[0] | undefined) =>
      plan !== undefined && teamPlanCovers(plan, now);
    const teams = await repo.listTeamsOfUser(k, user.id);
    const ids = teams.map((t) => t.id);
    const [members, plans] = await Promise.all([
      repo.listMembersOfTeams(k, ids),
      repo.ownerPlansOf(k, ids),
    ]);
    const byTeam = new Map<number, repo.MemberWithUser[]>();
    for (const m of members) {
      const ofTeam = byTeam.get(m.team_id);
      if (ofTeam) ofTeam.push(m);
      else byTeam.set(m.team_id, [m]);
    }
    return teams.flatMap((team) => {
      const ofTeam = byTeam.get(team.id) ?? [];
      const me = ofTeam.find((m) => m.user_id === user.id);
      if (!me) return [];
      const planActive = covers(plans.get(team.id));
      return [toTeam(team, ofTeam, { userId: user.id, role: me.role, planActive })];
    });
  }

  /**
   * Needs the TEAM tier. The creator becomes the owner (an OWNER membership row). The caps are
   * counted under the creator's lock, so parallel creates cannot pass TEAMS_OWNED_MAX.
   */
  async create(user: UserRow, input: CreateInput): Promise<Team> {
    requireTeamTier(user, this.clock());
    return this.db.kysely.transaction().execute(async (trx) => {
      await repo.lockTeamsOwnedBy(trx, this.db.dialect, user.id);
      await repo.lockMembershipsOf(trx, this.db.dialect, user.id);
      if ((await repo.countTeamsOwnedBy(trx, user.id)) >= TEAMS_OWNED_MAX)
        throw conflict(TEAM_MESSAGES.tooManyTeams);
      if ((await repo.countMembershipsOf(trx, user.id)) >= TEAM_MEMBERSHIPS_MAX)
        throw conflict(TEAM_MESSAGES.tooManyMemberships);
      const now = this.clock().toISOString();
      const team = await repo.insertTeam(trx, {
        name: input.name,
        description: input.description,
        owner_id: user.id,
        created_at: now,
        updated_at: now,
      });
      const owner = await repo.insertMember(trx, {
        team_id: team.id,
        user_id: user.id,
        role: 'OWNER',
        created_at: now,
        updated_at: now,
      });
      const { username, email, first_name, last_name } = user;
      const members = [{ ...owner, username, email, first_name, last_name }];
      const planActive = teamPlanCovers(user, this.clock());
      return toTeam(team, members, { userId: user.id, role: 'OWNER', planActive });
    });
  }

  async get(user: UserRow, rawId: string): Promise<Team> {
    const k = this.db.kysely;
    const { team, role } = await seatOf(k, user, rawId);
    const [members, plans] = await Promise.all([
      repo.listMembersOfTeams(k, [team.id]),
      repo.ownerPlansOf(k, [team.id]),
    ]);
    const plan = plans.get(team.id);
    const planActive = plan !== undefined && teamPlanCovers(plan, this.clock());
    return toTeam(team, members, { userId: user.id, role, planActive });
  }

  /**
   * Owner only: sets whether the team requires two-step sign-in of its members; a change is
   * appended to the audit log in the same transaction.
   */
  async update(user: UserRow, rawId: string, input: { requireTwoFactor: boolean }): Promise<Team> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const { team, role } = await seatOf(trx, user, rawId, this.lock);
      if (role !== 'OWNER') throw forbidden(TEAM_MESSAGES.ownerOnly);
      if ((team.require_two_factor === 1) === input.requireTwoFactor) return;
      await repo.setRequireTwoFactor(
        trx,
        team.id,
        input.requireTwoFactor,
        this.clock().toISOString(),
      );
      await this.audit.record(trx, {
        teamId: team.id,
        actor: user,
        action: 'team.two_factor_policy_changed',
        subject: { type: 'team', id: team.id, name: team.name },
        details: { requireTwoFactor: input.requireTwoFactor ? 'on' : 'off' },
      });
    });
    return await this.get(user, rawId);
  }

  /**
   * Owner only. In one transaction: `membershipsEnded` for the whole team (its shared links go
   * back to their authors as private links), then the memberships and the team are deleted.
   */
  async remove(user: UserRow, rawId: string): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const { team, role } = await seatOf(trx, user, rawId, this.lock);
      if (!teamPermissions(role).canDeleteTeam) throw forbidden(TEAM_MESSAGES.ownerOnly);
      await this.membershipsEnded(trx, team.id, null);
      await repo.deleteMembersOf(trx, team.id);
      await repo.deleteTeam(trx, team.id);
    });
  }

  async members(user: UserRow, rawId: string): Promise<TeamMember[]> {
    const k = this.db.kysely;
    const { team } = await seatOf(k, user, rawId);
    const members = await repo.listMembersOfTeams(k, [team.id]);
    return members.sort(byRole).map(toTeamMember);
  }

  /** Whether `user` owns the team `rawId` (false for a team they cannot see). */
  async isOwner(user: UserRow, rawId: string): Promise<boolean> {
    try {
      const { role } = await seatOf(this.db.kysely, user, rawId);
      return role === 'OWNER';
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return false;
      throw err;
    }
  }

  /**
   * Owner only: moves a member between ADMIN and MEMBER, or makes them the owner (the old
   * owner becomes an admin). The owner's own row never changes this way.
   */
  async updateMember(
    user: UserRow,
    rawId: string,
    rawUserId: string,
    input: UpdateInput,
  ): Promise<TeamMember> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const { team, role } = await seatOf(trx, user, rawId, this.lock);
      if (!teamPermissions(role).canChangeRoles) throw forbidden(TEAM_MESSAGES.ownerOnly);
      const target = await this.member(trx, team.id, rawUserId);
      if (target.role === 'OWNER') throw forbidden(TEAM_MESSAGES.cannotChangeOwner);

      const now = this.clock().toISOString();
      const subject = { type: 'user' as const, id: target.user_id, name: target.username };
      if (input.role === 'OWNER') {
        // The new owner's cap of owned teams, counted under their lock as a team create is.
        await repo.lockTeamsOwnedBy(trx, this.db.dialect, target.user_id);
        await this.checkMayOwnMore(trx, { id: target.user_id, username: target.username });
        await repo.setMemberRole(trx, team.id, team.owner_id, 'ADMIN', now);
        await repo.setMemberRole(trx, team.id, target.user_id, 'OWNER', now);
        await repo.setTeamOwner(trx, team.id, target.user_id, now);
        await this.revokeUngrantable(trx, team.id, team.owner_id, 'ADMIN');
        await this.audit.record(trx, {
          teamId: team.id,
          actor: user,
          action: 'team.ownership_transferred',
          subject,
          details: { from: user.username, to: target.username },
        });
      } else if (input.role !== target.role) {
        await repo.setMemberRole(trx, team.id, target.user_id, input.role, now);
        await this.revokeUngrantable(trx, team.id, target.user_id, input.role);
        await this.audit.record(trx, {
          teamId: team.id,
          actor: user,
          action: 'member.role_changed',
          subject,
          details: { from: target.role, to: input.role },
        });
      }
      return toTeamMember(await this.member(trx, team.id, String(target.user_id)));
    });
  }

  /** A member's pending invitations for roles their new role cannot grant are revoked. */
  private async revokeUngrantable(
    conn: Conn,
    teamId: number,
    userId: number,
    role: TeamRole,
  ): Promise<void> {
    const grantable = teamPermissions(role).grantableRoles;
    const lost = INVITABLE_ROLES.filter((r) => !grantable.includes(r));
    await invitationsRepo.deleteSentByForRoles(conn, teamId, userId, lost);
  }

  /**
   * The owner removes anyone but themselves; an admin removes plain members; any member but
   * the owner may remove themselves (leave). The owner is never removed: they hand the team
   * over or delete it. `membershipsEnded` runs in the same transaction (the removed member's
   * links shared with the team become their private links again); other members' shared links
   * simply stop being visible to them.
   */
  async removeMember(user: UserRow, rawId: string, rawUserId: string): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const { team, role } = await seatOf(trx, user, rawId, this.lock);
      const target = await this.member(trx, team.id, rawUserId);
      if (target.role === 'OWNER') throw forbidden(TEAM_MESSAGES.cannotRemoveOwner);
      const leaving = target.user_id === user.id;
      if (!leaving && !teamPermissions(role).canRemove(target.role))
        throw forbidden(
          role === 'ADMIN' ? TEAM_MESSAGES.adminsCannotRemoveAdmins : TEAM_MESSAGES.membersReadOnly,
        );
      await repo.deleteMember(trx, team.id, target.user_id);
      // Invitations they sent to the team go with them.
      await invitationsRepo.deleteSentBy(trx, team.id, target.user_id);
      await this.membershipsEnded(trx, team.id, target.user_id);
      await this.audit.record(trx, {
        teamId: team.id,
        actor: user,
        action: leaving ? 'member.left' : 'member.removed',
        subject: { type: 'user', id: target.user_id, name: target.username },
        details: { role: target.role },
      });
    });
  }

  /** Row locks for changes (PostgreSQL only). */
  private get lock(): repo.Lock {
    return this.db.dialect === 'postgres' ? 'update' : null;
  }

  /** A member of the team by user id from the path; 404 'Member not found' otherwise. */
  private async member(db: Conn, teamId: number, rawUserId: string) {
    const userId = parseId(rawUserId);
    const row = userId === null ? undefined : await repo.findMemberWithUser(db, teamId, userId);
    if (!row) throw notFound(TEAM_MESSAGES.memberNotFound);
    return row;
  }

  /** A new owner must stay within the cap of teams one user may own. */
  private async checkMayOwnMore(db: Conn, user: { id: number; username: string }) {
    if ((await repo.countTeamsOwnedBy(db, user.id)) >= TEAMS_OWNED_MAX)
      throw conflict(TEAM_MESSAGES.userOwnsTooManyTeams(user.username));
  }
}
