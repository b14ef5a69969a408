import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from './helpers';

/**
 * Tables with per-user rows that no module's `accountData` lists, on purpose: each says why
 * the account's export and deletion may leave it alone.
 */
const EXCLUDED: Record<string, string> = {
  mailto_link_search: 'a copy of mailto_links kept by its triggers (rows go with the links)',
};

/** Tables with a `user_id` column or a foreign key to `users`, from the live schema. */
async function perUserTables(db: Kysely<unknown>): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select distinct m.name from sqlite_master m
      where m.type = 'table' and (
        exists (select 1 from pragma_table_info(m.name) c where c.name = 'user_id')
        or exists (select 1 from pragma_foreign_key_list(m.name) f where f."table" = 'users')
      )`.execute(db);
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'
    union
    select c.relname from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and r.relname = 'users' and n.nspname = current_schema()`.execute(db);
  return rows.map((r) => r.name).sort();
}

/** The per-user tables that neither a module's account hook covers nor EXCLUDED names. */
function forgotten(tables: string[], covered: string[]): string[] {
  return tables.filter((name) => !covered.includes(name) && !(name in EXCLUDED));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(`every table with per-user rows has an owner for the account's export and deletion (${dialect})`, () => {
  it('finds every per-user table covered by a module or excluded with a reason', async () => {
    const tables = await perUserTables(t.db.kysely as Kysely<unknown>);
    // The schema has such tables (the query reads it), and every one is accounted for.
    expect(tables).toEqual(expect.arrayContaining(['sessions', 'mailto_links', 'teams']));
    expect(forgotten(tables, t.app.services.account.coveredTables())).toEqual([]);
  });

  it('names a new per-user table that no module covers', async () => {
    const db = t.db.kysely as Kysely<unknown>;
    await sql`create table planted_notes (id integer primary key, user_id integer not null)`.execute(
      db,
    );
    await sql`create table planted_pins (id integer primary key, owner integer references users (id))`.execute(
      db,
    );
    try {
      const tables = await perUserTables(db);
      expect(forgotten(tables, t.app.services.account.coveredTables())).toEqual([
        'planted_notes',
        'planted_pins',
      ]);
    } finally {
      await sql`drop table planted_pins`.execute(db);
      await sql`drop table planted_notes`.execute(db);
    }
  });

  it('lists no table twice and no excluded table as covered', () => {
    const covered = t.app.services.account.coveredTables();
    expect(new Set(covered).size).toBe(covered.length);
    expect(covered.filter((name) => name in EXCLUDED)).toEqual([]);
  });
});
