import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * PostgreSQL only: the clicks a redirect has committed whose rules (the raw `clicks` row and
 * its index, the day's new visitors, the rollups, the webhook outbox) are not applied yet
 * (docs/decisions/0039-postgres-click-inbox.md). Rows are appended in order and taken out
 * oldest first by the applier, so the table has no index but its key; no foreign key
 * (a check per click on the redirect's path): the applier drops the clicks of tracking links
 * deleted meanwhile. SQLite stores clicks and their rules in the
 * redirect's own transaction and has no such table.
 */
export const m022ClickInbox: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return;
    await sql`
      create table click_inbox (
        id bigserial primary key,
        tracking_link_id integer not null,
        mailto_link_id integer not null,
        occurred_at varchar(32) not null,
        referrer_host varchar(255),
        browser varchar(40) not null,
        os varchar(40) not null,
        device varchar(16) not null,
        is_bot integer not null,
        visitor_hash varchar(64) not null,
        classification varchar(8) not null
      )`.execute(db);
    // Every row is deleted within moments of its insert: vacuumed often, the table stays a few
    // pages long instead of a growing run of dead rows that each apply would scan.
    await sql`alter table click_inbox set (
      autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
      autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 5000,
      autovacuum_vacuum_cost_delay = 0)`.execute(db);
  },
  async down(db) {
    if (dialect !== 'postgres') return;
    await sql`drop table click_inbox`.execute(db);
  },
});
