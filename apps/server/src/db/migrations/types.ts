import type { Migration } from 'kysely';
import type { Dialect } from '../database';

/** A migration receives the dialect so that one file serves SQLite and PostgreSQL. */
export type DialectMigration = (dialect: Dialect) => Migration;
