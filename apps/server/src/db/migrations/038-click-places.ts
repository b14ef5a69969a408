import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Where a click came from, derived from the client address at the click (the address itself is
 * never stored): `country`, an ISO 3166-1 alpha-2 code, null when unknown; `region` (the first
 * subdivision's ISO code) and `city` only when the operator's database has them. PostgreSQL's
 * click inbox carries them to the applier. The breakdown rollup gains a `country` dimension;
 * the human clicks counted before count there as unknown ('').
 */
export const m038ClickPlaces: DialectMigration = (dialect) => ({
  async up(db) {
    const tables = dialect === 'postgres' ? ['clicks', 'click_inbox'] : ['clicks'];
    for (const table of tables) {
      await sql`alter table ${sql.table(table)} add column country varchar(2)`.execute(db);
      await sql`alter table ${sql.table(table)} add column region varchar(8)`.execute(db);
      await sql`alter table ${sql.table(table)} add column city varchar(100)`.execute(db);
    }
    await sql`insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
      select mailto_link_id, 'country', day, '', clicks from click_daily where clicks > 0`.execute(
      db,
    );
  },
  async down(db) {
    await sql`delete from click_daily_dims where dim = 'country'`.execute(db);
    const tables = dialect === 'postgres' ? ['clicks', 'click_inbox'] : ['clicks'];
    for (const table of tables)
      for (const column of ['city', 'region', 'country'])
        await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
  },
});
