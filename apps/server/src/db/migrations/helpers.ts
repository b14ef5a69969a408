import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database';

/** Auto-incrementing integer primary key on either dialect. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** SQL for the author of a link (a trigger's `new.`/`old.` link id), read through `mailto_links`. */
export const ownerOf = (link: string) =>
  `(select m.user_id from mailto_links m where m.id = ${link})`;

/**
 * PostgreSQL: the function the trigger before a link's deletion runs (`mailto_links_rollups`),
 * made of these statements: the link's rollup rows go while its author can still be read.
 */
export const linkDeleteFunction = (statements: string[]) =>
  `create or replace function mailto_links_rollups() returns trigger language plpgsql as $$
   begin
     ${statements.join(';\n')};
     return old;
   end $$`;

/** The operations a rollup trigger follows. */
export const TRIGGER_OPS = ['insert', 'update', 'delete'] as const;
export type TriggerOp = (typeof TRIGGER_OPS)[number];

/** The transition tables a statement trigger reads: `new_rows`, `old_rows`, or both. */
const TRANSITIONS: Record<TriggerOp, string> = {
  insert: 'new table as new_rows',
  update: 'old table as old_rows new table as new_rows',
  delete: 'old table as old_rows',
};

/**
 * PostgreSQL: one trigger per statement and operation on `table`, each with its function
 * (`${name}_${op}`), running `statementsOf(op)` over the statement's rows (its transition
 * tables `new_rows` and `old_rows`).
 */
export function statementTriggers(
  table: string,
  name: string,
  statementsOf: (op: TriggerOp) => string[],
): string[] {
  return TRIGGER_OPS.flatMap((op) => [
    `create function ${name}_${op}() returns trigger language plpgsql as $$
     begin
       ${statementsOf(op).join(';\n')};
       return null;
     end $$`,
    `create trigger ${name}_${op} after ${op} on ${table}
       referencing ${TRANSITIONS[op]}
       for each statement execute function ${name}_${op}()`,
  ]);
}

/** Drops what `statementTriggers` made. */
export function dropStatementTriggers(table: string, name: string): string[] {
  return TRIGGER_OPS.flatMap((op) => [
    `drop trigger ${name}_${op} on ${table}`,
    `drop function ${name}_${op}()`,
  ]);
}
