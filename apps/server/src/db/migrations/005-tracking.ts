import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Click tracking. `clicks` is the raw log (one row per GET of a tracking URL, bots included
 * and flagged); `click_daily` is a per-link, per-day rollup kept in the same transaction as
 * the clicks, so that cross-link views never scan the log; `daily_visitors` only remembers
 * which visitors each link has already seen today (for the rollup's unique count) and is
 * pruned with the salts. Timestamps are ISO strings, days `YYYY-MM-DD` (decision 0002).
 */
export const m005Tracking: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('tracking_links'), dialect)
      .addColumn('slug', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      // Null once its creator's account is gone: the link's other users keep its history.
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('label', 'varchar(100)')
      .addColumn('created_at', 'varchar(32)', notNull)
      // Set when deleted through the API: the slug stops redirecting, its clicks stay counted.
      .addColumn('retired_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('tracking_links_mailto_link_id')
      .on('tracking_links')
      .column('mailto_link_id')
      .execute();
    await db.schema
      .createIndex('tracking_links_created_by')
      .on('tracking_links')
      .column('created_by')
      .execute();

    await withId(db.schema.createTable('clicks'), dialect)
      .addColumn('tracking_link_id', 'integer', (c) =>
        c.notNull().references('tracking_links.id').onDelete('cascade'),
      )
      .addColumn('occurred_at', 'varchar(32)', notNull)
      .addColumn('referrer_host', 'varchar(255)')
      .addColumn('browser', 'varchar(40)', notNull)
      .addColumn('os', 'varchar(40)', notNull)
      .addColumn('device', 'varchar(16)', notNull)
      .addColumn('is_bot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('visitor_hash', 'varchar(64)', notNull)
      .execute();
    // Every per-link query is "the clicks of these tracking links in this time range": a
    // range scan of this index. It also covers totals, series and unique visitors (is_bot and
    // visitor_hash are in it), so those never touch the table; and it serves the cascade.
    await db.schema
      .createIndex('clicks_tracking_link_time')
      .on('clicks')
      .columns(['tracking_link_id', 'occurred_at', 'is_bot', 'visitor_hash'])
      .execute();

    await db.schema
      .createTable('click_daily')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('day', 'varchar(10)', notNull)
      .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bot_clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_click_at', 'varchar(32)')
      .addPrimaryKeyConstraint('click_daily_pk', ['mailto_link_id', 'day'])
      .execute();

    await db.schema
      .createTable('daily_visitors')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('day', 'varchar(10)', notNull)
      .addColumn('visitor_hash', 'varchar(64)', notNull)
      .addPrimaryKeyConstraint('daily_visitors_pk', ['mailto_link_id', 'day', 'visitor_hash'])
      .execute();

    await db.schema
      .createTable('visitor_salts')
      .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
      .addColumn('salt', 'varchar(64)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('visitor_salts').execute();
    await db.schema.dropTable('daily_visitors').execute();
    await db.schema.dropTable('click_daily').execute();
    await db.schema.dropTable('clicks').execute();
    await db.schema.dropTable('tracking_links').execute();
  },
});
