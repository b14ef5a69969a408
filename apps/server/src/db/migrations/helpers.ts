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
