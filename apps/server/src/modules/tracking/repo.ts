import type { Transaction } from 'kysely';
import type { Conn, Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { DB, NewTrackingLink, TrackingLinkRow, TrackingOpens } from '../../db/types';

/** Holds the saved link's cap of tracking links until `trx` ends: parallel creates queue. */
export function lockTrackingLinksOf(trx: Transaction<DB>, dialect: Dialect, mailtoLinkId: number) {
  return lockCap(trx, dialect, CapScope.trackingLinks, mailtoLinkId);
}

export function insertTrackingLink(db: Conn, row: NewTrackingLink): Promise<TrackingLinkRow> {
  return db.insertInto('tracking_links').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findTrackingLinkById(db: Conn, id: number): Promise<TrackingLinkRow | undefined> {
  return db.selectFrom('tracking_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countActiveTrackingLinks(db: Conn, mailtoLinkId: number): Promise<number> {
  const row = await db
    .selectFrom('tracking_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mailto_link_id', '=', mailtoLinkId)
    .where('retired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A link's active tracking links, newest first, each with its human clicks (all time). */
export async function listActiveWithClicks(
  db: Conn,
  mailtoLinkId: number,
): Promise<(TrackingLinkRow & { clicks: number })[]> {
  const rows = await db
    .selectFrom('tracking_links as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('clicks as c')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('c.tracking_link_id', '=', 't.id')
        .where('c.is_bot', '=', 0)
        .as('clicks'),
    )
    .where('t.mailto_link_id', '=', mailtoLinkId)
    .where('t.retired_at', 'is', null)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, clicks: Number(row.clicks ?? 0) }));
}

/** True when the tracking link was active and is now retired. */
export async function retireTrackingLink(db: Conn, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('tracking_links')
    .set({ retired_at: at })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets how an active tracking link opens; undefined when it is retired or gone. */
export function setOpens(
  db: Conn,
  id: number,
  opens: TrackingOpens,
): Promise<TrackingLinkRow | undefined> {
  return db
    .updateTable('tracking_links')
    .set({ opens })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A tracking link's human clicks, all time. */
export async function countHumanClicks(db: Conn, id: number): Promise<number> {
  const row = await db
    .selectFrom('clicks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tracking_link_id', '=', id)
    .where('is_bot', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
