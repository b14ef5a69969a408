import type { DialectMigration } from './types';

/**
 * Rate-limit counters shared by every instance on one database (failed sign-ins, sign-ups,
 * contact messages, …). The shape is the one rate-limiter-flexible's PostgreSQL and SQLite
 * stores read and write: `key` is `<limit name>:<subject>`, `points` spent in the current
 * window and `expire`, the window's end in epoch milliseconds.
 */
export const m009RateLimits: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', dialect === 'postgres' ? 'varchar(255)' : 'text', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire', dialect === 'postgres' ? 'bigint' : 'integer')
      .execute();
    await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
  },
  async down(db) {
    await db.schema.dropTable('rate_limits').execute();
  },
});
