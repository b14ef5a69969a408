import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { DialectMigration } from './types';

/**
 * A new reason a hit is left out of the counts: `embedded`, a hit that the browser itself
 * says is not a top-level page navigation (`Sec-Fetch-Dest` other than `document`: a frame, an
 * image, a script, a `fetch`). The per-author rollup (`click_owner_daily`, migration 019) gets
 * its column, and the triggers that keep it from the `filtered` rows of `click_daily_dims` count
 * the new reason there instead of under `bot`. No stored hit has the reason yet: nothing to
 * move.
 */
export const m028EmbeddedHits: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .alterTable('click_owner_daily')
      .addColumn('embedded', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await replaceTriggers(db, dialect, [...OLD_REASONS, 'embedded']);
  },
  async down(db) {
    await replaceTriggers(db, dialect, OLD_REASONS);
    await db.schema.alterTable('click_owner_daily').dropColumn('embedded').execute();
  },
});

/** The reason columns of `click_owner_daily` before this migration. */
const OLD_REASONS = ['bot', 'preview', 'scanner', 'prefetch', 'repeat'];

/** The per-author trigger bodies of migration 019, for this list of reason columns. */
function bodies(reasons: readonly string[]) {
  const reasonOf = (value: string) =>
    `case when ${value} in (${reasons
      .filter((r) => r !== 'bot')
      .map((r) => `'${r}'`)
      .join(', ')}) then ${value} else 'bot' end`;
  const deltas = (delta: (r: string) => string) =>
    reasons.map((r) => `"${r}" = "${r}" + ${delta(r)}`).join(', ');
  const ownerOf = (link: string) => `(select m.user_id from mailto_links m where m.id = ${link})`;
  return {
    insert: `insert into click_owner_daily (user_id, day, ${reasons.join(', ')})
     select m.user_id, new.day, ${reasons.map((r) => `case when ${reasonOf('new.value')} = '${r}' then new.clicks else 0 end`).join(', ')}
     from mailto_links m where m.id = new.mailto_link_id
     on conflict (user_id, day) do update set ${reasons.map((r) => `"${r}" = click_owner_daily."${r}" + excluded."${r}"`).join(', ')}`,
    update: `update click_owner_daily set ${deltas((r) => `case when ${reasonOf('new.value')} = '${r}' then new.clicks - old.clicks else 0 end`)}
     where user_id = ${ownerOf('new.mailto_link_id')} and day = new.day`,
    delete: `update click_owner_daily set ${deltas((r) => `case when ${reasonOf('old.value')} = '${r}' then -old.clicks else 0 end`)}
     where user_id = ${ownerOf('old.mailto_link_id')} and day = old.day`,
  };
}

/**
 * SQLite: the three triggers on `click_daily_dims` made anew. PostgreSQL: the function that the
 * triggers of migration 023 call, replaced in place.
 */
async function replaceTriggers(
  db: Kysely<unknown>,
  dialect: Dialect,
  reasons: readonly string[],
): Promise<void> {
  const b = bodies(reasons);
  if (dialect === 'sqlite') {
    for (const op of ['insert', 'update', 'delete'] as const) {
      const row = op === 'delete' ? 'old' : 'new';
      await sql.raw(`drop trigger click_dims_rollups_${op}`).execute(db);
      await sql
        .raw(
          `create trigger click_dims_rollups_${op} after ${op} on click_daily_dims
           when ${row}.dim = 'filtered' begin ${b[op]}; end`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create or replace function click_dims_rollups() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           if new.dim = 'filtered' then ${b.insert}; end if;
         elsif tg_op = 'UPDATE' then
           if new.dim = 'filtered' then ${b.update}; end if;
         elsif old.dim = 'filtered' then ${b.delete};
         end if;
         return null;
       end $$`,
    )
    .execute(db);
}
