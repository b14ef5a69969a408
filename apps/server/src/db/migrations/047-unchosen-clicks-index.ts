import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The chooser page views still waiting for their visitor's choice, by tracking link and
 * visitor: a choice finds its page view through this small partial index (only the clicks
 * whose `opened_with` is `none`), however many clicks the tracking link has.
 */
export const m047UnchosenClicksIndex: DialectMigration = () => ({
  async up(db) {
    await sql`create index clicks_unchosen on clicks (tracking_link_id, visitor_hash, occurred_at)
      where opened_with = 'none'`.execute(db);
  },
  async down(db) {
    await sql`drop index clicks_unchosen`.execute(db);
  },
});
