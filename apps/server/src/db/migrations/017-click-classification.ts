import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Each stored hit says what it was: `human`, or why it is left out of the counts (`bot`,
 * `preview`, `scanner`, `prefetch`, `repeat`). `is_bot` stays the flag every count reads
 * (1 for any hit left out); the rows stored before this knew bots only, so they become `bot`.
 */
export const m017ClickClassification: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable('clicks')
      .addColumn('classification', 'varchar(8)', (c) => c.notNull().defaultTo('human'))
      .execute();
    await sql`update clicks set classification = 'bot' where is_bot <> 0`.execute(db);
  },
  async down(db) {
    await db.schema.alterTable('clicks').dropColumn('classification').execute();
  },
});
