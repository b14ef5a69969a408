import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * PostgreSQL: the trigger on `click_daily_dims` that keeps the per-author left-out hits
 * (migration 019) runs its function only for `filtered` rows. It ran for every upserted row
 * and returned at once for all the others: a plpgsql call per link, day, dimension and value
 * of every click batch. A `WHEN` condition is checked without calling the function, as the
 * SQLite triggers of 019 already do. The function itself is unchanged.
 */
export const m023DimsTriggerWhen: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return;
    await sql`drop trigger click_dims_rollups on click_daily_dims`.execute(db);
    await sql`create trigger click_dims_rollups_write after insert or update on click_daily_dims
      for each row when (new.dim = 'filtered') execute function click_dims_rollups()`.execute(db);
    await sql`create trigger click_dims_rollups_delete after delete on click_daily_dims
      for each row when (old.dim = 'filtered') execute function click_dims_rollups()`.execute(db);
  },
  async down(db) {
    if (dialect !== 'postgres') return;
    await sql`drop trigger click_dims_rollups_write on click_daily_dims`.execute(db);
    await sql`drop trigger click_dims_rollups_delete on click_daily_dims`.execute(db);
    await sql`create trigger click_dims_rollups after insert or update or delete on click_daily_dims
      for each row execute function click_dims_rollups()`.execute(db);
  },
});
