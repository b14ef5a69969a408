import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * The click webhooks' outbox (docs/decisions/0010-webhooks.md). A click batch's transaction
 * writes one row per webhook covering any of its human clicks: the ids of those clicks, not
 * one row per event, so the redirect pays one small row per batch. The worker later turns
 * each row into one `webhook_deliveries` row per click (the event, its payload built from the
 * stored click) and deletes it, in one transaction. A webhook's deletion takes its rows along.
 */
export const m014WebhookOutbox: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('webhook_outbox'), dialect)
      .addColumn('webhook_id', 'integer', (c) =>
        c.notNull().references('webhooks.id').onDelete('cascade'),
      )
      // Random per click batch: a click's event id derives from it and the click id, so the
      // webhooks covering one click report the same event id.
      .addColumn('event_key', 'varchar(32)', notNull)
      // The clicks' ids, ascending, comma-separated.
      .addColumn('click_ids', 'text', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('webhook_outbox_webhook')
      .on('webhook_outbox')
      .column('webhook_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('webhook_outbox').execute();
  },
});
