import { sql } from 'kysely';
import { ownerOf } from './helpers';
import type { DialectMigration } from './types';

/**
 * A per-link, per-day rollup of the breakdowns, so that a link's top lists and the counts of
 * left-out hits by reason never scan the raw clicks of a range of whole days (a year of a busy
 * link is millions of them). One row per link, dimension, day and value, with its clicks:
 * `tracking` (the tracking link's id), `referrer` (the host, '' when none: a stored host is
 * never empty), `browser`, `os` and `device` count human clicks; `filtered` counts the hits
 * left out, by their `classification`.
 *
 * Kept by triggers on `clicks` in the writing transaction, whichever code writes the clicks:
 * on SQLite one upsert per row and dimension; on PostgreSQL one statement-level trigger that
 * adds up a whole INSERT (its transition table) and upserts each key once. The primary key
 * leads with the link and the dimension, so a range of days of one dimension is one range
 * scan. Rows already stored are rolled up here; `rebuildClickDimensions`
 * (modules/analytics/rollup.ts) recomputes it after a bulk load with the triggers off.
 */
export const m019ClickDimensions: DialectMigration = (dialect) => ({
  async up(db) {
    let table = db.schema
      .createTable('click_daily_dims')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('dim', 'varchar(8)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_daily_dims_pk', ['mailto_link_id', 'dim', 'day', 'value']);
    // SQLite: the rows live in the primary key's b-tree (no second lookup per row).
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();

    // The rows of the clicks already stored (as rebuildClickDimensions does).
    for (const [dim, value] of Object.entries(VALUE_OF))
      await sql`
        insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
        select t.mailto_link_id, ${sql.lit(dim)}, substr(c.occurred_at, 1, 10), ${sql.raw(value)}, count(*)
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        where ${sql.raw(dim === 'filtered' ? 'c.is_bot <> 0' : 'c.is_bot = 0')}
        group by t.mailto_link_id, substr(c.occurred_at, 1, 10), ${sql.raw(value)}
      `.execute(db);

    if (dialect === 'sqlite') {
      await sql`
        create trigger click_daily_dims_insert after insert on clicks begin
          insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
          select t.mailto_link_id, d.dim, substr(new.occurred_at, 1, 10), d.value, 1
          from tracking_links t join (
            select 'tracking' as dim, cast(new.tracking_link_id as text) as value
              where new.is_bot = 0
            union all select 'referrer', coalesce(new.referrer_host, '') where new.is_bot = 0
            union all select 'browser', new.browser where new.is_bot = 0
            union all select 'os', new.os where new.is_bot = 0
            union all select 'device', new.device where new.is_bot = 0
            union all select 'filtered', new.classification where new.is_bot <> 0
          ) d
          where t.id = new.tracking_link_id
          on conflict (mailto_link_id, dim, day, value)
            do update set clicks = click_daily_dims.clicks + 1;
        end`.execute(db);
    } else {
      // Keys are upserted in key order, so two concurrent writers lock them in one order.
      await sql`
        create function click_daily_dims_insert() returns trigger language plpgsql as $$
        begin
          insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
          select t.mailto_link_id, d.dim, substr(n.occurred_at, 1, 10), d.value, count(*)::int
          from new_clicks n join tracking_links t on t.id = n.tracking_link_id
          cross join lateral (
            select 'tracking' as dim, n.tracking_link_id::text as value where n.is_bot = 0
            union all select 'referrer', coalesce(n.referrer_host, '') where n.is_bot = 0
            union all select 'browser', n.browser where n.is_bot = 0
            union all select 'os', n.os where n.is_bot = 0
            union all select 'device', n.device where n.is_bot = 0
            union all select 'filtered', n.classification where n.is_bot <> 0
          ) d
          group by 1, 2, 3, 4
          order by 1, 2, 3, 4
          on conflict (mailto_link_id, dim, day, value)
            do update set clicks = click_daily_dims.clicks + excluded.clicks;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger click_daily_dims_insert after insert on clicks
        referencing new table as new_clicks
        for each statement execute function click_daily_dims_insert()`.execute(db);
    }

    // Coarser rollups for the overview, kept by triggers on the rollups above: per link and
    // month (a year of links is months, not days), and per author and day (the series and
    // the left-out hits of every link of one author, however many links).
    let monthly = db.schema
      .createTable('click_monthly')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bot_clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_click_at', 'varchar(32)')
      .addPrimaryKeyConstraint('click_monthly_pk', ['mailto_link_id', 'month']);
    let owner = db.schema
      .createTable('click_owner_daily')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0));
    for (const reason of REASONS)
      owner = owner.addColumn(reason, 'integer', (c) => c.notNull().defaultTo(0));
    owner = owner.addPrimaryKeyConstraint('click_owner_daily_pk', ['user_id', 'day']);
    if (dialect === 'sqlite') {
      monthly = monthly.modifyEnd(sql`without rowid`);
      owner = owner.modifyEnd(sql`without rowid`);
    }
    await monthly.execute();
    await owner.execute();

    await sql`
      insert into click_monthly (mailto_link_id, month, clicks, bot_clicks, visitors, last_click_at)
      select mailto_link_id, substr(day, 1, 7), sum(clicks), sum(bot_clicks), sum(visitors),
        max(last_click_at)
      from click_daily group by mailto_link_id, substr(day, 1, 7)`.execute(db);
    await sql`
      insert into click_owner_daily (user_id, day, clicks, visitors)
      select m.user_id, d.day, sum(d.clicks), sum(d.visitors)
      from click_daily d join mailto_links m on m.id = d.mailto_link_id
      group by m.user_id, d.day`.execute(db);
    await sql`
      insert into click_owner_daily (user_id, day, ${sql.raw(REASONS.join(', '))})
      select m.user_id, d.day, ${sql.raw(REASONS.map((r) => `sum(case when ${REASON_OF('d.value')} = '${r}' then d.clicks else 0 end)`).join(', '))}
      from click_daily_dims d join mailto_links m on m.id = d.mailto_link_id
      where d.dim = 'filtered'
      group by m.user_id, d.day
      on conflict (user_id, day) do update set ${sql.raw(REASONS.map((r) => `${r} = excluded.${r}`).join(', '))}`.execute(
      db,
    );

    for (const statement of dialect === 'sqlite'
      ? SQLITE_ROLLUP_TRIGGERS
      : POSTGRES_ROLLUP_TRIGGERS)
      await sql.raw(statement).execute(db);
  },
  async down(db) {
    if (dialect === 'sqlite') {
      for (const name of [...TRIGGERS, 'click_daily_dims_insert'])
        await sql.raw(`drop trigger ${name}`).execute(db);
    } else {
      for (const [name, table] of [...PG_TRIGGERS, ['click_daily_dims_insert', 'clicks']])
        await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
      for (const name of [
        'click_daily_rollups',
        'click_dims_rollups',
        'mailto_links_rollups',
        'click_daily_dims_insert',
      ])
        await sql.raw(`drop function ${name}()`).execute(db);
    }
    await db.schema.dropTable('click_owner_daily').execute();
    await db.schema.dropTable('click_monthly').execute();
    await db.schema.dropTable('click_daily_dims').execute();
  },
});

/** Left-out hits by reason: columns of `click_owner_daily`. */
const REASONS = ['bot', 'preview', 'scanner', 'prefetch', 'repeat'] as const;

/** The reason a stored classification counts under (`human` cannot be left out: a bot). */
const REASON_OF = (value: string) =>
  `case when ${value} in ('preview', 'scanner', 'prefetch', 'repeat') then ${value} else 'bot' end`;

/** `col = col + delta` for each reason column, where `delta(r)` is the change for reason r. */
const reasonDeltas = (delta: (r: string) => string) =>
  REASONS.map((r) => `"${r}" = "${r}" + ${delta(r)}`).join(', ');

const LATER = (a: string, b: string) =>
  `case when ${b} is not null and (${a} is null or ${b} > ${a}) then ${b} else ${a} end`;

/** The latest click of a link's month, read again from the daily rows (after a delete). */
const MONTH_LAST = (link: string, day: string) =>
  `(select max(x.last_click_at) from click_daily x where x.mailto_link_id = ${link}
     and x.day >= substr(${day}, 1, 7) || '-01' and x.day < substr(${day}, 1, 7) || '-99')`;

/** Trigger bodies shared by both dialects: `new.` and `old.` rows of click_daily. */
const daily = {
  insert: [
    `insert into click_monthly (mailto_link_id, month, clicks, bot_clicks, visitors, last_click_at)
     values (new.mailto_link_id, substr(new.day, 1, 7), new.clicks, new.bot_clicks, new.visitors,
       new.last_click_at)
     on conflict (mailto_link_id, month) do update set
       clicks = click_monthly.clicks + excluded.clicks,
       bot_clicks = click_monthly.bot_clicks + excluded.bot_clicks,
       visitors = click_monthly.visitors + excluded.visitors,
       last_click_at = ${LATER('click_monthly.last_click_at', 'excluded.last_click_at')}`,
    `insert into click_owner_daily (user_id, day, clicks, visitors)
     select m.user_id, new.day, new.clicks, new.visitors from mailto_links m
     where m.id = new.mailto_link_id
     on conflict (user_id, day) do update set
       clicks = click_owner_daily.clicks + excluded.clicks,
       visitors = click_owner_daily.visitors + excluded.visitors`,
  ],
  update: [
    `update click_monthly set
       clicks = clicks + new.clicks - old.clicks,
       bot_clicks = bot_clicks + new.bot_clicks - old.bot_clicks,
       visitors = visitors + new.visitors - old.visitors,
       last_click_at = ${LATER('last_click_at', 'new.last_click_at')}
     where mailto_link_id = new.mailto_link_id and month = substr(new.day, 1, 7)`,
    `update click_owner_daily set
       clicks = clicks + new.clicks - old.clicks,
       visitors = visitors + new.visitors - old.visitors
     where user_id = ${ownerOf('new.mailto_link_id')} and day = new.day`,
  ],
  delete: [
    `update click_monthly set
       clicks = clicks - old.clicks,
       bot_clicks = bot_clicks - old.bot_clicks,
       visitors = visitors - old.visitors,
       last_click_at = ${MONTH_LAST('old.mailto_link_id', 'old.day')}
     where mailto_link_id = old.mailto_link_id and month = substr(old.day, 1, 7)`,
    `update click_owner_daily set
       clicks = clicks - old.clicks,
       visitors = visitors - old.visitors
     where user_id = ${ownerOf('old.mailto_link_id')} and day = old.day`,
  ],
};

/** Trigger bodies for the left-out hits (`filtered` rows of click_daily_dims). */
const dims = {
  insert: `insert into click_owner_daily (user_id, day, ${REASONS.join(', ')})
     select m.user_id, new.day, ${REASONS.map((r) => `case when ${REASON_OF('new.value')} = '${r}' then new.clicks else 0 end`).join(', ')}
     from mailto_links m where m.id = new.mailto_link_id
     on conflict (user_id, day) do update set ${REASONS.map((r) => `"${r}" = click_owner_daily."${r}" + excluded."${r}"`).join(', ')}`,
  update: `update click_owner_daily set ${reasonDeltas((r) => `case when ${REASON_OF('new.value')} = '${r}' then new.clicks - old.clicks else 0 end`)}
     where user_id = ${ownerOf('new.mailto_link_id')} and day = new.day`,
  delete: `update click_owner_daily set ${reasonDeltas((r) => `case when ${REASON_OF('old.value')} = '${r}' then -old.clicks else 0 end`)}
     where user_id = ${ownerOf('old.mailto_link_id')} and day = old.day`,
};

/**
 * A link about to be deleted takes its rollup rows with it first, while its author is still
 * known, so that the triggers above take them off the author's figures (the cascade that
 * follows finds nothing left).
 */
const LINK_DELETE = [
  `delete from click_daily where mailto_link_id = old.id`,
  `delete from click_daily_dims where mailto_link_id = old.id and dim = 'filtered'`,
];

const TRIGGERS = [
  'click_daily_rollups_insert',
  'click_daily_rollups_update',
  'click_daily_rollups_delete',
  'click_dims_rollups_insert',
  'click_dims_rollups_update',
  'click_dims_rollups_delete',
  'mailto_links_rollups_delete',
];

const SQLITE_ROLLUP_TRIGGERS = [
  `create trigger click_daily_rollups_insert after insert on click_daily begin
     ${daily.insert.join(';\n')}; end`,
  `create trigger click_daily_rollups_update after update on click_daily begin
     ${daily.update.join(';\n')}; end`,
  `create trigger click_daily_rollups_delete after delete on click_daily begin
     ${daily.delete.join(';\n')}; end`,
  `create trigger click_dims_rollups_insert after insert on click_daily_dims
     when new.dim = 'filtered' begin ${dims.insert}; end`,
  `create trigger click_dims_rollups_update after update on click_daily_dims
     when new.dim = 'filtered' begin ${dims.update}; end`,
  `create trigger click_dims_rollups_delete after delete on click_daily_dims
     when old.dim = 'filtered' begin ${dims.delete}; end`,
  `create trigger mailto_links_rollups_delete before delete on mailto_links begin
     ${LINK_DELETE.join(';\n')}; end`,
];

const PG_TRIGGERS: [name: string, table: string][] = [
  ['click_daily_rollups', 'click_daily'],
  ['click_dims_rollups', 'click_daily_dims'],
  ['mailto_links_rollups', 'mailto_links'],
];

const plpgsql = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql as $$
   begin
     ${body}
   end $$`;

const POSTGRES_ROLLUP_TRIGGERS = [
  plpgsql(
    'click_daily_rollups',
    `if tg_op = 'INSERT' then ${daily.insert.join(';\n')};
     elsif tg_op = 'UPDATE' then ${daily.update.join(';\n')};
     else ${daily.delete.join(';\n')};
     end if;
     return null;`,
  ),
  plpgsql(
    'click_dims_rollups',
    `if tg_op = 'INSERT' then
       if new.dim = 'filtered' then ${dims.insert}; end if;
     elsif tg_op = 'UPDATE' then
       if new.dim = 'filtered' then ${dims.update}; end if;
     elsif old.dim = 'filtered' then ${dims.delete};
     end if;
     return null;`,
  ),
  plpgsql('mailto_links_rollups', `${LINK_DELETE.join(';\n')}; return old;`),
  `create trigger click_daily_rollups after insert or update or delete on click_daily
   for each row execute function click_daily_rollups()`,
  `create trigger click_dims_rollups after insert or update or delete on click_daily_dims
   for each row execute function click_dims_rollups()`,
  `create trigger mailto_links_rollups before delete on mailto_links
   for each row execute function mailto_links_rollups()`,
];

/** Each dimension's stored value, as an expression over `clicks c`. */
const VALUE_OF: Record<string, string> = {
  tracking: 'cast(c.tracking_link_id as varchar(255))',
  referrer: `coalesce(c.referrer_host, '')`,
  browser: 'c.browser',
  os: 'c.os',
  device: 'c.device',
  filtered: 'c.classification',
};
