import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Where a click came from, derived from the client address at the click (the address itself is
 * never stored): `country`, an ISO 3166-1 alpha-2 code, null when unknown; `region` (the first
 * subdivision's ISO code) and `city` only when the operator's database has them. PostgreSQL's
 * click inbox carries them to the applier.
 */
export const m038ClickPlaces: DialectMigration = (dialect) => ({
  async up(db) {
    const tables = dialect === 'postgres' ? ['clicks', 'click_inbox'] : ['clicks'];
    for (const table of tables) {
      await sql`alter table ${sql.table(table)} add column country varchar(2)`.execute(db);
      await sql`alter table ${sql.table(table)} add column region varchar(8)`.execute(db);
      await sql`alter table ${sql.table(table)} add column city varchar(100)`.execute(db);
    }
  },
  async down(db) {
    const tables = dialect === 'postgres' ? ['clicks', 'click_inbox'] : ['clicks'];
    for (const table of tables)
      for (const column of ['city', 'region', 'country'])
        await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
  },
});
