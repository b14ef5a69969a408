import { sql } from 'kysely';
import { ownerOf, linkDeleteFunction } from './helpers';
import type { DialectMigration } from './types';

/**
 * The per-author rollup of three breakdowns (`click_owner_dims`): per user, dimension, day and
 * value, the human clicks of every link the user wrote by `country` (the code, '' when
 * unknown), `source` (`link` or `qr`) and `opened` (chooser page views by choice). The
 * overview of an account reads a row per day and value from it instead of a row per link,
 * day and value from `click_daily_dims` (a year of an account with 1,000 links read millions
 * of rows). Kept by triggers on `click_daily_dims`, as `click_owner_daily` is (migration 019):
 * whoever writes the breakdown rollup (a click batch, a rebuild, a choice moving its page view)
 * keeps this one. A link's rows leave it before the link is deleted (the link's author is read
 * through `mailto_links`, gone after the delete).
 */
export const m057ClickOwnerDims: DialectMigration = (dialect) => ({
  async up(db) {
    let table = db.schema
      .createTable('click_owner_dims')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('dim', 'varchar(8)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_owner_dims_pk', ['user_id', 'dim', 'day', 'value']);
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();
    await sql`
      insert into click_owner_dims (user_id, dim, day, value, clicks)
      select m.user_id, d.dim, d.day, d.value, sum(d.clicks)
      from click_daily_dims d join mailto_links m on m.id = d.mailto_link_id
      where d.dim in (${sql.raw(OWNER_DIMS)})
      group by m.user_id, d.dim, d.day, d.value
    `.execute(db);
    for (const statement of dialect === 'sqlite' ? SQLITE_UP : POSTGRES_UP)
      await sql.raw(statement).execute(db);
  },
  async down(db) {
    for (const statement of dialect === 'sqlite' ? SQLITE_DOWN : POSTGRES_DOWN)
      await sql.raw(statement).execute(db);
    await db.schema.dropTable('click_owner_dims').execute();
  },
});

/** The breakdowns the per-author rollup keeps. */
const OWNER_DIMS = `'country', 'source', 'opened'`;

const body = {
  insert: `insert into click_owner_dims (user_id, dim, day, value, clicks)
     select m.user_id, new.dim, new.day, new.value, new.clicks from mailto_links m
     where m.id = new.mailto_link_id
     on conflict (user_id, dim, day, value) do update set
       clicks = click_owner_dims.clicks + excluded.clicks`,
  update: `update click_owner_dims set clicks = clicks + new.clicks - old.clicks
     where user_id = ${ownerOf('new.mailto_link_id')} and dim = new.dim and day = new.day
       and value = new.value`,
  delete: `update click_owner_dims set clicks = clicks - old.clicks
     where user_id = ${ownerOf('old.mailto_link_id')} and dim = old.dim and day = old.day
       and value = old.value`,
};

/** Before a link is deleted: its rollup rows go while its author can still be read. */
const LINK_DELETE = [
  `delete from click_daily where mailto_link_id = old.id`,
  `delete from click_daily_dims where mailto_link_id = old.id and dim = 'filtered'`,
];
const LINK_DELETE_NOW = [
  ...LINK_DELETE,
  `delete from click_daily_dims where mailto_link_id = old.id and dim in (${OWNER_DIMS})`,
];

const SQLITE_UP = [
  `create trigger click_owner_dims_insert after insert on click_daily_dims
     when new.dim in (${OWNER_DIMS}) begin ${body.insert}; end`,
  `create trigger click_owner_dims_update after update on click_daily_dims
     when new.dim in (${OWNER_DIMS}) begin ${body.update}; end`,
  `create trigger click_owner_dims_delete after delete on click_daily_dims
     when old.dim in (${OWNER_DIMS}) begin ${body.delete}; end`,
  `drop trigger mailto_links_rollups_delete`,
  `create trigger mailto_links_rollups_delete before delete on mailto_links begin
     ${LINK_DELETE_NOW.join(';\n')}; end`,
];

const SQLITE_DOWN = [
  `drop trigger click_owner_dims_insert`,
  `drop trigger click_owner_dims_update`,
  `drop trigger click_owner_dims_delete`,
  `drop trigger mailto_links_rollups_delete`,
  `create trigger mailto_links_rollups_delete before delete on mailto_links begin
     ${LINK_DELETE.join(';\n')}; end`,
];

const POSTGRES_UP = [
  `create function click_owner_dims() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then ${body.insert};
     elsif tg_op = 'UPDATE' then ${body.update};
     else ${body.delete};
     end if;
     return null;
   end $$`,
  `create trigger click_owner_dims_write after insert or update on click_daily_dims
     for each row when (new.dim in (${OWNER_DIMS})) execute function click_owner_dims()`,
  `create trigger click_owner_dims_delete after delete on click_daily_dims
     for each row when (old.dim in (${OWNER_DIMS})) execute function click_owner_dims()`,
  linkDeleteFunction(LINK_DELETE_NOW),
];

const POSTGRES_DOWN = [
  `drop trigger click_owner_dims_write on click_daily_dims`,
  `drop trigger click_owner_dims_delete on click_daily_dims`,
  `drop function click_owner_dims()`,
  linkDeleteFunction(LINK_DELETE),
];
