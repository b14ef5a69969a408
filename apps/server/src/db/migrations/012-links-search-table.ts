import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The saved-links search reads a narrow table of its own (docs/decisions/0011-links-at-volume.md):
 * `mailto_link_search` holds, for every link, its author, its team and its search text, and
 * nothing else. A search, and the exact count of its matches, reads one narrow row per link of
 * the user instead of the whole link (PostgreSQL reads about a quarter of the pages; SQLite
 * reads the user's rows side by side, the table being ordered by user).
 *
 * Triggers on `mailto_links` keep it in step, in the statement's own transaction: every
 * insert, every change of the author, team or search text, every delete (on PostgreSQL the
 * foreign key's cascade). No write path can forget it, the CSV import and the bulk inserts
 * included.
 */
export const m012LinksSearchTable: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect === 'sqlite') {
      await sql`create table mailto_link_search (
        user_id integer not null,
        link_id integer not null,
        team_id integer,
        search_text text not null,
        primary key (user_id, link_id)
      ) without rowid`.execute(db);
      await sql`create trigger mailto_links_search_insert after insert on mailto_links begin
        insert into mailto_link_search (user_id, link_id, team_id, search_text)
        values (new.user_id, new.id, new.team_id, new.search_text);
      end`.execute(db);
      await sql`create trigger mailto_links_search_update
        after update of user_id, team_id, search_text on mailto_links begin
        update mailto_link_search
        set user_id = new.user_id, team_id = new.team_id, search_text = new.search_text
        where user_id = old.user_id and link_id = old.id;
      end`.execute(db);
      await sql`create trigger mailto_links_search_delete after delete on mailto_links begin
        delete from mailto_link_search where user_id = old.user_id and link_id = old.id;
      end`.execute(db);
      // Its search is now answered by the new table.
      await db.schema.dropIndex('mailto_links_user_search').ifExists().execute();
    } else {
      await sql`create table mailto_link_search (
        link_id integer primary key references mailto_links (id) on delete cascade,
        user_id integer not null,
        team_id integer,
        search_text text not null
      )`.execute(db);
      await sql`create function mailto_links_search_sync() returns trigger language plpgsql as $$
        begin
          insert into mailto_link_search (link_id, user_id, team_id, search_text)
          values (new.id, new.user_id, new.team_id, new.search_text)
          on conflict (link_id) do update set user_id = excluded.user_id,
            team_id = excluded.team_id, search_text = excluded.search_text;
          return null;
        end $$`.execute(db);
      await sql`create trigger mailto_links_search_insert after insert on mailto_links
        for each row execute function mailto_links_search_sync()`.execute(db);
      await sql`create trigger mailto_links_search_update
        after update of user_id, team_id, search_text on mailto_links
        for each row execute function mailto_links_search_sync()`.execute(db);
      await db.schema
        .createIndex('mailto_link_search_user')
        .on('mailto_link_search')
        .column('user_id')
        .execute();
    }
    await sql`insert into mailto_link_search (user_id, link_id, team_id, search_text)
      select user_id, id, team_id, search_text from mailto_links`.execute(db);
    await db.schema
      .createIndex('mailto_link_search_team')
      .on('mailto_link_search')
      .column('team_id')
      .execute();
    if (dialect === 'postgres') {
      const trgm = await sql<{ n: number }>`
        select count(*)::int as n from pg_indexes where indexname = 'mailto_links_search_trgm'`.execute(
        db,
      );
      if ((trgm.rows[0]?.n ?? 0) > 0) {
        await sql`drop index mailto_links_search_trgm`.execute(db);
        await sql`create index mailto_link_search_trgm on mailto_link_search
          using gin (search_text gin_trgm_ops)`.execute(db);
      }
      await sql`analyze mailto_link_search`.execute(db);
    }
  },
  async down(db) {
    if (dialect === 'sqlite') {
      for (const name of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`mailto_links_search_${name}`)}`.execute(db);
      await db.schema
        .createIndex('mailto_links_user_search')
        .on('mailto_links')
        .columns(['user_id', 'search_text', 'team_id', 'created_at', 'updated_at', 'name'])
        .execute();
      await db.schema.dropTable('mailto_link_search').execute();
    } else {
      const trgm = await sql<{ n: number }>`
        select count(*)::int as n from pg_indexes where indexname = 'mailto_link_search_trgm'`.execute(
        db,
      );
      await db.schema.dropTable('mailto_link_search').execute();
      await sql`drop trigger mailto_links_search_insert on mailto_links`.execute(db);
      await sql`drop trigger mailto_links_search_update on mailto_links`.execute(db);
      await sql`drop function mailto_links_search_sync()`.execute(db);
      if ((trgm.rows[0]?.n ?? 0) > 0)
        await sql`create index mailto_links_search_trgm on mailto_links
          using gin (search_text gin_trgm_ops)`.execute(db);
    }
  },
});
