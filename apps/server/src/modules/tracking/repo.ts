import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { DB, LinkRow, NewClick, NewTrackingLink, TrackingLinkRow } from '../../db/types';
import { PREMIUM_TIERS } from '@mailtokit/contracts/user';

type Conn = Kysely<DB> | Transaction<DB>;

/** Rows per INSERT statement (9 columns: well under either database's parameter limit). */
const INSERT_CHUNK = 500;

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

/**
 * The active tracking link behind a slug and the stored fields of its mailto link, with the
 * link's `updated_at` (the built URL is cached per link and version).
 */
export type RedirectTarget = Pick<LinkRow, 'to' | 'cc' | 'bcc' | 'subject' | 'body'> & {
  trackingLinkId: number;
  mailtoLinkId: number;
  updatedAt: string;
};

function redirectTargetQuery(db: Kysely<DB>, slug: string) {
  return db
    .selectFrom('tracking_links as t')
    .innerJoin('mailto_links as m', 'm.id', 't.mailto_link_id')
    .select([
      't.id as trackingLinkId',
      't.mailto_link_id as mailtoLinkId',
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

/** A click to store, with the link it counts for (kept in the rollup, not in `clicks`). */
export type ClickRecord = NewClick & { mailto_link_id: number };

/** A stored click as the webhooks' outbox needs it: its id and link, time and bot flag. */
export type StoredClick = Pick<ClickRecord, 'mailto_link_id' | 'occurred_at' | 'is_bot'> & {
  id: number;
};

/**
 * Stores clicks in one transaction: the raw rows (multi-row INSERTs), the visitors each link
 * sees for the first time that day, the per-link, per-day rollup (one upsert per link and
 * day) and the webhook events of human clicks (the outbox). Either all of it commits or none.
 * Returns how many webhook events were queued: `queueEvents` writes them in the same
 * transaction (the webhooks module's outbox; left out, no events are written).
 */
export async function insertClicks(
  db: Kysely<DB>,
  clicks: readonly ClickRecord[],
  queueEvents?: (trx: Conn, clicks: readonly StoredClick[]) => Promise<number>,
): Promise<number> {
  if (clicks.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const stored: StoredClick[] = [];
    for (let i = 0; i < clicks.length; i += INSERT_CHUNK) {
      const chunk = clicks.slice(i, i + INSERT_CHUNK);
      const result = await trx
        .insertInto('clicks')
        .values(chunk.map(({ mailto_link_id: _, ...click }) => click))
        .executeTakeFirstOrThrow();
      // One multi-row INSERT takes consecutive ids: SQLite's single writer gives each row the
      // largest id so far plus one. (PostgreSQL reports no last id; its click batches take
      // the single statement of `insertClicksPostgres`, and this path queues no events there.)
      const last = result.insertId === undefined ? NaN : Number(result.insertId);
      chunk.forEach((c, j) =>
        stored.push({
          id: last - chunk.length + 1 + j,
          mailto_link_id: c.mailto_link_id,
          occurred_at: c.occurred_at,
          is_bot: c.is_bot,
        }),
      );
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
    if (!queueEvents) return 0;
    if (stored.some((c) => Number.isNaN(c.id)))
      throw new Error('insertClicks: the database reported no click ids to queue events with');
    return queueEvents(trx, stored);
  });
}

/** The tiers whose plan includes webhooks, as an SQL list (constants). */
const PREMIUM_TIERS_SQL = PREMIUM_TIERS.map((t) => `'${t}'`).join(', ');

/**
 * PostgreSQL: the whole of `insertClicks` in one statement, so one round trip per batch
 * (no BEGIN / COMMIT around several INSERTs): the clicks arrive as one array per column
 * (`unnest`), and data-modifying CTEs insert the raw rows, the day's new visitors, the rollup
 * deltas (counting only the visitors whose insert was not a conflict) and the webhooks'
 * outbox: one row per webhook covering any human click of the batch, with those clicks' ids
 * (the webhooks module's rules: a listed link only while the webhook's owner may read it,
 * their own or shared with a team they belong to, and only while the owner's plan includes
 * webhooks at the click's time). A single statement is atomic: all of it commits or none. It
 * runs as a named (server-side prepared) statement on each connection.
 */
const CLICK_BATCH_SQL = `
with input as (
  select * from unnest(
    $1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::int[], $9::text[], $10::text[]
  ) as i(tracking_link_id, mailto_link_id, occurred_at, referrer_host, browser, os, device,
         is_bot, visitor_hash, classification)
),
raw as (
  insert into clicks (tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash, classification)
  select tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash, classification
  from input
  returning id, tracking_link_id, occurred_at, is_bot
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
  select w.id as webhook_id, m.id as mailto_link_id, u.subscription_expires_at as plan_ends
  from webhooks w join users u on u.id = w.user_id join mailto_links m on m.user_id = w.user_id
  where w.all_links = 1 and w.disabled_at is null and u.subscription_tier in (${PREMIUM_TIERS_SQL})
    and m.id in (select mailto_link_id from input where is_bot = 0)
  union all
  select w.id, wl.mailto_link_id, u.subscription_expires_at
  from webhook_links wl join webhooks w on w.id = wl.webhook_id
    join users u on u.id = w.user_id
    join mailto_links m on m.id = wl.mailto_link_id
  where w.all_links = 0 and w.disabled_at is null and u.subscription_tier in (${PREMIUM_TIERS_SQL})
    and wl.mailto_link_id in (select mailto_link_id from input where is_bot = 0)
    and (m.user_id = w.user_id or exists (
      select 1 from team_members tm where tm.team_id = m.team_id and tm.user_id = w.user_id))
),
links as (
  select distinct tracking_link_id, mailto_link_id from input
),
events as (
  insert into webhook_outbox (webhook_id, event_key, click_ids, created_at)
  select h.webhook_id, $11, string_agg(r.id::text, ',' order by r.id), min(r.occurred_at)
  from raw r join links l on l.tracking_link_id = r.tracking_link_id
    join hooks h on h.mailto_link_id = l.mailto_link_id
  where r.is_bot = 0 and (h.plan_ends is null or h.plan_ends > r.occurred_at)
  group by h.webhook_id
  returning length(click_ids) - length(replace(click_ids, ',', '')) + 1 as n
)
select coalesce(sum(n), 0)::int as events from events`;

/**
 * `insertClicks` on PostgreSQL in one round trip (see CLICK_BATCH_SQL); the same rows, rollup
 * and outbox (`eventKey`: the batch's event key, from the webhooks module).
 */
export async function insertClicksPostgres(
  pool: pg.Pool,
  clicks: readonly ClickRecord[],
  eventKey: string,
): Promise<number> {
  if (clicks.length === 0) return 0;
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
    classification: new Array<string>(n),
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
    cols.classification[i] = c.classification ?? (c.is_bot ? 'bot' : 'human');
  }
  const result = await pool.query<{ events: number }>({
    name: 'mailtokit-click-batch',
    text: CLICK_BATCH_SQL,
    values: [...Object.values(cols), eventKey],
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
