import type { DialectMigration } from './types';

/**
 * `teams.require_two_factor` (0 or 1): the owner requires two-step sign-in of every member;
 * members without it keep their membership but cannot read the team's links until they turn
 * it on.
 */
export const m044TeamRequireTwoFactor: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable('teams')
      .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('teams').dropColumn('require_two_factor').execute();
  },
});
