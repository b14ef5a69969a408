import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Links can be archived (docs/decisions/0048-archive-and-safe-deletion.md): `archived_at` on
 * `mailto_links` (null = in the list), and its flag `archived` (0/1) in `mailto_link_search`,
 * which every filtered count and search reads. The search table's triggers (migration 012)
 * now also copy the flag, on insert and on every change of `archived_at`, so no write path can
 * leave the two apart. An archived link keeps its tracking links: they still redirect and
 * count.
 */
export const m030LinksArchive: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema.alterTable('mailto_links').addColumn('archived_at', 'text').execute();
    await db.schema
      .alterTable('mailto_link_search')
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (dialect === 'sqlite') {
      await sql`drop trigger mailto_links_search_insert`.execute(db);
      await sql`drop trigger mailto_links_search_update`.execute(db);
      await sql`create trigger mailto_links_search_insert after insert on mailto_links begin
        insert into mailto_link_search (user_id, link_id, team_id, search_text, archived)
        values (new.user_id, new.id, new.team_id, new.search_text,
          case when new.archived_at is null then 0 else 1 end);
      end`.execute(db);
      await sql`create trigger mailto_links_search_update
        after update of user_id, team_id, search_text, archived_at on mailto_links begin
        update mailto_link_search
        set user_id = new.user_id, team_id = new.team_id, search_text = new.search_text,
          archived = case when new.archived_at is null then 0 else 1 end
        where user_id = old.user_id and link_id = old.id;
      end`.execute(db);
    } else {
      await sql`create or replace function mailto_links_search_sync() returns trigger
        language plpgsql as $$
        begin
          insert into mailto_link_search (link_id, user_id, team_id, search_text, archived)
          values (new.id, new.user_id, new.team_id, new.search_text,
            case when new.archived_at is null then 0 else 1 end)
          on conflict (link_id) do update set user_id = excluded.user_id,
            team_id = excluded.team_id, search_text = excluded.search_text,
            archived = excluded.archived;
          return null;
        end $$`.execute(db);
      await sql`drop trigger mailto_links_search_update on mailto_links`.execute(db);
      await sql`create trigger mailto_links_search_update
        after update of user_id, team_id, search_text, archived_at on mailto_links
        for each row execute function mailto_links_search_sync()`.execute(db);
    }
  },
  async down(db) {
    if (dialect === 'sqlite') {
      await sql`drop trigger mailto_links_search_insert`.execute(db);
      await sql`drop trigger mailto_links_search_update`.execute(db);
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
    } else {
      await sql`create or replace function mailto_links_search_sync() returns trigger
        language plpgsql as $$
        begin
          insert into mailto_link_search (link_id, user_id, team_id, search_text)
          values (new.id, new.user_id, new.team_id, new.search_text)
          on conflict (link_id) do update set user_id = excluded.user_id,
            team_id = excluded.team_id, search_text = excluded.search_text;
          return null;
        end $$`.execute(db);
      await sql`drop trigger mailto_links_search_update on mailto_links`.execute(db);
      await sql`create trigger mailto_links_search_update
        after update of user_id, team_id, search_text on mailto_links
        for each row execute function mailto_links_search_sync()`.execute(db);
    }
    await db.schema.alterTable('mailto_link_search').dropColumn('archived').execute();
    await db.schema.alterTable('mailto_links').dropColumn('archived_at').execute();
  },
});
