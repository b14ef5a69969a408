import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Tags on saved links (docs/decisions/0061-link-tags-and-bulk-actions.md). A tag belongs to a
 * user (the author of the links it marks): its name as typed, `name_key` (the name folded to
 * lower case, unique per user) and a colour of the fixed palette. `link_tags` joins links and
 * tags; deleting either deletes the pairs (cascade). The tag filter reads it by tag.
 */
export const m049LinkTags: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('tags'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(32)', notNull)
      .addColumn('name_key', 'varchar(32)', notNull)
      .addColumn('color', 'varchar(16)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('tags_user_name_key')
      .on('tags')
      .columns(['user_id', 'name_key'])
      .unique()
      .execute();
    await db.schema
      .createTable('link_tags')
      .addColumn('link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('link_tags_pk', ['link_id', 'tag_id'])
      .execute();
    await db.schema
      .createIndex('link_tags_tag')
      .on('link_tags')
      .columns(['tag_id', 'link_id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('link_tags').execute();
    await db.schema.dropTable('tags').execute();
  },
});
