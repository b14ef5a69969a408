import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

/** What a row of the links list shows of a link's tracking. */
export interface LinkRowStats {
  /** Human clicks from `fromDay` (a UTC day, inclusive) on, from the daily rollup. */
  clicks: number;
  /** Tracking links that still redirect. */
  trackingLinks: number;
  /** The slug of the newest of them; null when there is none. */
  newestSlug: string | null;
}

/** A count from the database: PostgreSQL returns bigint and numeric as strings. */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * The row figures of one page of links in one query: per link, the human clicks of the
 * rollup (`click_daily`, a primary-key range per link) since `fromDay`, and its active
 * tracking links (index `tracking_links_mailto_link_id`) and the slug of the newest of them.
 * A page holds at most 200 ids.
 * Links without clicks or tracking links are in the map with zeros.
 */
export async function linkRowStats(
  db: Conn,
  linkIds: readonly number[],
  fromDay: string,
): Promise<Map<number, LinkRowStats>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mailto_links as m')
    .where('m.id', 'in', [...linkIds])
    .select((eb) => [
      'm.id',
      eb
        .selectFrom('click_daily as d')
        .select(sql<number>`coalesce(sum(d.clicks), 0)`.as('n'))
        .whereRef('d.mailto_link_id', '=', 'm.id')
        .where('d.day', '>=', fromDay)
        .as('clicks'),
      eb
        .selectFrom('tracking_links as t')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('t.mailto_link_id', '=', 'm.id')
        .where('t.retired_at', 'is', null)
        .as('tracking_links'),
      eb
        .selectFrom('tracking_links as t')
        .select('t.slug')
        .whereRef('t.mailto_link_id', '=', 'm.id')
        .where('t.retired_at', 'is', null)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(1)
        .as('newest_slug'),
    ])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        clicks: num(r.clicks),
        trackingLinks: num(r.tracking_links),
        newestSlug: r.newest_slug ?? null,
      },
    ]),
  );
}
