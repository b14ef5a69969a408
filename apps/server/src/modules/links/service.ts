import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { mailtoOfStored } from '@mailtokit/mailto';
import type { AccountExport } from '@mailtokit/contracts/account';
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
import {
  TAG_MESSAGES,
  TAGS_PER_LINK_MAX,
  tagKey,
  type BulkAction,
  type BulkItemResult,
  type BulkResult,
  type LinkTag,
} from '@mailtokit/contracts/tags';
import { addDays, utcToday } from '@mailtokit/contracts/utc-day';
import type { Transaction } from 'kysely';
import type { Conn, Db } from '../../db/database';
import { foldSearch, searchTextOf } from '../../db/search-text';
import type { DB, LinkRow, UserRow } from '../../db/types';
import { eachWhenReached, pages, type AccountData } from '../../lib/account-data';
import {
  AppError,
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
import * as accountRepo from './account-repo';
import * as repo from './repo';
import * as searchRepo from './search-repo';
import { linkRowStats } from './row-stats-repo';
import * as tagsRepo from './tags-repo';
import { TagsService } from './tags-service';

/** Cap of links one cross-link view (analytics overview) covers. */
export const VISIBLE_LINKS_MAX = 5000;

/** Links an import writes per statement (and, on SQLite, per transaction). */
const IMPORT_BATCH = 100;

/** Saved links per read of the account export (up to ~20 KB each: about a megabyte). */
const EXPORT_LINKS_PAGE = 50;

type ExportedLink = AccountExport['savedLinks'][number];

/** A saved link as the account export writes it. */
function toExportedLink(
  l: Awaited<ReturnType<typeof accountRepo.linksPage>>[number],
): ExportedLink {
  return {
    id: l.id,
    name: l.name,
    to: l.to,
    cc: l.cc,
    bcc: l.bcc,
    subject: l.subject,
    body: l.body,
    mailtoUrl: mailtoOfStored(l),
    teamId: l.team_id,
    createdAt: l.created_at,
    updatedAt: l.updated_at,
  };
}

/**
 * Saved links. Creating, importing and exporting one's own links need a premium plan (PREMIUM
 * or TEAM); reading and (by role) editing a team's shared links need that plan or a seat in
 * the team whose owner's plan covers its members (the access module decides). Links the user
 * may not see answer 404, never revealing that they exist; without a plan or a seat, 403.
 */
export class LinksService implements LinkAccessRules {
  /**
   * The account's saved links, read a page at a time as the export is written (each encoded
   * as it is written: its mailto URL is most of the work); deletion takes them all.
   */
  readonly accountData: AccountData = {
    tables: ['mailto_links', 'tags'],
    exportFor: async (db, user) => ({
      savedLinks: pages(
        (after) => accountRepo.linksPage(db, user.id, after, EXPORT_LINKS_PAGE),
        EXPORT_LINKS_PAGE,
        async (rows) => eachWhenReached(rows, toExportedLink),
      ),
    }),
    deleteFor: (trx, user) => accountRepo.deleteLinksOf(trx, user.id),
  };

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
  ) {
    this.tags = new TagsService(db, clock);
  }

  /** The users' tags, which mark their links (same module: they are part of a link). */
  readonly tags: TagsService;

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
      tagKey: filter.tag === undefined ? undefined : tagKey(filter.tag),
      sort: filter.sort,
      order: filter.order,
    };
    const { rows, total } = await searchRepo.listVisibleLinks(k, user.id, reach, {
      ...query,
      limit: filter.limit,
      offset: filter.offset,
    });
    const ids = rows.map((row) => row.id);
    const stats = await linkRowStats(
      k,
      ids,
      addDays(utcToday(this.clock()), 1 - LINK_LIST_CLICK_DAYS),
    );
    const tags = await tagsRepo.tagsOfLinks(k, ids);
    const links = rows.map((row) => ({
      ...present(viewer, row, tags.get(row.id) ?? []),
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
    return this.presentOne(viewer, await this.find(viewer, rawId, 'read'));
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
        const tags = await this.tags.ensure(trx, user.id, input.tags ?? []);
        const created = await repo.insertLink(trx, {
          user_id: user.id,
          ...columnsOf(
            input,
            tags.map((t) => t.name),
          ),
          created_at: now,
          updated_at: now,
        });
        await tagsRepo.setLinkTags(
          trx,
          created.id,
          tags.map((t) => t.id),
        );
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
    return this.presentOne(viewer, row);
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
        ...columnsOf(input, input.tags ?? []),
        created_at: now,
        updated_at: now,
      }));
    // The tags the links name, created when missing (all or none with the links).
    const tagNames = [...new Set(inputs.flatMap((i) => i.tags ?? []))];
    const tagLinks = async (
      trx: Transaction<DB>,
      batch: LinkInput[],
      rows: { id: number }[],
    ): Promise<void> => {
      const names = [...new Set(batch.flatMap((i) => i.tags ?? []))];
      if (names.length === 0) return;
      const byKey = new Map(
        (await this.tags.ensure(trx, user.id, names)).map((t) => [t.name_key, t.id]),
      );
      await tagsRepo.insertLinkTags(
        trx,
        batch.flatMap((input, i) => {
          const linkId = rows[i]?.id;
          if (linkId === undefined) return [];
          return (input.tags ?? []).flatMap((name) => {
            const tagId = byKey.get(tagKey(name));
            return tagId === undefined ? [] : [{ link_id: linkId, tag_id: tagId }];
          });
        }),
      );
    };
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
          await this.tags.ensure(trx, user.id, tagNames);
          for (const batch of batches) {
            const rows = await repo.insertLinksReturning(trx, rowsOf(batch));
            await auditCreated(trx, rows);
            await tagLinks(trx, batch, rows);
          }
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
              await tagLinks(trx, batch, rows);
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
      const tagNames = await this.retag(trx, user, link.id, link.user_id, input.tags);
      const updated = await repo.updateLink(trx, link.id, {
        ...columnsOf(input, tagNames),
        updated_at: this.clock().toISOString(),
      });
      if (updated) await this.auditEdit(trx, user, link, updated);
      return updated;
    });
    if (!row) throw notFound(LINK_MESSAGES.notFound);
    return this.presentOne(viewer, row);
  }

  /**
   * The tag names a link's search text holds after an update: with `names` (the payload's
   * tags) its tags become those (the author only: 403 for anyone else, unless they are the
   * same tags); without, its tags stay.
   */
  private async retag(
    trx: Transaction<DB>,
    user: UserRow,
    linkId: number,
    authorId: number,
    names: string[] | undefined,
  ): Promise<string[]> {
    const current = (await tagsRepo.tagsOfLinks(trx, [linkId])).get(linkId) ?? [];
    if (names === undefined) return current.map((t) => t.name);
    const same =
      names.length === current.length &&
      names.every((n) => current.some((t) => tagKey(t.name) === tagKey(n)));
    if (same) return current.map((t) => t.name);
    if (authorId !== user.id) throw forbidden(TAG_MESSAGES.authorOnly);
    const tags = await this.tags.ensure(trx, user.id, names);
    await tagsRepo.setLinkTags(
      trx,
      linkId,
      tags.map((t) => t.id),
    );
    return tags.map((t) => t.name);
  }

  async remove(user: UserRow, rawId: string | number): Promise<void> {
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
  async setArchived(user: UserRow, rawId: string | number, archive: boolean): Promise<MailtoLink> {
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
    return this.presentOne(viewer, row);
  }

  /**
   * Shares the link with a team (`teamId`) or makes it private (null), as an update that
   * changes only its team would: edit access; only the author moves it to another team.
   */
  async setTeam(user: UserRow, rawId: string | number, teamId: number | null): Promise<MailtoLink> {
    const viewer = await this.access.viewer(user);
    const link = await this.find(viewer, rawId, 'edit');
    if (teamId !== null && teamId !== link.team_id && link.user_id !== user.id)
      throw validationError({ teamId: LINK_MESSAGES.teamMoveAuthorOnly });
    if (teamId === link.team_id) return this.presentOne(viewer, link);
    const row = await this.writeShared(user, teamId, async (trx) => {
      const updated = await repo.updateLink(trx, link.id, {
        team_id: teamId,
        is_shared: teamId === null ? 0 : 1,
        updated_at: this.clock().toISOString(),
      });
      if (updated) await this.auditEdit(trx, user, link, updated);
      return updated;
    });
    if (!row) throw notFound(LINK_MESSAGES.notFound);
    return this.presentOne(viewer, row);
  }

  /**
   * Adds (`add`: true) or removes one of the caller's tags on a link of theirs (403 on a link
   * of someone else's, which only its author tags); the tag is created when adding a new name.
   */
  async setTag(user: UserRow, rawId: string | number, name: string, add: boolean): Promise<void> {
    const viewer = await this.access.viewer(user);
    const link = await this.find(viewer, rawId, 'edit');
    if (link.user_id !== user.id) throw forbidden(TAG_MESSAGES.authorOnly);
    await this.db.kysely.transaction().execute(async (trx) => {
      const current = (await tagsRepo.tagsOfLinks(trx, [link.id])).get(link.id) ?? [];
      const key = tagKey(name);
      const has = current.some((t) => tagKey(t.name) === key);
      if (add === has) return;
      if (add) {
        if (current.length >= TAGS_PER_LINK_MAX)
          throw validationError({ tag: TAG_MESSAGES.tooManyOnLink });
        const [tag] = await this.tags.ensure(trx, user.id, [name]);
        if (!tag) return;
        await tagsRepo.insertLinkTags(trx, [{ link_id: link.id, tag_id: tag.id }]);
      } else {
        const tag = current.find((t) => tagKey(t.name) === key);
        if (tag) await tagsRepo.removeLinkTag(trx, link.id, tag.id);
      }
      await tagsRepo.refreshSearchText(trx, [link.id]);
    });
  }

  /**
   * One action on up to BULK_IDS_MAX links, each exactly as its single action would run it
   * (same access checks, same team log entries), one after another; a link that fails does not
   * stop the others. The result lists, per link, the status the single action would answer.
   */
  async bulk(
    user: UserRow,
    body: { ids: number[]; action: BulkAction; teamId?: number; tag?: string },
  ): Promise<BulkResult> {
    const run = async (id: number): Promise<void> => {
      switch (body.action) {
        case 'archive':
        case 'restore':
          await this.setArchived(user, id, body.action === 'archive');
          return;
        case 'delete':
          await this.remove(user, id);
          return;
        case 'share':
          await this.setTeam(user, id, body.teamId ?? null);
          return;
        case 'unshare':
          await this.setTeam(user, id, null);
          return;
        case 'tag':
        case 'untag':
          await this.setTag(user, id, body.tag ?? '', body.action === 'tag');
          return;
      }
    };
    if (body.action === 'share' && body.teamId !== undefined) {
      const member = await this.access.isTeamMember(this.db.kysely, body.teamId, user.id);
      if (!member) throw validationError({ teamId: LINK_MESSAGES.notTeamMember });
    }
    if (
      body.action === 'untag' &&
      body.tag !== undefined &&
      !(await this.tags.byName(user, body.tag))
    )
      throw notFound(TAG_MESSAGES.notFound);
    const results: BulkItemResult[] = [];
    for (const id of body.ids) {
      try {
        await run(id);
        results.push({ id, ok: true, status: 200 });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        results.push({ id, ok: false, status: err.status, code: err.code, detail: err.detail });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { action: body.action, succeeded, failed: results.length - succeeded, results };
  }

  /** The links among `ids` the user can read, in the order of `ids` (a bulk export). */
  async readable(
    user: UserRow,
    ids: readonly number[],
  ): Promise<(LinkRow & { tags: LinkTag[] })[]> {
    const viewer = await this.access.viewer(user);
    const rows: LinkRow[] = [];
    for (const id of ids) {
      try {
        rows.push(await this.find(viewer, id, 'read'));
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
      }
    }
    const tags = await tagsRepo.tagsOfLinks(
      this.db.kysely,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
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

  /** One link in its API shape, its tags read. */
  private async presentOne(viewer: LinkViewer, row: searchRepo.ListedLink): Promise<MailtoLink> {
    const tags = await tagsRepo.tagsOfLinks(this.db.kysely, [row.id]);
    return present(viewer, row, tags.get(row.id) ?? []);
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
function present(viewer: LinkViewer, row: searchRepo.ListedLink, tags: LinkTag[]): MailtoLink {
  return toMailtoLink(row, {
    canEdit: accessFor(viewer, row) === 'edit',
    teamName: row.team_id === null ? null : (viewer.memberships.get(row.team_id)?.teamName ?? null),
    tags,
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

/**
 * The stored columns of a validated payload, with the names of the tags the link will carry
 * (for its search text); is_shared follows team_id.
 */
export function columnsOf(input: LinkInput, tagNames: readonly string[]) {
  return {
    team_id: input.teamId,
    name: input.name,
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    body: input.body,
    is_shared: input.teamId === null ? 0 : 1,
    search_text: searchTextOf(input, tagNames),
  };
}
