import { sql } from 'kysely';
import { dropStatementTriggers, statementTriggers, type TriggerOp } from './helpers';
import type { DialectMigration } from './types';

/**
 * PostgreSQL: the rollups kept from `click_daily` and `click_daily_dims` (the link list's click
 * total, `click_monthly`, `click_owner_daily`, `click_owner_dims`; migrations 013, 019, 023,
 * 028, 057) are kept by one trigger per statement instead of a function call per row, as the
 * rollups by country are (migration 058): the statement's rows (its transition tables; an
 * update's new rows added and its old ones taken away) become one grouped write per rollup, in
 * the rollup's key order. A click batch's apply statement called those functions once per row
 * of its rollups (some 2,500 calls for 2,000 clicks), a rebuild once per row of the whole
 * table; and rows reached in the order of the links' rows, not in their own, could deadlock two
 * instances applying at once. The row functions stay (unused) so that `down` can attach them
 * again. SQLite has row triggers only: nothing changes there.
 */
export const m060StatementRollupTriggers: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return;
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db) {
    if (dialect !== 'postgres') return;
    for (const statement of DOWN) await sql.raw(statement).execute(db);
  },
});

/** A statement's rows of `click_daily` as changes: added for new rows, taken away for old. */
const DAILY_DELTAS: Record<TriggerOp, string> = {
  insert: `select mailto_link_id, day, clicks, bot_clicks, visitors, last_click_at from new_rows`,
  update: `select mailto_link_id, day, clicks, bot_clicks, visitors, last_click_at from new_rows
     union all select mailto_link_id, day, -clicks, -bot_clicks, -visitors, null from old_rows`,
  delete: `select mailto_link_id, day, -clicks as clicks, -bot_clicks as bot_clicks,
       -visitors as visitors, cast(null as varchar(32)) as last_click_at from old_rows`,
};

/** The same for `click_daily_dims`. */
const DIMS_DELTAS: Record<TriggerOp, string> = {
  insert: `select mailto_link_id, dim, day, value, clicks from new_rows`,
  update: `select mailto_link_id, dim, day, value, clicks from new_rows
     union all select mailto_link_id, dim, day, value, -clicks from old_rows`,
  delete: `select mailto_link_id, dim, day, value, -clicks as clicks from old_rows`,
};

const LATER = (a: string, b: string) =>
  `case when ${b} is not null and (${a} is null or ${b} > ${a}) then ${b} else ${a} end`;

/** What a statement on `click_daily` does to the rollups kept from it. */
function dailyStatements(op: TriggerOp): string[] {
  const d = DAILY_DELTAS[op];
  const monthly =
    op === 'delete'
      ? // The latest click of each month touched is read again from the daily rows left.
        `update click_monthly m set
           clicks = m.clicks + d.clicks,
           bot_clicks = m.bot_clicks + d.bot_clicks,
           visitors = m.visitors + d.visitors,
           last_click_at = (select max(x.last_click_at) from click_daily x
             where x.mailto_link_id = m.mailto_link_id
               and x.day >= m.month || '-01' and x.day < m.month || '-99')
         from (select mailto_link_id, substr(day, 1, 7) as month, sum(clicks) as clicks,
             sum(bot_clicks) as bot_clicks, sum(visitors) as visitors
           from (${d}) x group by mailto_link_id, substr(day, 1, 7)) d
         where m.mailto_link_id = d.mailto_link_id and m.month = d.month`
      : `insert into click_monthly (mailto_link_id, month, clicks, bot_clicks, visitors, last_click_at)
         select mailto_link_id, substr(day, 1, 7), sum(clicks), sum(bot_clicks), sum(visitors),
           max(last_click_at)
         from (${d}) d
         group by mailto_link_id, substr(day, 1, 7)
         order by mailto_link_id, substr(day, 1, 7)
         on conflict (mailto_link_id, month) do update set
           clicks = click_monthly.clicks + excluded.clicks,
           bot_clicks = click_monthly.bot_clicks + excluded.bot_clicks,
           visitors = click_monthly.visitors + excluded.visitors,
           last_click_at = ${LATER('click_monthly.last_click_at', 'excluded.last_click_at')}`;
  return [
    monthly,
    `insert into click_owner_daily (user_id, day, clicks, visitors)
     select m.user_id, d.day, sum(d.clicks), sum(d.visitors)
     from (${d}) d join mailto_links m on m.id = d.mailto_link_id
     group by m.user_id, d.day
     order by m.user_id, d.day
     on conflict (user_id, day) do update set
       clicks = click_owner_daily.clicks + excluded.clicks,
       visitors = click_owner_daily.visitors + excluded.visitors`,
    // The link list's total of human clicks (one row per link, always there).
    `update mailto_link_search s set clicks = s.clicks + d.n
     from (select mailto_link_id, sum(clicks) as n from (${d}) x group by mailto_link_id) d
     where s.link_id = d.mailto_link_id and d.n <> 0`,
  ];
}

/** The left-out reasons of `click_owner_daily`; a stored value of none of them counts as bot. */
const REASONS = ['bot', 'preview', 'scanner', 'prefetch', 'repeat', 'embedded'] as const;
const reasonOf = (value: string) =>
  `case when ${value} in (${REASONS.filter((r) => r !== 'bot')
    .map((r) => `'${r}'`)
    .join(', ')}) then ${value} else 'bot' end`;

/** What a statement on `click_daily_dims` does to the per-author rollups kept from it. */
function dimsStatements(op: TriggerOp): string[] {
  const d = DIMS_DELTAS[op];
  const columns = REASONS.map((r) => `"${r}"`).join(', ');
  return [
    `insert into click_owner_daily (user_id, day, ${columns})
     select m.user_id, d.day, ${REASONS.map((r) => `sum(case when ${reasonOf('d.value')} = '${r}' then d.clicks else 0 end)`).join(', ')}
     from (${d}) d join mailto_links m on m.id = d.mailto_link_id
     where d.dim = 'filtered'
     group by m.user_id, d.day
     order by m.user_id, d.day
     on conflict (user_id, day) do update set
       ${REASONS.map((r) => `"${r}" = click_owner_daily."${r}" + excluded."${r}"`).join(', ')}`,
    `insert into click_owner_dims (user_id, dim, day, value, clicks)
     select m.user_id, d.dim, d.day, d.value, sum(d.clicks)
     from (${d}) d join mailto_links m on m.id = d.mailto_link_id
     where d.dim in ('country', 'source', 'opened')
     group by m.user_id, d.dim, d.day, d.value
     order by m.user_id, d.dim, d.day, d.value
     on conflict (user_id, dim, day, value) do update set
       clicks = click_owner_dims.clicks + excluded.clicks`,
  ];
}

/** The row triggers these replace (their functions stay). */
const ROW_TRIGGERS: [trigger: string, table: string, definition: string][] = [
  [
    'click_daily_rollups',
    'click_daily',
    `after insert or update or delete on click_daily
     for each row execute function click_daily_rollups()`,
  ],
  [
    'click_daily_total',
    'click_daily',
    `after insert or update of clicks or delete on click_daily
     for each row execute function click_daily_total_sync()`,
  ],
  [
    'click_dims_rollups_write',
    'click_daily_dims',
    `after insert or update on click_daily_dims
     for each row when (new.dim = 'filtered') execute function click_dims_rollups()`,
  ],
  [
    'click_dims_rollups_delete',
    'click_daily_dims',
    `after delete on click_daily_dims
     for each row when (old.dim = 'filtered') execute function click_dims_rollups()`,
  ],
  [
    'click_owner_dims_write',
    'click_daily_dims',
    `after insert or update on click_daily_dims
     for each row when (new.dim in ('country', 'source', 'opened'))
     execute function click_owner_dims()`,
  ],
  [
    'click_owner_dims_delete',
    'click_daily_dims',
    `after delete on click_daily_dims
     for each row when (old.dim in ('country', 'source', 'opened'))
     execute function click_owner_dims()`,
  ],
];

const UP = [
  ...ROW_TRIGGERS.map(([trigger, table]) => `drop trigger ${trigger} on ${table}`),
  ...statementTriggers('click_daily', 'click_daily_coarse', dailyStatements),
  ...statementTriggers('click_daily_dims', 'click_dims_coarse', dimsStatements),
];

const DOWN = [
  ...dropStatementTriggers('click_daily', 'click_daily_coarse'),
  ...dropStatementTriggers('click_daily_dims', 'click_dims_coarse'),
  ...ROW_TRIGGERS.map(([trigger, , definition]) => `create trigger ${trigger} ${definition}`),
];
