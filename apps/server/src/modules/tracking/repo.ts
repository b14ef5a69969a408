import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { DB, LinkRow, NewClick, NewTrackingLink, TrackingLinkRow } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

/** Rows per INSERT statement (8 columns: well under either database's parameter limit). */
const INSERT_CHUNK = 500;

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

/**
 * The active tracking link behind a slug and the stored fields of its mailto link, with the
 * link's `updated_at` (the built URL is cached per link and version).
 */
export type RedirectTarget = Pick<LinkRow, 'to' | 'cc' | 'bcc' | 'subject' | 'body'> & {
  trackingLinkId: number;
  mailtoLinkId: number;
  label: string | null;
  updatedAt: string;
};

function redirectTargetQuery(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('tracking_links as t')
    .innerJoin('mailto_links as m', 'm.id', 't.mailto_link_id')
    .select([
      't.id as trackingLinkId',
      't.mailto_link_id as mailtoLinkId',
      't.label',
      'm.updated_at as updatedAt',
      'm.to',
      'm.cc',
      'm.bcc',
      'm.subject',
      'm.body',
    ])
    .where('t.slug', '=', slug)
    .where('t.retired_at', 'is', null);
}

/** The redirect lookup's SQL, compiled once per database (it runs on every click). */
const redirectSql = new WeakMap<Kysely<DB>, string>();

function redirectSqlOf(db: Kysely<DB>): string {
  let text = redirectSql.get(db);
  if (text === undefined) {
    text = redirectTargetQuery(db, '').compile().sql;
    redirectSql.set(db, text);
  }
  return text;
}

/** One indexed lookup per click (slug is unique); retired slugs and deleted links miss. */
export async function findRedirectTarget(
  db: Kysely<DB>,
  slug: string,
): Promise<RedirectTarget | undefined> {
  const text = redirectSqlOf(db);
  const { rows } = await db.executeQuery<RedirectTarget>(CompiledQuery.raw(text, [slug]));
  return rows[0];
}

/** `findRedirectTarget` on PostgreSQL as a named (server-side prepared) statement. */
export async function findRedirectTargetPostgres(
  pool: pg.Pool,
  db: Kysely<DB>,
  slug: string,
): Promise<RedirectTarget | undefined> {
  const text = redirectSqlOf(db);
  const { rows } = await pool.query<RedirectTarget>({
    name: 'mailtokit-redirect-target',
    text,
    values: [slug],
  });
  return rows[0];
}

/**
 * A click to store, with the link it counts for (kept in the rollup, not in `clicks`) and the
 * tracking link's slug and label (for webhook events).
 */
export type ClickRecord = NewClick & {
  mailto_link_id: number;
  slug?: string;
  label?: string | null;
};

/**
 * Stores clicks in one transaction: the raw rows (multi-row INSERTs), the visitors each link
 * sees for the first time that day, the per-link, per-day rollup (one upsert per link and
 * day) and the webhook events of human clicks (the outbox). Either all of it commits or none.
 * Returns how many webhook deliveries were queued: `queueEvents` writes them in the same
 * transaction (the webhooks module's outbox; left out, no events are written).
 */
export async function insertClicks(
  db: Kysely<DB>,
  clicks: readonly ClickRecord[],
  queueEvents: (trx: Conn, clicks: readonly ClickRecord[]) => Promise<number> = async () => 0,
): Promise<number> {
  if (clicks.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    for (let i = 0; i < clicks.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('clicks')
        .values(
          clicks
            .slice(i, i + INSERT_CHUNK)
            .map(({ mailto_link_id: _, slug: _s, label: _l, ...click }) => click),
        )
        .execute();
    }

    // Which (link, day, visitor) triples are new? The primary key decides, also against
    // another instance committing the same visitor at the same time.
    const seen = new Map<string, { mailto_link_id: number; day: string; visitor_hash: string }>();
    for (const c of clicks) {
      if (c.is_bot) continue;
      const day = c.occurred_at.slice(0, 10);
      seen.set(`${c.mailto_link_id}|${day}|${c.visitor_hash}`, {
        mailto_link_id: c.mailto_link_id,
        day,
        visitor_hash: c.visitor_hash,
      });
    }
    const candidates = [...seen.values()];
    const newVisitors = new Map<string, number>();
    for (let i = 0; i < candidates.length; i += INSERT_CHUNK) {
      const inserted = await trx
        .insertInto('daily_visitors')
        .values(candidates.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['mailto_link_id', 'day', 'visitor_hash']).doNothing())
        .returning(['mailto_link_id', 'day'])
        .execute();
      for (const v of inserted) {
        const key = `${v.mailto_link_id}|${v.day}`;
        newVisitors.set(key, (newVisitors.get(key) ?? 0) + 1);
      }
    }

    const rollup = new Map<
      string,
      {
        mailto_link_id: number;
        day: string;
        clicks: number;
        bot_clicks: number;
        visitors: number;
        last_click_at: string | null;
      }
    >();
    for (const c of clicks) {
      const day = c.occurred_at.slice(0, 10);
      const key = `${c.mailto_link_id}|${day}`;
      let r = rollup.get(key);
      if (!r) {
        r = {
          mailto_link_id: c.mailto_link_id,
          day,
          clicks: 0,
          bot_clicks: 0,
          visitors: newVisitors.get(key) ?? 0,
          last_click_at: null,
        };
        rollup.set(key, r);
      }
      if (c.is_bot) r.bot_clicks += 1;
      else {
        r.clicks += 1;
        if (r.last_click_at === null || c.occurred_at > r.last_click_at)
          r.last_click_at = c.occurred_at;
      }
    }
    const deltas = [...rollup.values()];
    for (let i = 0; i < deltas.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('click_daily')
        .values(deltas.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['mailto_link_id', 'day']).doUpdateSet({
            clicks: sql`click_daily.clicks + excluded.clicks`,
            bot_clicks: sql`click_daily.bot_clicks + excluded.bot_clicks`,
            visitors: sql`click_daily.visitors + excluded.visitors`,
            last_click_at: sql`case when excluded.last_click_at is not null and (click_daily.last_click_at is null or excluded.last_click_at > click_daily.last_click_at) then excluded.last_click_at else click_daily.last_click_at end`,
          }),
        )
        .execute();
    }

    // Webhook events of these clicks: written with them, or not at all.
    return queueEvents(trx, clicks);
  });
}

/**
 * PostgreSQL: the whole of `insertClicks` in one statement, so one round trip per batch
 * (no BEGIN / COMMIT around several INSERTs): the clicks arrive as one array per column
 * (`unnest`), and data-modifying CTEs insert the raw rows, the day's new visitors, the rollup
 * deltas (counting only the visitors whose insert was not a conflict) and the webhook outbox
 * rows of human clicks whose link a live webhook covers (a listed link only while the
 * webhook's owner may read it: their own, or shared with a team they belong to). A single statement is atomic: all of
 * it commits or none. It runs as a named (server-side prepared) statement on each connection.
 */
const CLICK_BATCH_SQL = `
with input as (
  select * from unnest(
    $1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::int[], $9::text[], $10::text[], $11::text[]
  ) as i(tracking_link_id, mailto_link_id, occurred_at, referrer_host, browser, os, device,
         is_bot, visitor_hash, event_id, payload)
),
raw as (
  insert into clicks (tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash)
  select tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash
  from input
),
new_visitors as (
  insert into daily_visitors (mailto_link_id, day, visitor_hash)
  select distinct mailto_link_id, substr(occurred_at, 1, 10), visitor_hash from input where is_bot = 0
  on conflict (mailto_link_id, day, visitor_hash) do nothing
  returning mailto_link_id, day
),
visitor_counts as (
  select mailto_link_id, day, count(*)::int as n from new_visitors group by mailto_link_id, day
),
deltas as (
  select mailto_link_id, substr(occurred_at, 1, 10) as day,
    count(*) filter (where is_bot = 0)::int as clicks,
    count(*) filter (where is_bot <> 0)::int as bot_clicks,
    max(occurred_at) filter (where is_bot = 0) as last_click_at
  from input group by mailto_link_id, substr(occurred_at, 1, 10)
),
rollup as (
  insert into click_daily (mailto_link_id, day, clicks, bot_clicks, visitors, last_click_at)
  select d.mailto_link_id, d.day, d.clicks, d.bot_clicks, coalesce(v.n, 0), d.last_click_at
  from deltas d left join visitor_counts v on v.mailto_link_id = d.mailto_link_id and v.day = d.day
  on conflict (mailto_link_id, day) do update set
    clicks = click_daily.clicks + excluded.clicks,
    bot_clicks = click_daily.bot_clicks + excluded.bot_clicks,
    visitors = click_daily.visitors + excluded.visitors,
    last_click_at = case
      when excluded.last_click_at is not null
       and (click_daily.last_click_at is null or excluded.last_click_at > click_daily.last_click_at)
      then excluded.last_click_at else click_daily.last_click_at end
),
hooks as (
  select w.id as webhook_id, m.id as mailto_link_id
  from webhooks w join mailto_links m on m.user_id = w.user_id
  where w.all_links = 1 and w.disabled_at is null
    and m.id in (select mailto_link_id from input where is_bot = 0)
  union all
  select w.id, wl.mailto_link_id
  from webhook_links wl join webhooks w on w.id = wl.webhook_id
    join mailto_links m on m.id = wl.mailto_link_id
  where w.all_links = 0 and w.disabled_at is null
    and wl.mailto_link_id in (select mailto_link_id from input where is_bot = 0)
    and (m.user_id = w.user_id or exists (
      select 1 from team_members tm where tm.team_id = m.team_id and tm.user_id = w.user_id))
),
events as (
  insert into webhook_deliveries (webhook_id, event_id, event_type, payload, status, attempts,
    next_attempt_at, last_attempt_at, response_status, last_error, created_at, completed_at)
  select h.webhook_id, i.event_id, 'link.clicked', i.payload, 'pending', 0,
    i.occurred_at, null, null, null, i.occurred_at, null
  from input i join hooks h on h.mailto_link_id = i.mailto_link_id
  where i.is_bot = 0
  returning 1
)
select count(*)::int as events from events`;

/** The `link.clicked` event of a human click: its id and the JSON body that is sent. */
export type ClickEventOf = (click: ClickRecord & { slug: string }) => {
  id: string;
  payload: string;
};

/**
 * `insertClicks` on PostgreSQL in one round trip (see CLICK_BATCH_SQL); the same rows, rollup
 * and outbox. Every human click carries its `link.clicked` event (from `eventOf`, the webhooks
 * module's), used only where a webhook covers its link. Clicks without their slug take
 * `insertClicks` with `queueEvents`, which looks the slug up.
 */
export async function insertClicksPostgres(
  pool: pg.Pool,
  db: Kysely<DB>,
  clicks: readonly ClickRecord[],
  eventOf: ClickEventOf,
  queueEvents: (trx: Conn, clicks: readonly ClickRecord[]) => Promise<number>,
): Promise<number> {
  if (clicks.length === 0) return 0;
  if (clicks.some((c) => !c.is_bot && c.slug === undefined))
    return insertClicks(db, clicks, queueEvents);
  const n = clicks.length;
  const cols = {
    trackingLinkId: new Array<number>(n),
    mailtoLinkId: new Array<number>(n),
    occurredAt: new Array<string>(n),
    referrerHost: new Array<string | null>(n),
    browser: new Array<string>(n),
    os: new Array<string>(n),
    device: new Array<string>(n),
    isBot: new Array<number>(n),
    visitorHash: new Array<string>(n),
    eventId: new Array<string | null>(n),
    payload: new Array<string | null>(n),
  };
  for (let i = 0; i < n; i++) {
    const c = clicks[i] as ClickRecord;
    cols.trackingLinkId[i] = c.tracking_link_id;
    cols.mailtoLinkId[i] = c.mailto_link_id;
    cols.occurredAt[i] = c.occurred_at;
    cols.referrerHost[i] = c.referrer_host ?? null;
    cols.browser[i] = c.browser;
    cols.os[i] = c.os;
    cols.device[i] = c.device;
    cols.isBot[i] = c.is_bot;
    cols.visitorHash[i] = c.visitor_hash;
    if (c.is_bot) {
      cols.eventId[i] = null;
      cols.payload[i] = null;
    } else {
      const event = eventOf({ ...c, slug: c.slug ?? '' });
      cols.eventId[i] = event.id;
      cols.payload[i] = event.payload;
    }
  }
  const result = await pool.query<{ events: number }>({
    name: 'mailtokit-click-batch',
    text: CLICK_BATCH_SQL,
    values: Object.values(cols),
  });
  return result.rows[0]?.events ?? 0;
}

/**
 * Recomputes the rollup from the raw clicks (for data loaded straight into `clicks`, e.g. by
 * a benchmark's seeder). Days from `fromDay` on are replaced; the rest stay.
 */
export async function rebuildClickDaily(db: Kysely<DB>, fromDay = '0000-00-00'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('click_daily').where('day', '>=', fromDay).execute();
    await sql`
      insert into click_daily (mailto_link_id, day, clicks, bot_clicks, visitors, last_click_at)
      select t.mailto_link_id, substr(c.occurred_at, 1, 10),
        sum(case when c.is_bot = 0 then 1 else 0 end),
        sum(case when c.is_bot = 0 then 0 else 1 end),
        count(distinct case when c.is_bot = 0 then c.visitor_hash end),
        max(case when c.is_bot = 0 then c.occurred_at end)
      from clicks c join tracking_links t on t.id = c.tracking_link_id
      where c.occurred_at >= ${fromDay}
      group by t.mailto_link_id, substr(c.occurred_at, 1, 10)
    `.execute(trx);
  });
}

/** The salt of a UTC day: `candidate` if this call created it, else the one stored first. */
export async function ensureSalt(
  db: Conn,
  day: string,
  candidate: string,
  now: string,
): Promise<string> {
  await db
    .insertInto('visitor_salts')
    .values({ day, salt: candidate, created_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('visitor_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets salts, and the per-day visitor sets, of days before `day`. */
export async function pruneVisitorDataBefore(db: Conn, day: string): Promise<void> {
  await db.deleteFrom('visitor_salts').where('day', '<', day).execute();
  await db.deleteFrom('daily_visitors').where('day', '<', day).execute();
}
