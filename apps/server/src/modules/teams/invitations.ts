import {
  INVITATION_DECLINE_QUIET_DAYS,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  TEAM_PENDING_INVITATIONS_MAX,
  invitationPath,
  invitationStopPath,
  type Invitation,
  type InvitationPreview,
  type InviteBody,
} from '@mailtokit/contracts/invitations';
import { parseId } from '@mailtokit/contracts/ids';
import { displayName } from '@mailtokit/contracts/user';
import {
  TEAM_MEMBERS_MAX,
  TEAM_MEMBERSHIPS_MAX,
  TEAM_MESSAGES,
  teamPermissions,
  type TeamMember,
  type TeamRole,
} from '@mailtokit/contracts/teams';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { TeamInvitationRow, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import type { Conn } from '../../db/database';
import type { Limiter } from '../../lib/limiter';
import { hashToken, newToken } from '../../lib/tokens';
import { nameOf, teamInvitationMail, type Mailer } from '../mail/service';
import type { TeamAuditLog } from '../audit/service';
import type { UsersService } from '../users/service';
import * as invitations from './invitations-repo';
import * as mailLimits from './invitation-mail-repo';
import { toTeamMember } from './mapper';
import * as repo from './repo';
import { seatOf } from './seat';

type InviteInput = z.output<typeof InviteBody>;

const DAY_MS = 24 * 60 * 60_000;
/** The limit the app defines: invitations sent per inviter per day. */
export const INVITATIONS_LIMIT = 'invitations';
/**
 * The limit the app defines: invitation e-mails per recipient address per day, whoever sends
 * them (keyed by the sha256 of the address).
 */
export const INVITATION_MAILS_LIMIT = 'invitationMails';
/** How long the "stop invitation e-mails" link of an invitation e-mail works. */
export const STOP_LINK_TTL_DAYS = 365;

/** The key an address is known by in the invitation-mail tables and budget. */
const addressHash = (email: string) => hashToken(email.trim().toLowerCase());

/** The API shape of a pending invitation. */
function toInvitation(row: invitations.InvitationWithNames, url?: string): Invitation {
  return {
    id: row.id,
    teamId: row.team_id,
    teamName: row.team_name,
    role: row.role,
    ...(row.username !== null ? { username: row.username } : {}),
    ...(row.email !== null ? { email: row.email } : {}),
    invitedBy: {
      id: row.invited_by,
      username: row.inviter,
      displayName: displayName({ firstName: row.inviter_first_name, username: row.inviter }),
    },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: 'PENDING',
    ...(url !== undefined ? { url } : {}),
  };
}

const notFoundInvitation = () => notFound(INVITATION_MESSAGES.notFound);

/**
 * Team invitations: the only way anyone joins a team. An owner or admin invites a username
 * or an e-mail address; the invitee accepts (or declines) themselves. Until then the team sees
 * only what the inviter typed, never the invitee's profile. An unknown username is invited
 * like a known one (same answer), and its invitation simply reaches nobody. Every change runs
 * in a transaction that first locks the team's row (PostgreSQL), like the other team changes.
 */
export class InvitationsService {
  /**
   * `limiter` must define INVITATIONS_LIMIT (per inviter) and INVITATION_MAILS_LIMIT (per
   * recipient address). `baseUrl` is the configured origin of the web app: every link the
   * e-mails carry starts with it, never with anything a request says.
   */
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly mailer: Pick<Mailer, 'send' | 'enabled'>,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly baseUrl: string,
    /** The team's audit log: invitations sent, revoked, accepted and declined. */
    private readonly audit: TeamAuditLog,
  ) {}

  /**
   * Owner or admin: invites a username or an e-mail address with the role granted on
   * acceptance. 409 for an existing member, an open invitation to the same person, or a team at
   * its cap of pending invitations; 429 past the inviter's daily budget (a revoked invitation
   * still counts). The e-mail goes out only within the recipient's own limits (`mailInvitation`).
   */
  async invite(user: UserRow, rawTeamId: string, input: InviteInput): Promise<Invitation> {
    // Refusals that need no budget come first.
    const { role } = await seatOf(this.db.kysely, user, rawTeamId);
    this.checkMayInvite(role, input.role);
    await this.limiter.consume(INVITATIONS_LIMIT, String(user.id));

    let created: { row: invitations.InvitationWithNames; token?: string; to?: UserRow };
    try {
      created = await this.db.kysely.transaction().execute(async (trx) => {
        const { team, role } = await seatOf(trx, user, rawTeamId, this.lock);
        this.checkMayInvite(role, input.role);
        const now = this.clock();
        const nowIso = now.toISOString();
        await invitations.deleteExpiredOfTeam(trx, team.id, nowIso);

        let to: UserRow | undefined;
        if (input.username !== undefined) {
          to = await this.users.findByUsername(input.username, trx);
          if (to && (await repo.findMember(trx, team.id, to.id)))
            throw conflict(INVITATION_MESSAGES.alreadyMember);
        } else if (
          input.email !== undefined &&
          (await invitations.memberHasEmail(trx, team.id, input.email))
        )
          throw conflict(INVITATION_MESSAGES.alreadyMember);
        if (await invitations.findOpenDuplicate(trx, team.id, input, nowIso))
          throw conflict(INVITATION_MESSAGES.alreadyInvited);
        if (
          (await invitations.countPendingOfTeam(trx, team.id, nowIso)) >=
          TEAM_PENDING_INVITATIONS_MAX
        )
          throw conflict(INVITATION_MESSAGES.tooManyPending);
        if ((await repo.countMembersOf(trx, team.id)) >= TEAM_MEMBERS_MAX)
          throw conflict(TEAM_MESSAGES.tooManyMembers);

        const token = input.email !== undefined ? newToken() : undefined;
        const row = await invitations.insertInvitation(trx, {
          team_id: team.id,
          invited_by: user.id,
          role: input.role,
          username: input.username ?? null,
          email: input.email ?? null,
          invitee_id: to?.id ?? null,
          token_hash: token !== undefined ? hashToken(token) : null,
          created_at: nowIso,
          expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
        });
        await this.audit.record(trx, {
          teamId: team.id,
          actor: user,
          action: 'invitation.sent',
          subject: invitationSubject(row),
          details: { role: row.role },
        });
        return {
          row: {
            ...row,
            team_name: team.name,
            team_requires_two_factor: team.require_two_factor,
            inviter: user.username,
            inviter_first_name: user.first_name,
          },
          token,
          to,
        };
      });
    } catch (err) {
      // A refused invitation costs nothing of the budget.
      if (err instanceof AppError && err.status === 409)
        await this.limiter.reward(INVITATIONS_LIMIT, String(user.id));
      throw err;
    }

    const { row, token, to } = created;
    const origin = this.baseUrl;
    const url =
      token !== undefined ? `${origin}${invitationPath(token)}` : `${origin}/dashboard?tab=teams`;
    const address = token !== undefined ? row.email : (to?.email ?? null);
    // An account that turned e-mail notifications off is not e-mailed (the invitation stands).
    const recipient = token !== undefined && address ? await this.users.findByEmail(address) : to;
    if (address && (!recipient || this.users.wantsNotifications(recipient)))
      await this.mailInvitation(address, row.team_id, (stopUrl) =>
        teamInvitationMail({
          team: row.team_name,
          inviter: nameOf(user),
          role: row.role,
          url,
          validDays: INVITATION_TTL_DAYS,
          byEmail: token !== undefined,
          requiresTwoFactor: row.team_requires_two_factor === 1,
          stopUrl,
        }),
      );
    // The link of an e-mail invitation is shown once, here: without SMTP the inviter passes it on.
    return toInvitation(row, token !== undefined ? url : undefined);
  }

  /**
   * Sends an invitation e-mail unless the address said no: it stopped invitation e-mails, or
   * declined this team in the last INVITATION_DECLINE_QUIET_DAYS days, or has had its
   * INVITATION_MAILS_LIMIT e-mails of the day (from every team together). The invitation
   * itself stands either way (a username still sees it in the app; the inviter holds the link
   * of an address's). Each e-mail carries its own one-click stop link.
   */
  private async mailInvitation(
    address: string,
    teamId: number,
    content: (stopUrl: string) => ReturnType<typeof teamInvitationMail>,
  ): Promise<void> {
    if (!this.mailer.enabled) return;
    const k = this.db.kysely;
    const hash = addressHash(address);
    const now = this.clock();
    if (await mailLimits.isStopped(k, hash)) return;
    const quietSince = new Date(now.getTime() - INVITATION_DECLINE_QUIET_DAYS * DAY_MS);
    if (await mailLimits.declinedSince(k, teamId, hash, quietSince.toISOString())) return;
    try {
      await this.limiter.consume(INVITATION_MAILS_LIMIT, hash);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) return;
      throw err;
    }
    const stopToken = newToken();
    await mailLimits.insertStopToken(k, {
      token_hash: hashToken(stopToken),
      email_hash: hash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STOP_LINK_TTL_DAYS * DAY_MS).toISOString(),
    });
    const stopUrl = `${this.baseUrl}${invitationStopPath(stopToken)}`;
    this.mailer.send({
      to: address,
      ...content(stopUrl),
      headers: { 'List-Unsubscribe': `<${stopUrl}>` },
    });
  }

  /**
   * The one-click link of an invitation e-mail: no invitation e-mail goes to its address any
   * more, from any team. 404 for an unknown or expired link; again is fine.
   */
  async stopMails(token: string): Promise<void> {
    const k = this.db.kysely;
    const now = this.nowIso();
    const hash = await mailLimits.findStopToken(k, hashToken(token), now);
    if (hash === undefined) throw notFound(INVITATION_MESSAGES.stopLinkInvalid);
    await mailLimits.stop(k, hash, now);
  }

  /** Owner or admin: the team's pending invitations, oldest first. */
  async listOfTeam(user: UserRow, rawTeamId: string): Promise<Invitation[]> {
    const k = this.db.kysely;
    const { team, role } = await seatOf(k, user, rawTeamId);
    if (!teamPermissions(role).canAddMembers) throw forbidden(TEAM_MESSAGES.membersReadOnly);
    const rows = await invitations.listPendingOfTeam(k, team.id, this.nowIso());
    return rows.map((r) => toInvitation(r));
  }

  /** Owner or admin: withdraws a pending invitation of the team (404 for any other id). */
  async revoke(user: UserRow, rawTeamId: string, rawId: string): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      const { team, role } = await seatOf(trx, user, rawTeamId, this.lock);
      if (!teamPermissions(role).canAddMembers) throw forbidden(TEAM_MESSAGES.membersReadOnly);
      const id = parseId(rawId);
      const row = id === null ? undefined : await invitations.findById(trx, id, this.nowIso());
      if (!row || row.team_id !== team.id) throw notFoundInvitation();
      await invitations.deleteInvitation(trx, row.id);
      await this.audit.record(trx, {
        teamId: team.id,
        actor: user,
        action: 'invitation.revoked',
        subject: invitationSubject(row),
        details: { role: row.role },
      });
    });
  }

  /** The caller's own pending invitations (by username), oldest first. */
  async mine(user: UserRow): Promise<Invitation[]> {
    const rows = await invitations.listPendingForUser(this.db.kysely, user.id, this.nowIso());
    return rows.map((r) => toInvitation(r));
  }

  /** The caller accepts one of their invitations: they join the team with its role. */
  async accept(user: UserRow, rawId: string): Promise<TeamMember> {
    const row = await this.ownInvitation(user, rawId);
    return this.join(user, row.id, row.team_id);
  }

  /**
   * The caller declines one of their invitations: it is deleted, and the team sends their
   * address no invitation e-mail for INVITATION_DECLINE_QUIET_DAYS days.
   */
  async decline(user: UserRow, rawId: string): Promise<void> {
    const row = await this.ownInvitation(user, rawId);
    await this.db.kysely.transaction().execute(async (trx) => {
      await invitations.deleteInvitation(trx, row.id);
      await this.audit.record(trx, {
        teamId: row.team_id,
        actor: user,
        action: 'invitation.declined',
        subject: invitationSubject(row),
        details: { role: row.role },
      });
      await this.recordDecline(trx, row.team_id, [user.email, row.email]);
    });
  }

  private async recordDecline(
    conn: Conn,
    teamId: number,
    addresses: ReadonlyArray<string | null>,
  ): Promise<void> {
    const now = this.nowIso();
    const hashes = new Set(addresses.filter((a): a is string => !!a).map(addressHash));
    for (const hash of hashes) await mailLimits.recordDecline(conn, teamId, hash, now);
  }

  /** The signed-in caller accepts the invitation an e-mailed link carries; the token is spent. */
  /**
   * No sign-in: the team, the inviter and the role of an e-mailed link's invitation, for its
   * page. 404 for an unknown, used, revoked or expired token.
   */
  async previewToken(token: string): Promise<InvitationPreview> {
    const row = await invitations.findByTokenHash(this.db.kysely, hashToken(token), this.nowIso());
    if (!row) throw notFoundInvitation();
    return {
      teamName: row.team_name,
      role: row.role,
      invitedBy: {
        username: row.inviter,
        displayName: displayName({ firstName: row.inviter_first_name, username: row.inviter }),
      },
      expiresAt: row.expires_at,
      requiresTwoFactor: row.team_requires_two_factor === 1,
    };
  }

  async acceptToken(user: UserRow, token: string): Promise<TeamMember> {
    const row = await invitations.findByTokenHash(this.db.kysely, hashToken(token), this.nowIso());
    if (!row) throw notFoundInvitation();
    return this.join(user, row.id, row.team_id);
  }

  /**
   * Turns the invitation into the caller's membership and deletes it, in one transaction that
   * locks the team: of two acceptances of one invitation, the second finds it gone (404).
   */
  private async join(user: UserRow, invitationId: number, teamId: number): Promise<TeamMember> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const team = await repo.findTeamById(trx, teamId, this.lock);
        const row = team ? await invitations.findById(trx, invitationId, this.nowIso()) : undefined;
        if (!team || !row || row.team_id !== team.id) throw notFoundInvitation();
        // The inviter must still hold a role that grants this one (a demoted admin's
        // invitations to ADMIN lapse with the demotion, whatever raced with it).
        const inviter = await repo.findMember(trx, team.id, row.invited_by);
        if (!inviter || !teamPermissions(inviter.role).grantableRoles.includes(row.role))
          throw notFoundInvitation();
        if (await repo.findMember(trx, team.id, user.id))
          throw conflict(INVITATION_MESSAGES.alreadyMember);
        if ((await repo.countMembersOf(trx, team.id)) >= TEAM_MEMBERS_MAX)
          throw conflict(TEAM_MESSAGES.tooManyMembers);
        // Counted under the user's lock: parallel acceptances cannot all see the same count.
        await repo.lockMembershipsOf(trx, this.db.dialect, user.id);
        if ((await repo.countMembershipsOf(trx, user.id)) >= TEAM_MEMBERSHIPS_MAX)
          throw conflict(TEAM_MESSAGES.tooManyMemberships);
        const now = this.nowIso();
        const member = await repo.insertMember(trx, {
          team_id: team.id,
          user_id: user.id,
          role: row.role,
          created_at: now,
          updated_at: now,
        });
        await invitations.deleteInvitation(trx, row.id);
        await this.audit.record(trx, {
          teamId: team.id,
          actor: user,
          action: 'invitation.accepted',
          subject: invitationSubject(row),
          details: { role: row.role },
        });
        return toTeamMember({
          ...member,
          username: user.username,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(INVITATION_MESSAGES.alreadyMember);
      throw err;
    }
  }

  /** An open invitation addressed to the caller by username; 404 for any other id. */
  private async ownInvitation(user: UserRow, rawId: string) {
    const id = parseId(rawId);
    const row =
      id === null ? undefined : await invitations.findById(this.db.kysely, id, this.nowIso());
    if (!row || row.invitee_id !== user.id) throw notFoundInvitation();
    return row;
  }

  private checkMayInvite(role: TeamRole, grant: TeamRole): void {
    const may = teamPermissions(role);
    if (!may.canAddMembers) throw forbidden(TEAM_MESSAGES.membersReadOnly);
    if (!may.grantableRoles.includes(grant)) throw forbidden(TEAM_MESSAGES.ownerOnly);
  }

  private nowIso(): string {
    return this.clock().toISOString();
  }

  private get lock(): repo.Lock {
    return this.db.dialect === 'postgres' ? 'update' : null;
  }
}

/** An invitation as the team's log names it: the username or address it was sent to. */
function invitationSubject(row: Pick<TeamInvitationRow, 'id' | 'username' | 'email'>) {
  return { type: 'invitation' as const, id: row.id, name: row.username ?? row.email };
}
