import type { DialectMigration } from './types';

/**
 * Widens the clicks index so that a link's breakdowns (referrer, browser, OS, device) are an
 * index-only range scan too, not a table row lookup per click: one index replaces
 * `clicks_tracking_link_time` (whose columns lead it, in the same order, so every query that
 * used that one uses this one), so a click still updates a single index, a wider one: at a
 * million clicks the database grows from 261 to 294 MiB and bulk inserts are about 20% slower.
 */
export const m006ClicksDimensionsIndex: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createIndex('clicks_link_time_dims')
      .on('clicks')
      .columns([
        'tracking_link_id',
        'occurred_at',
        'is_bot',
        'visitor_hash',
        'referrer_host',
        'browser',
        'os',
        'device',
      ])
      .execute();
    await db.schema.dropIndex('clicks_tracking_link_time').execute();
  },
  async down(db) {
    await db.schema
      .createIndex('clicks_tracking_link_time')
      .on('clicks')
      .columns(['tracking_link_id', 'occurred_at', 'is_bot', 'visitor_hash'])
      .execute();
    await db.schema.dropIndex('clicks_link_time_dims').execute();
  },
});
