import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type {
  LinkInput,
  LinkListFilter,
  ListedMailtoLink,
  MailtoLink,
} from '@mailtokit/contracts/links';
import {
  LINK_IMPORT_MESSAGES,
  LINK_LIST_CLICK_DAYS,
  LINK_MESSAGES,
  LINKS_PER_USER_MAX,
} from '@mailtokit/contracts/links';
import { parseId } from '@mailtokit/contracts/ids';
import { addDays, utcToday } from '@mailtokit/contracts/utc-day';
import type { Transaction } from 'kysely';
import type { Conn, Db } from '../../db/database';
import { foldSearch, searchTextOf } from '../../db/search-text';
import type { DB, LinkRow, UserRow } from '../../db/types';
import {
  conflict,
  forbidden,
  notFound,
  premiumRequired,
  twoFactorRequired,
  validationError,
} from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { requirePremium } from '../../lib/tiers';
import {
  accessFor,
  seatedTeamIds,
  type AccessService,
  type LinkAccessRules,
  type LinkViewer,
  type Memberships,
} from '../access/service';
import type { TeamAuditLog } from '../audit/service';
import { toMailtoLink } from './mapper';
import * as repo from './repo';
import * as searchRepo from './search-repo';
import { linkRowStats } from './row-stats-repo';

/** Cap of links one cross-link view (analytics overview) covers. */
export const VISIBLE_LINKS_MAX = 5000;

/** Links an import writes per statement (and, on SQLite, per transaction). */
const IMPORT_BATCH = 100;

/**
 * Saved links. Creating, importing and exporting one's own links need a premium plan (PREMIUM
 * or TEAM); reading and (by role) editing a team's shared links need that plan or a seat in
 * the team whose owner's plan covers its members (the access module decides). Links the user
 * may not see answer 404, never revealing that they exist; without a plan or a seat, 403.
 */
export class LinksService implements LinkAccessRules {
  constructor(
    private readonly db: Db,
    /** Memberships, as the access rules read them. */
    private readonly access: AccessService,
    private readonly clock: Clock,
    /** The teams' audit logs: links created, edited, shared, unshared and deleted in a team. */
    private readonly audit: TeamAuditLog,
    /**
     * Writes out the webhook events still queued (they are built from the stored clicks,
     * which a link's deletion takes with it).
     */
    private readonly beforeClicksDeleted: () => Promise<void> = async () => undefined,
    /** Saved links one account may hold (its own). */
    private readonly linksPerUserMax: number = LINKS_PER_USER_MAX,
  ) {}

  /**
   * Per user, the link creations and imports of this process, one at a time: what a count
   * under the database lock also ensures across instances, here without holding a database
   * connection while waiting.
   */
  private readonly adding = new Map<number, Promise<unknown>>();

  /**
   * One page of the links the user can see (own ones and those shared with the user's teams)
   * that match the search and filters, in the asked order, and how many match in all. Each
   * row carries the address of its newest tracking link, under `origin`.
   */
  async list(
    user: UserRow,
    filter: LinkListFilter,
    origin: string,
  ): Promise<{ links: ListedMailtoLink[]; total: number }> {
    const viewer = await this.access.viewer(user);
    if (filter.teamId !== undefined && viewer.memberships.get(filter.teamId)?.blocked)
      throw twoFactorRequired();
    const reach = reachOf(viewer);
    const k = this.db.kysely;
    const query = {
      search: filter.q ? foldSearch(filter.q) : undefined,
      teamId: filter.teamId,
      shared: filter.shared === undefined ? undefined : filter.shared === 'true',
      archived: filter.archived === 'true',
      sort: filter.sort,
      order: filter.order,
    };
    const { rows, total } = await searchRepo.listVisibleLinks(k, user.id, reach, {
      ...query,
      limit: filter.limit,
      offset: filter.offset,
    });
    const stats = await linkRowStats(
      k,
      rows.map((row) => row.id),
      addDays(utcToday(this.clock()), 1 - LINK_LIST_CLICK_DAYS),
    );
    const links = rows.map((row) => ({
      ...present(viewer, row),
      clicks30d: stats.get(row.id)?.clicks ?? 0,
      trackingLinkCount: stats.get(row.id)?.trackingLinks ?? 0,
      trackingUrl: trackingUrlOf(origin, stats.get(row.id)?.newestSlug ?? null),
    }));
    return { links, total };
  }

  /** Throws 403 PREMIUM_REQUIRED unless the user's plan includes saved links. */
  assertPremium(user: UserRow): void {
    requirePremium(user, this.clock());
  }

  async get(user: UserRow, rawId: string): Promise<MailtoLink> {
    const viewer = await this.access.viewer(user);
    return present(viewer, await this.find(viewer, rawId, 'read'));
  }

  /** 409 when the user already holds `linksPerUserMax` links, parallel creates included. */
  async create(user: UserRow, input: LinkInput): Promise<MailtoLink> {
    requirePremium(user, this.clock());
    const viewer = await this.access.viewer(user);
    const now = this.clock().toISOString();
    const row = await this.oneAtATime(user.id, () =>
      this.writeShared(user, input.teamId, async (trx) => {
        await repo.lockOwnLinksOf(trx, this.db.dialect, user.id);
        if ((await repo.countOwnLinks(trx, user.id)) >= this.linksPerUserMax)
          throw conflict(LINK_MESSAGES.tooMany(this.linksPerUserMax));
        const created = await repo.insertLink(trx, {
          user_id: user.id,
          ...columnsOf(input),
          created_at: now,
          updated_at: now,
        });
        if (created.team_id !== null)
          await this.audit.record(trx, {
            teamId: created.team_id,
            actor: user,
            action: 'link.created',
            subject: { type: 'link', id: created.id, name: created.name },
          });
        return created;
      }),
    );
    return present(viewer, row);
  }

  /**
   * Creates the user's links of an import (validated already), all or none: 409 when they
   * would take the user past `linksPerUserMax` links (counted under the user's lock, so
   * parallel imports and creates cannot pass it), 400 when the user has left a team named
   * there. Written IMPORT_BATCH at a time, so the server answers other requests meanwhile.
   * PostgreSQL: one transaction, in which the memberships stay share-locked until the links
   * are written (a concurrent removal from a team waits and then unshares these links too).
   * SQLite, whose one connection would keep every other request waiting for the whole import:
   * one transaction per batch, each checking the memberships of its links; if one fails, the
   * batches already written are deleted again.
   */
  async importLinks(user: UserRow, inputs: LinkInput[]): Promise<void> {
    const max = this.linksPerUserMax;
    const now = this.clock().toISOString();
    const rowsOf = (batch: LinkInput[]) =>
      batch.map((input) => ({
        user_id: user.id,
        ...columnsOf(input),
        created_at: now,
        updated_at: now,
      }));
    const checkRoom = async (conn: Conn) => {
      const room = Math.max(0, max - (await repo.countOwnLinks(conn, user.id)));
      if (inputs.length > room)
        throw conflict(LINK_IMPORT_MESSAGES.tooMany(inputs.length, room, max));
    };
    const checkTeams = async (conn: Conn, batch: LinkInput[]) => {
      for (const teamId of new Set(batch.map((i) => i.teamId)))
        if (teamId !== null && !(await this.access.isTeamMember(conn, teamId, user.id)))
          throw validationError({ team: LINK_IMPORT_MESSAGES.unknownTeam });
    };
    // Links imported into a team are created in it: one entry each in the team's log.
    const auditCreated = (
      conn: Conn,
      rows: { id: number; name: string; team_id: number | null }[],
    ) =>
      this.audit.recordMany(
        conn,
        rows.flatMap((row) =>
          row.team_id === null
            ? []
            : [
                {
                  teamId: row.team_id,
                  actor: user,
                  action: 'link.created' as const,
                  subject: { type: 'link' as const, id: row.id, name: row.name },
                },
              ],
        ),
      );
    const batches: LinkInput[][] = [];
    for (let i = 0; i < inputs.length; i += IMPORT_BATCH)
      batches.push(inputs.slice(i, i + IMPORT_BATCH));

    await this.oneAtATime(user.id, async () => {
      if (this.db.dialect === 'postgres') {
        await this.db.kysely.transaction().execute(async (trx) => {
          await repo.lockOwnLinksOf(trx, this.db.dialect, user.id);
          await checkRoom(trx);
          await checkTeams(trx, inputs);
          for (const batch of batches)
            await auditCreated(trx, await repo.insertLinksReturning(trx, rowsOf(batch)));
        });
        return;
      }
      await checkRoom(this.db.kysely);
      const written: number[][] = [];
      try {
        for (const batch of batches) {
          written.push(
            await this.db.kysely.transaction().execute(async (trx) => {
              await checkTeams(trx, batch);
              const rows = await repo.insertLinksReturning(trx, rowsOf(batch));
              await auditCreated(trx, rows);
              return rows.map((r) => r.id);
            }),
          );
          await yieldToLoop();
        }
      } catch (err) {
        for (const ids of written)
          await repo.deleteOwnLinks(this.db.kysely, user.id, ids).catch(() => undefined);
        throw err;
      }
    });
  }

  /**
   * Replaces every field of the link (PUT semantics); the author stays. A team admin editing
   * someone else's shared link may keep it in the team or make it private again, not move it
   * to another team (the author might not belong to that one).
   */
  async update(user: UserRow, rawId: string, input: LinkInput): Promise<MailtoLink> {
    const viewer = await this.access.viewer(user);
    const link = await this.find(viewer, rawId, 'edit');
    const row = await this.writeShared(user, input.teamId, async (trx) => {
      const moves = input.teamId !== null && input.teamId !== link.team_id;
      if (moves && link.user_id !== user.id)
        throw validationError({ teamId: LINK_MESSAGES.teamMoveAuthorOnly });
      const updated = await repo.updateLink(trx, link.id, {
        ...columnsOf(input),
        updated_at: this.clock().toISOString(),
      });
      if (updated) await this.auditEdit(trx, user, link, updated);
      return updated;
    });
    if (!row) throw notFound(LINK_MESSAGES.notFound);
    return present(viewer, row);
  }

  async remove(user: UserRow, rawId: string): Promise<void> {
    const link = await this.find(await this.access.viewer(user), rawId, 'edit');
    await this.beforeClicksDeleted();
    await this.db.kysely.transaction().execute(async (trx) => {
      if (!(await repo.deleteLink(trx, link.id))) throw notFound(LINK_MESSAGES.notFound);
      if (link.team_id !== null)
        await this.audit.record(trx, {
          teamId: link.team_id,
          actor: user,
          action: 'link.deleted',
          subject: { type: 'link', id: link.id, name: link.name },
        });
    });
  }

  /**
   * The team log entries of an edit: `link.edited` (with the changed fields) when it stays in
   * its team, `link.shared` / `link.unshared` when it joins or leaves one (both when the author
   * moves it between teams); nothing for a private link or a change of nothing.
   */
  private async auditEdit(conn: Conn, user: UserRow, before: LinkRow, after: LinkRow) {
    const fields = EDITABLE.filter(([column]) => before[column] !== after[column]).map(
      ([, field]) => field,
    );
    const subject = { type: 'link' as const, id: after.id, name: after.name };
    const log = (teamId: number, action: 'link.edited' | 'link.shared' | 'link.unshared') =>
      this.audit.record(conn, { teamId, actor: user, action, subject, fields });
    if (before.team_id !== null && before.team_id === after.team_id) {
      if (fields.length > 0) await log(before.team_id, 'link.edited');
      return;
    }
    if (before.team_id !== null) await log(before.team_id, 'link.unshared');
    if (after.team_id !== null) await log(after.team_id, 'link.shared');
  }

  /**
   * Archives the link (`archive`: true) or puts it back in the list (false); 409 when it
   * already is so. Its tracking links keep redirecting and counting either way.
   */
  async setArchived(user: UserRow, rawId: string, archive: boolean): Promise<MailtoLink> {
    const viewer = await this.access.viewer(user);
    const link = await this.find(viewer, rawId, 'edit');
    if ((link.archived_at !== null) === archive)
      throw conflict(archive ? LINK_MESSAGES.alreadyArchived : LINK_MESSAGES.notArchived);
    const now = this.clock().toISOString();
    const row = await this.db.kysely.transaction().execute(async (trx) => {
      const updated = await repo.updateLink(trx, link.id, { archived_at: archive ? now : null });
      if (updated && link.team_id !== null)
        await this.audit.record(trx, {
          teamId: link.team_id,
          actor: user,
          action: archive ? 'link.archived' : 'link.restored',
          subject: { type: 'link', id: link.id, name: link.name },
        });
      return updated;
    });
    if (!row) throw notFound(LINK_MESSAGES.notFound);
    return present(viewer, row);
  }

  /**
   * The link behind an id if the user has `need` access: 404 when they cannot see it, 403 when
   * they may read but not edit. Other modules (tracking, analytics) use it for the same rules.
   */
  async loadAccessible(
    user: UserRow,
    rawId: string | number,
    need: 'read' | 'edit',
  ): Promise<LinkRow> {
    return this.find(await this.access.viewer(user), rawId, need);
  }

  async assertReachesLinks(user: UserRow): Promise<void> {
    reachOf(await this.access.viewer(user));
  }

  /**
   * The id, name and team of every link the user can see (own and shared with the user's
   * teams), newest first, up to VISIBLE_LINKS_MAX; none of their fields is read.
   */
  async visibleLinks(user: UserRow): Promise<searchRepo.LinkName[]> {
    const reach = reachOf(await this.access.viewer(user));
    return searchRepo.visibleLinkNames(this.db.kysely, user.id, reach, VISIBLE_LINKS_MAX);
  }

  /** The user's teams and role in each, read fresh from the database. */
  async memberships(user: Pick<UserRow, 'id'>): Promise<Memberships> {
    return this.access.memberships(user);
  }

  /**
   * Makes the links shared with a team private again, in the caller's transaction: those of
   * one author (a member leaving), or all of them (`authorId` null: the team is deleted).
   * The composition root runs it when the teams module ends memberships.
   */
  async unshareAll(conn: Conn, teamId: number, authorId: number | null): Promise<void> {
    await repo.unshareLinks(conn, teamId, authorId, this.clock().toISOString());
  }

  /**
   * The link if the viewer may `need` it. Unreached: 404 with a plan of one's own (the link
   * is nobody else's business), else 403 PREMIUM_REQUIRED (own private links included).
   */
  private async find(
    viewer: LinkViewer,
    rawId: string | number,
    need: 'read' | 'edit',
  ): Promise<LinkRow> {
    const id = parseId(String(rawId));
    const link = id === null ? undefined : await repo.findLinkById(this.db.kysely, id);
    const access = link ? accessFor(viewer, link) : 'none';
    if (access === 'none' && link?.team_id != null && viewer.memberships.get(link.team_id)?.blocked)
      throw twoFactorRequired();
    if (access === 'none' && !viewer.ownPlan) throw premiumRequired();
    if (!link || access === 'none') throw notFound(LINK_MESSAGES.notFound);
    if (need === 'edit' && access !== 'edit') throw forbidden();
    return link;
  }

  /** Runs `work` after the user's earlier link creations and imports in this process. */
  private async oneAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const before = this.adding.get(userId) ?? Promise.resolve();
    const mine = before.then(work);
    const tail = mine.catch(() => undefined);
    this.adding.set(userId, tail);
    try {
      return await mine;
    } finally {
      if (this.adding.get(userId) === tail) this.adding.delete(userId);
    }
  }

  /**
   * Runs a write that shares a link with `teamId` (or makes it private, when null) in one
   * transaction with the check that the user belongs to that team (any role). On PostgreSQL
   * the membership row stays locked until the write commits, so a concurrent removal from
   * the team waits and then also unshares this link.
   */
  private writeShared<T>(
    user: UserRow,
    teamId: number | null,
    write: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T> {
    return this.db.kysely.transaction().execute(async (trx) => {
      if (teamId !== null && !(await this.access.isTeamMember(trx, teamId, user.id)))
        throw validationError({ teamId: LINK_MESSAGES.notTeamMember });
      return write(trx);
    });
  }
}

/** The API shape of a link for this viewer: what they may do with it, the team's name. */
function present(viewer: LinkViewer, row: searchRepo.ListedLink): MailtoLink {
  return toMailtoLink(row, {
    canEdit: accessFor(viewer, row) === 'edit',
    teamName: row.team_id === null ? null : (viewer.memberships.get(row.team_id)?.teamName ?? null),
  });
}

/**
 * Which links a list may hold for this viewer: with a plan of their own, their links and
 * those of all their teams; without, those of the teams whose plan covers them (their own
 * links in those teams included); with neither, 403 PREMIUM_REQUIRED.
 */
function reachOf(viewer: LinkViewer): searchRepo.Reach {
  const memberships = [...viewer.memberships];
  const blocked = memberships.some(([, m]) => m.blocked);
  if (viewer.ownPlan) {
    if (memberships.length === 0) return { own: true, teams: [] };
    // Teams whose two-step policy blocks the viewer are left out of every list.
    if (!blocked) return { own: true, teams: 'all' };
    return {
      own: true,
      teams: memberships
        .filter(([, m]) => !m.blocked)
        .map(([id]) => id)
        .sort((a, b) => a - b),
    };
  }
  const seated = seatedTeamIds(viewer.memberships);
  if (seated.length === 0) {
    if (memberships.some(([, m]) => m.blocked && m.covered)) throw twoFactorRequired();
    throw premiumRequired();
  }
  return { own: false, teams: seated };
}

/** The columns an edit may change, with their names in the API. */
const EDITABLE = [
  ['name', 'name'],
  ['to', 'to'],
  ['cc', 'cc'],
  ['bcc', 'bcc'],
  ['subject', 'subject'],
  ['body', 'body'],
] as const satisfies readonly (readonly [keyof LinkRow, string])[];

/** The public address of a tracking link: `origin/t/<slug>`, as the tracking module writes it. */
function trackingUrlOf(origin: string, slug: string | null): string | null {
  return slug === null ? null : `${origin}/t/${slug}`;
}

/** The stored columns of a validated payload; is_shared follows team_id. */
export function columnsOf(input: LinkInput) {
  return {
    team_id: input.teamId,
    name: input.name,
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    body: input.body,
    is_shared: input.teamId === null ? 0 : 1,
    search_text: searchTextOf(input),
  };
}
