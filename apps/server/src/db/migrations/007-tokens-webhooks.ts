import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Personal API tokens and click webhooks (docs/decisions/0009-api-tokens.md,
 * docs/decisions/0010-webhooks.md).
 *
 * `api_tokens` keeps the sha256 of each token, never the token. `webhook_deliveries` is both
 * the outbox (a row is written in the same transaction as the click it reports, and the
 * worker sends the pending ones) and the delivery log the owner reads.
 */
export const m007TokensWebhooks: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('api_tokens'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)', notNull)
      // Space-separated, in the canonical order of TOKEN_SCOPES.
      .addColumn('scopes', 'varchar(200)', notNull)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)')
      .addColumn('last_used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('api_tokens_user_id').on('api_tokens').column('user_id').execute();

    await withId(db.schema.createTable('webhooks'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('url', 'varchar(2048)', notNull)
      // HMAC key: the receiver needs the same bytes, so it cannot be stored as a hash.
      .addColumn('secret', 'varchar(100)', notNull)
      .addColumn('events', 'varchar(200)', notNull)
      // 1: every link the owner created (now and later); 0: the links in webhook_links.
      .addColumn('all_links', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
    await db.schema.createIndex('webhooks_user_id').on('webhooks').column('user_id').execute();

    await db.schema
      .createTable('webhook_links')
      .addColumn('webhook_id', 'integer', (c) =>
        c.notNull().references('webhooks.id').onDelete('cascade'),
      )
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('webhook_links_pk', ['webhook_id', 'mailto_link_id'])
      .execute();
    await db.schema
      .createIndex('webhook_links_mailto_link_id')
      .on('webhook_links')
      .column('mailto_link_id')
      .execute();

    await withId(db.schema.createTable('webhook_deliveries'), dialect)
      .addColumn('webhook_id', 'integer', (c) =>
        c.notNull().references('webhooks.id').onDelete('cascade'),
      )
      // `MailtoKit-Delivery`: the same on every attempt.
      .addColumn('event_id', 'varchar(40)', notNull)
      .addColumn('event_type', 'varchar(40)', notNull)
      // The exact JSON body sent (and signed) on every attempt.
      .addColumn('payload', 'text', notNull)
      // pending | succeeded | failed | cancelled
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // When a pending row is next due; a worker that claims it pushes this forward (a lease),
      // so a worker that dies mid-send leaves it due again later.
      .addColumn('next_attempt_at', 'varchar(32)', notNull)
      .addColumn('last_attempt_at', 'varchar(32)')
      .addColumn('response_status', 'integer')
      .addColumn('last_error', 'varchar(300)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('completed_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_webhook')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_links').execute();
    await db.schema.dropTable('webhooks').execute();
    await db.schema.dropTable('api_tokens').execute();
  },
});
