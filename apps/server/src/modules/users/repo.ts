import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/types';

export function findUserById(db: Conn, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Case-insensitive username lookup. */
export function findUserByUsername(db: Conn, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Case-insensitive e-mail lookup. */
export function findUserByEmail(db: Conn, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Conn, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Conn, id: number, patch: UserUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listUsers(db: Conn, limit = 1000): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').limit(limit).execute();
}
