import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

export const m002ContactMessages: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('contact_messages'), dialect)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('email', 'varchar(254)', notNull)
      .addColumn('subject', 'varchar(200)', notNull)
      .addColumn('message', 'text', notNull)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('contact_messages').execute();
  },
});
