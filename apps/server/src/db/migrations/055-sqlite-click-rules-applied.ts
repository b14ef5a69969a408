import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * SQLite: how far the click rules are applied. A redirect's batch commits its raw clicks; the
 * rules (visitors, rollups, webhook events) follow for every click whose id is past
 * `click_rules_applied.through`, many batches at a time, and before any query reads what they
 * write (docs/decisions/0069-sqlite-click-rules-applied-later.md). One row. Every click stored
 * before this migration had its rules applied with it. PostgreSQL keeps its waiting clicks in
 * `click_inbox` instead: no table there.
 */
export const m055SqliteClickRulesApplied: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect !== 'sqlite') return;
    await sql`
      create table click_rules_applied (
        id integer primary key check (id = 1),
        through integer not null
      )
    `.execute(db);
    await sql`
      insert into click_rules_applied (id, through) select 1, coalesce(max(id), 0) from clicks
    `.execute(db);
  },
  async down(db) {
    if (dialect !== 'sqlite') return;
    await sql`drop table click_rules_applied`.execute(db);
  },
});
