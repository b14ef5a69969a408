import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = 'apps/server/src';

/**
 * One writer per click table: only `modules/clicks` inserts, updates or deletes rows of the
 * tables the click pipeline keeps (docs/clicks.md). Other modules read them, or ask the clicks
 * module through its service (the account's deletion and export do). The webhooks module takes
 * the outbox rows that the click batch inserts and deletes them once written out, so only
 * inserting into `webhook_outbox` is the pipeline's. Migrations (`db/`) and the admin tools
 * that copy whole databases (`ops/`) are not modules and stay out of the rule.
 */
const CLICK_TABLES = [
  'clicks',
  'click_daily',
  'click_daily_dims',
  'click_daily_places',
  'click_monthly',
  'click_owner_daily',
  'click_owner_dims',
  'click_owner_places',
  'click_monthly_places',
  'click_inbox',
  'daily_visitors',
  'visitor_salts',
  'filtered_hits',
] as const;

const any = (names: readonly string[]) => names.join('|');
const KYSELY_WRITE = new RegExp(
  `\\b(insertInto|deleteFrom|updateTable|replaceInto|mergeInto)\\(\\s*['"\`](${any(CLICK_TABLES)})(\\s+as\\s+\\w+)?['"\`]`,
  'g',
);
const SQL_WRITE = new RegExp(
  `\\b(insert\\s+into|delete\\s+from|update|replace\\s+into)\\s+"?(${any(CLICK_TABLES)})"?\\b`,
  'gi',
);
const OUTBOX_INSERT =
  /\b(insertInto\(\s*['"`]webhook_outbox['"`]|insert\s+into\s+"?webhook_outbox\b)/gi;

/** The click-table writes in one file's text: `<table>` per write found. */
function clickTableWrites(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(KYSELY_WRITE)) found.push(m[2]!);
  for (const m of text.matchAll(SQL_WRITE)) found.push(m[2]!.toLowerCase());
  for (const _ of text.matchAll(OUTBOX_INSERT)) found.push('webhook_outbox');
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('one writer per click table', () => {
  it('finds a planted write in every spelling', () => {
    expect(
      clickTableWrites(
        [
          "await trx.deleteFrom('clicks').where('id', '=', 1).execute();",
          "db.insertInto('click_daily as d').values(row)",
          'db.updateTable(`filtered_hits`)',
          'await sql`delete from daily_visitors where day < ${d}`.execute(db);',
          "pool.query('UPDATE click_owner_daily SET clicks = 0')",
          'insert into webhook_outbox (webhook_id) values (1)',
        ].join('\n'),
      ),
    ).toEqual([
      'clicks',
      'click_daily',
      'filtered_hits',
      'daily_visitors',
      'click_owner_daily',
      'webhook_outbox',
    ]);
    // Reads and other tables are not writes of a click table.
    expect(
      clickTableWrites(
        "db.selectFrom('clicks'); sql`select * from click_daily`; db.deleteFrom('clicks_archive'); db.deleteFrom('webhook_outbox')",
      ),
    ).toEqual([]);
  });

  it('no module but modules/clicks writes a click table', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, SERVER))) {
      const rel = path.relative(path.join(ROOT, SERVER), file);
      if (rel.startsWith('modules/clicks/') || rel.startsWith('db/') || rel.startsWith('ops/'))
        continue;
      for (const table of clickTableWrites(fs.readFileSync(file, 'utf8')))
        offenders.push(`${rel}: ${table}`);
    }
    expect(offenders).toEqual([]);
  });
});
