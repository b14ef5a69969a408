import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The rollup by country (`click_daily_places`) counts cities only where the city is known: the
 * rows of the `city` breakdown for an unknown city (value '') are dropped. Nothing reads them
 * (the cities of a page are the named ones), yet every click wrote one and every page's cities
 * scanned them. The click rules no longer write them.
 */
export const m056PlacesKnownCitiesOnly: DialectMigration = () => ({
  async up(db) {
    await sql`delete from click_daily_places where dim = 'city' and value = ''`.execute(db);
  },
  async down() {
    // Nothing read the rows of an unknown city: they are not brought back.
  },
});
