import { sql } from 'kysely';
import {
  dropStatementTriggers,
  linkDeleteFunction,
  ownerOf,
  statementTriggers,
  TRIGGER_OPS,
} from './helpers';
import type { DialectMigration } from './types';

/**
 * Two coarser rollups of the rollup by country (`click_daily_places`), so that the overview
 * filtered to one country reads a row per day (or per link and month), not a row per link and
 * day:
 *
 * - `click_owner_places`: per user, dimension, country, day and value, the rows of every link
 *   the user wrote, for the dimensions the overview shows (`clicks`, `visitors`, `filtered`,
 *   `source`, `opened`, `city`). Read for the account's own links.
 * - `click_monthly_places`: per link, dimension, country and month, `clicks`, `visitors` and
 *   `filtered` (all reasons together). The links table of the overview reads whole months from
 *   it and the days around them from the daily rows, as `click_monthly` serves the unfiltered
 *   one.
 *
 * Both are kept by triggers on `click_daily_places`, as `click_owner_dims` is kept on
 * `click_daily_dims` (migration 057): whoever writes the rollup by country (a click batch, a
 * rebuild, a choice moving its page view) keeps them. SQLite has row triggers only;
 * PostgreSQL's are per statement (below). Before a link is deleted its rows of the
 * author's dimensions leave the rollup by country, while its author can still be read; the
 * monthly rows go with the link (foreign key).
 */
export const m058ClickPlacesByAuthorAndMonth: DialectMigration = (dialect) => ({
  async up(db) {
    let owner = db.schema
      .createTable('click_owner_places')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('dim', 'varchar(8)', (c) => c.notNull())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_owner_places_pk', [
        'user_id',
        'country',
        'day',
        'dim',
        'value',
      ]);
    let monthly = db.schema
      .createTable('click_monthly_places')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('dim', 'varchar(8)', (c) => c.notNull())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_monthly_places_pk', [
        'mailto_link_id',
        'country',
        'month',
        'dim',
      ]);
    if (dialect === 'sqlite') {
      owner = owner.modifyEnd(sql`without rowid`);
      monthly = monthly.modifyEnd(sql`without rowid`);
    }
    await owner.execute();
    await monthly.execute();
    await sql`
      insert into click_owner_places (user_id, dim, country, day, value, clicks)
      select m.user_id, p.dim, p.country, p.day, p.value, sum(p.clicks)
      from click_daily_places p join mailto_links m on m.id = p.mailto_link_id
      where p.dim in (${sql.raw(OWNER_DIMS)})
      group by m.user_id, p.dim, p.country, p.day, p.value
    `.execute(db);
    await sql`
      insert into click_monthly_places (mailto_link_id, dim, country, month, clicks)
      select mailto_link_id, dim, country, substr(day, 1, 7), sum(clicks)
      from click_daily_places
      where dim in (${sql.raw(MONTHLY_DIMS)})
      group by mailto_link_id, dim, country, substr(day, 1, 7)
    `.execute(db);
    for (const statement of dialect === 'sqlite' ? SQLITE_UP : POSTGRES_UP)
      await sql.raw(statement).execute(db);
  },
  async down(db) {
    for (const statement of dialect === 'sqlite' ? SQLITE_DOWN : POSTGRES_DOWN)
      await sql.raw(statement).execute(db);
    await db.schema.dropTable('click_monthly_places').execute();
    await db.schema.dropTable('click_owner_places').execute();
  },
});

/** The dimensions the per-author rollup by country keeps: what the overview shows. */
const OWNER_DIMS = `'clicks', 'visitors', 'filtered', 'source', 'opened', 'city'`;
/** The dimensions the monthly rollup by country keeps: a link's figures. */
const MONTHLY_DIMS = `'clicks', 'visitors', 'filtered'`;

const owner = {
  insert: `insert into click_owner_places (user_id, dim, country, day, value, clicks)
     select m.user_id, new.dim, new.country, new.day, new.value, new.clicks from mailto_links m
     where m.id = new.mailto_link_id
     on conflict (user_id, country, day, dim, value) do update set
       clicks = click_owner_places.clicks + excluded.clicks`,
  update: `update click_owner_places set clicks = clicks + new.clicks - old.clicks
     where user_id = ${ownerOf('new.mailto_link_id')} and country = new.country
       and day = new.day and dim = new.dim and value = new.value`,
  delete: `update click_owner_places set clicks = clicks - old.clicks
     where user_id = ${ownerOf('old.mailto_link_id')} and country = old.country
       and day = old.day and dim = old.dim and value = old.value`,
};

const monthly = {
  insert: `insert into click_monthly_places (mailto_link_id, dim, country, month, clicks)
     values (new.mailto_link_id, new.dim, new.country, substr(new.day, 1, 7), new.clicks)
     on conflict (mailto_link_id, country, month, dim) do update set
       clicks = click_monthly_places.clicks + excluded.clicks`,
  update: `update click_monthly_places set clicks = clicks + new.clicks - old.clicks
     where mailto_link_id = new.mailto_link_id and country = new.country
       and month = substr(new.day, 1, 7) and dim = new.dim`,
  delete: `update click_monthly_places set clicks = clicks - old.clicks
     where mailto_link_id = old.mailto_link_id and country = old.country
       and month = substr(old.day, 1, 7) and dim = old.dim`,
};

/** Before a link is deleted: its rollup rows go while its author can still be read. */
const LINK_DELETE = [
  `delete from click_daily where mailto_link_id = old.id`,
  `delete from click_daily_dims where mailto_link_id = old.id and dim = 'filtered'`,
  `delete from click_daily_dims where mailto_link_id = old.id
     and dim in ('country', 'source', 'opened')`,
];
const LINK_DELETE_NOW = [
  ...LINK_DELETE,
  `delete from click_daily_places where mailto_link_id = old.id and dim in (${OWNER_DIMS})`,
];

const SQLITE_UP = [
  ...TRIGGER_OPS.flatMap((op) => {
    const row = op === 'delete' ? 'old' : 'new';
    return [
      `create trigger click_owner_places_${op} after ${op} on click_daily_places
         when ${row}.dim in (${OWNER_DIMS}) begin ${owner[op]}; end`,
      `create trigger click_monthly_places_${op} after ${op} on click_daily_places
         when ${row}.dim in (${MONTHLY_DIMS}) begin ${monthly[op]}; end`,
    ];
  }),
  `drop trigger mailto_links_rollups_delete`,
  `create trigger mailto_links_rollups_delete before delete on mailto_links begin
     ${LINK_DELETE_NOW.join(';\n')}; end`,
];

const SQLITE_DOWN = [
  ...TRIGGER_OPS.flatMap((op) => [
    `drop trigger click_owner_places_${op}`,
    `drop trigger click_monthly_places_${op}`,
  ]),
  `drop trigger mailto_links_rollups_delete`,
  `create trigger mailto_links_rollups_delete before delete on mailto_links begin
     ${LINK_DELETE.join(';\n')}; end`,
];

/**
 * PostgreSQL: one trigger per statement, not per row. A statement's rows (its transition
 * tables) become one grouped upsert per rollup, in the rollup's key order: a rebuild of
 * millions of rows runs one statement instead of a function call per row, and two click
 * batches lock the rows they share in one order. Rows of a link already gone (a cascade) are
 * skipped: its rows of these rollups go with it.
 */
const DELTAS = {
  insert: `select mailto_link_id, dim, country, day, value, clicks from new_rows`,
  // The new rows added and the old ones taken away, grouped below: no join of the two
  // transition tables (they have no index; joined, a batch's thousands of rows met each other).
  update: `select mailto_link_id, dim, country, day, value, clicks from new_rows
     union all select mailto_link_id, dim, country, day, value, -clicks from old_rows`,
  delete: `select mailto_link_id, dim, country, day, value, -clicks as clicks from old_rows`,
} as const;

const postgresUpserts = (deltas: string) => [
  `insert into click_owner_places (user_id, dim, country, day, value, clicks)
     select m.user_id, d.dim, d.country, d.day, d.value, sum(d.clicks)
     from (${deltas}) d join mailto_links m on m.id = d.mailto_link_id
     where d.dim in (${OWNER_DIMS})
     group by m.user_id, d.country, d.day, d.dim, d.value
     order by m.user_id, d.country, d.day, d.dim, d.value
     on conflict (user_id, country, day, dim, value) do update set
       clicks = click_owner_places.clicks + excluded.clicks`,
  `insert into click_monthly_places (mailto_link_id, dim, country, month, clicks)
     select d.mailto_link_id, d.dim, d.country, substr(d.day, 1, 7), sum(d.clicks)
     from (${deltas}) d
     where d.dim in (${MONTHLY_DIMS})
       and exists (select 1 from mailto_links m where m.id = d.mailto_link_id)
     group by d.mailto_link_id, d.country, substr(d.day, 1, 7), d.dim
     order by d.mailto_link_id, d.country, substr(d.day, 1, 7), d.dim
     on conflict (mailto_link_id, country, month, dim) do update set
       clicks = click_monthly_places.clicks + excluded.clicks`,
];

const POSTGRES_UP = [
  ...statementTriggers('click_daily_places', 'click_places_coarse', (op) =>
    postgresUpserts(DELTAS[op]),
  ),
  linkDeleteFunction(LINK_DELETE_NOW),
];

const POSTGRES_DOWN = [
  ...dropStatementTriggers('click_daily_places', 'click_places_coarse'),
  linkDeleteFunction(LINK_DELETE),
];
