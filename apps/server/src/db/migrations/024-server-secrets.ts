import type { DialectMigration } from './types';

/**
 * Keys the server signs with, shared by every instance on one database: `name` says what a key
 * signs (`device-cookie`: the cookie of browsers that signed in to an account before), `secret`
 * is random text made by the first instance that needed it.
 */
export const m024ServerSecrets: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', dialect === 'postgres' ? 'varchar(64)' : 'text', (c) => c.primaryKey())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('server_secrets').execute();
  },
});
