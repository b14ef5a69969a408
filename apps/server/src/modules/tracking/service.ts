import type {
  CreateTrackingBody,
  TrackingLink,
  UpdateTrackingBody,
} from '@mailtokit/contracts/tracking';
import {
  TRACKING_LINKS_PER_LINK_MAX,
  TRACKING_MESSAGES,
  TRACKING_SCAN_SUFFIX,
} from '@mailtokit/contracts/tracking';
import { UNKNOWN_COUNTRY, type OpenedWith } from '@mailtokit/contracts/analytics';
import { parseId } from '@mailtokit/contracts/ids';
import type { z } from 'zod';
import type { Conn, Db } from '../../db/database';
import type { TrackingLinkRow, UserRow } from '../../db/types';
import { pages, type AccountData } from '../../lib/account-data';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { LinkAccessRules } from '../access/service';
import type { TeamAuditLog } from '../audit/service';
import * as accountRepo from './account-repo';
import * as repo from './repo';
import { newSlug } from './slug';

type CreateInput = z.output<typeof CreateTrackingBody>;
type UpdateInput = z.output<typeof UpdateTrackingBody>;

/** What the account export needs of the clicks module: clicks per tracking link. */
export interface ClickTotals {
  clickTotals(
    db: Conn,
    trackingLinkIds: readonly number[],
  ): Promise<
    Map<
      number,
      {
        clicks: number;
        botClicks: number;
        qrClicks: number;
        openedWith: Record<OpenedWith, number>;
      }
    >
  >;
  /** Human clicks per tracking link, country ('' when unknown) and city, most first. */
  clickPlaces(
    db: Conn,
    trackingLinkIds: readonly number[],
  ): Promise<Map<number, { country: string; city: string | null; clicks: number }[]>>;
}

/** Tracking links per read of the account export (one more query adds up their clicks). */
const EXPORT_TRACKING_PAGE = 500;

/** Attempts at a fresh slug if one collides (about 71 bits: it never should). */
const SLUG_ATTEMPTS = 3;

/**
 * Tracking links: create, list, retire. Managing them needs access to the
 * link (a premium plan of one's own, or a seat in a team whose plan covers it) (read to list, edit to create and delete). Following one is the click pipeline's
 * (modules/clicks).
 */
export class TrackingService {
  /** `links` (the links module) is read on each call: the access rules as they stand. */
  constructor(
    private readonly db: Db,
    private readonly links: () => LinkAccessRules,
    private readonly clock: Clock,
    /** The teams' audit logs: tracking links created and deleted on a team's links. */
    private readonly audit: TeamAuditLog,
    /** The clicks module's counts, for the account export. */
    private readonly clicks: () => ClickTotals,
  ) {}

  /**
   * The account's tracking links (those of its saved links, and those it made on team links)
   * with their clicks, read a page at a time as the export is written. Deletion takes those of
   * its saved links; those it made on other people's links stay, without their creator.
   */
  readonly accountData: AccountData = {
    tables: ['tracking_links'],
    exportFor: async (db, user, origin) => ({
      trackingLinks: pages(
        (after) => accountRepo.trackingLinksPage(db, user.id, after, EXPORT_TRACKING_PAGE),
        EXPORT_TRACKING_PAGE,
        async (rows) => {
          const ids = rows.map((t) => t.id);
          const [totals, places] = await Promise.all([
            this.clicks().clickTotals(db, ids),
            this.clicks().clickPlaces(db, ids),
          ]);
          return rows.map((t) => ({
            id: t.id,
            slug: t.slug,
            trackingUrl: `${origin}/t/${t.slug}`,
            mailtoLinkId: t.mailto_link_id,
            label: t.label,
            createdAt: t.created_at,
            retiredAt: t.retired_at,
            clicks: totals.get(t.id)?.clicks ?? 0,
            botClicks: totals.get(t.id)?.botClicks ?? 0,
            qrClicks: totals.get(t.id)?.qrClicks ?? 0,
            openedWith: totals.get(t.id)?.openedWith ?? {
              'mail-app': 0,
              gmail: 0,
              outlook: 0,
              yahoo: 0,
              copy: 0,
              none: 0,
            },
            places: (places.get(t.id) ?? []).map((p) => ({
              country: p.country === '' ? UNKNOWN_COUNTRY : p.country,
              city: p.city,
              clicks: p.clicks,
            })),
          }));
        },
      ),
    }),
    deleteFor: (trx, user) => accountRepo.deleteTrackingLinksOf(trx, user.id),
  };

  /**
   * `opens` left out: the creating account's default (`users.tracking_opens`).
   * Needs the right to edit the link (a read-only team member gets 403). At most
   * TRACKING_LINKS_PER_LINK_MAX active ones per link, counted under the link's lock so that
   * parallel creates cannot pass it: 409 past it.
   */
  async create(user: UserRow, input: CreateInput, origin: string): Promise<TrackingLink> {
    const link = await this.links().loadAccessible(user, input.mailtoLinkId, 'edit');
    for (let attempt = 1; ; attempt += 1) {
      try {
        const row = await this.db.kysely.transaction().execute(async (trx) => {
          await repo.lockTrackingLinksOf(trx, this.db.dialect, link.id);
          if ((await repo.countActiveTrackingLinks(trx, link.id)) >= TRACKING_LINKS_PER_LINK_MAX)
            throw conflict(TRACKING_MESSAGES.tooMany);
          const created = await repo.insertTrackingLink(trx, {
            slug: newSlug(),
            mailto_link_id: link.id,
            created_by: user.id,
            label: input.label,
            created_at: this.clock().toISOString(),
            retired_at: null,
            opens: input.opens ?? user.tracking_opens,
          });
          if (link.team_id !== null)
            await this.audit.record(trx, {
              teamId: link.team_id,
              actor: user,
              action: 'tracking_link.created',
              subject: { type: 'tracking_link', id: created.id, name: created.label },
              details: { link: link.name },
            });
          return created;
        });
        return toTrackingLink(row, origin, 0);
      } catch (err) {
        // A fresh slug for a colliding one (about 71 bits: it never should).
        if (err instanceof AppError || attempt >= SLUG_ATTEMPTS) throw err;
      }
    }
  }

  /** The link's active tracking links, newest first, with their human clicks. */
  async list(user: UserRow, rawLinkId: string, origin: string): Promise<TrackingLink[]> {
    const link = await this.links().loadAccessible(user, rawLinkId, 'read');
    const rows = await repo.listActiveWithClicks(this.db.kysely, link.id);
    return rows.map((row) => toTrackingLink(row, origin, row.clicks));
  }

  /**
   * Changes how a tracking link opens; its slug and clicks stay. Needs the right to edit the
   * link; a retired tracking link, or one of a link the user cannot see, answers 404.
   */
  async update(
    user: UserRow,
    rawId: string,
    input: UpdateInput,
    origin: string,
  ): Promise<TrackingLink> {
    const row = await this.editable(user, rawId);
    const updated = await repo.setOpens(this.db.kysely, row.id, input.opens);
    if (!updated) throw notFound(TRACKING_MESSAGES.notFound);
    const clicks = await repo.countHumanClicks(this.db.kysely, row.id);
    return toTrackingLink(updated, origin, clicks);
  }

  /** An active tracking link the user may edit, else 404 (403 for read-only access). */
  private async editable(user: UserRow, rawId: string): Promise<TrackingLinkRow> {
    await this.links().assertReachesLinks(user);
    const id = parseId(rawId);
    const row = id === null ? undefined : await repo.findTrackingLinkById(this.db.kysely, id);
    if (!row || row.retired_at !== null) throw notFound(TRACKING_MESSAGES.notFound);
    try {
      await this.links().loadAccessible(user, row.mailto_link_id, 'edit');
    } catch (err) {
      // A tracking link of a link the user cannot see does not exist for them either.
      if (err instanceof AppError && err.status === 404) throw notFound(TRACKING_MESSAGES.notFound);
      throw err;
    }
    return row;
  }

  /**
   * Deletes a tracking link for good: its slug answers 404 from now on, its clicks stay in
   * the link's analytics. Only those who may edit the link may do this.
   */
  async retire(user: UserRow, rawId: string): Promise<void> {
    await this.links().assertReachesLinks(user);
    const id = parseId(rawId);
    const row = id === null ? undefined : await repo.findTrackingLinkById(this.db.kysely, id);
    if (!row || row.retired_at !== null) throw notFound(TRACKING_MESSAGES.notFound);
    let link;
    try {
      link = await this.links().loadAccessible(user, row.mailto_link_id, 'edit');
    } catch (err) {
      // A tracking link of a link the user cannot see does not exist for them either.
      if (err instanceof AppError && err.status === 404) throw notFound(TRACKING_MESSAGES.notFound);
      throw err;
    }
    const teamId = link.team_id;
    const linkName = link.name;
    await this.db.kysely.transaction().execute(async (trx) => {
      if (!(await repo.retireTrackingLink(trx, row.id, this.clock().toISOString())))
        throw notFound(TRACKING_MESSAGES.notFound);
      if (teamId !== null)
        await this.audit.record(trx, {
          teamId,
          actor: user,
          action: 'tracking_link.deleted',
          subject: { type: 'tracking_link', id: row.id, name: row.label },
          details: { link: linkName },
        });
    });
  }
}

function toTrackingLink(row: TrackingLinkRow, origin: string, clicks: number): TrackingLink {
  return {
    id: row.id,
    slug: row.slug,
    trackingUrl: `${origin}/t/${row.slug}`,
    scanUrl: `${origin}/t/${row.slug}${TRACKING_SCAN_SUFFIX}`,
    mailtoLinkId: row.mailto_link_id,
    label: row.label,
    createdAt: row.created_at,
    clicks,
    opens: row.opens,
  };
}
