import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Hits left out of the counts that are counted without a row of their own: past a per-address
 * rate, a client's left-out hits (a script hammering a tracking link) add to `filtered_hits`,
 * one row per tracking link, hour (`YYYY-MM-DDTHH`, so per day too) and reason, instead of a
 * `clicks` row each. They count in the rollups like the stored ones (`bot_clicks`, the
 * `filtered` rows of `click_daily_dims` and what their triggers keep), so every reader still
 * reports them as left out. PostgreSQL: an inbox row may stand for many such hits (`hits`;
 * null for a click stored as a row of its own).
 */
export const m029FilteredHitTally: DialectMigration = (dialect) => ({
  async up(db) {
    let table = db.schema
      .createTable('filtered_hits')
      .addColumn('tracking_link_id', 'integer', (c) =>
        c.notNull().references('tracking_links.id').onDelete('cascade'),
      )
      .addColumn('hour', 'varchar(13)', (c) => c.notNull())
      .addColumn('reason', 'varchar(8)', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('filtered_hits_pk', ['tracking_link_id', 'hour', 'reason']);
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();
    if (dialect === 'postgres')
      await sql`alter table click_inbox add column hits integer`.execute(db);
  },
  async down(db) {
    if (dialect === 'postgres') await sql`alter table click_inbox drop column hits`.execute(db);
    await db.schema.dropTable('filtered_hits').execute();
  },
});
