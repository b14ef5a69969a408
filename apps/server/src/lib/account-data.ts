import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AccountExport } from '@mailtokit/contracts/account';
import type { Transaction } from 'kysely';
import type { Conn } from '../db/database';
import type { DB } from '../db/types';

/** The account being exported or deleted. */
export interface AccountOwner {
  id: number;
  username: string;
  email: string | null;
}

/** The parts of an account export that modules fill (the account writes the rest). */
export type AccountExportBody = Omit<AccountExport, 'format' | 'exportedAt' | 'profile'>;

/**
 * A module's share of the export: some of its keys, each as its value or, for a list that
 * grows with the account, its items page by page (read and written as the download goes).
 */
export type AccountExportPart = {
  [K in keyof AccountExportBody]?:
    | AccountExportBody[K]
    | (AccountExportBody[K] extends Array<infer Item> ? AsyncIterable<Iterable<Item>> : never);
};

/**
 * What a module that keeps per-user rows does when its user takes their data away or deletes
 * the account. Each such module's service exposes one as `accountData`; the composition root
 * lists them, and the account module calls them (deletions in one transaction, in the list's
 * order).
 */
export interface AccountData {
  /**
   * The tables whose per-user rows this module exports or deletes (with a `user_id` column or
   * a foreign key to `users`). A test compares the schema with the union of these lists.
   */
  readonly tables: readonly (keyof DB)[];
  /** The module's keys of the export, read with `db` (no secret ever). */
  exportFor?(db: Conn, user: AccountOwner, origin: string): Promise<AccountExportPart>;
  /** Deletes (or lets go of) the user's rows in the account deletion's transaction. */
  deleteFor?(trx: Transaction<DB>, user: AccountOwner): Promise<void>;
}

/**
 * The items of a keyset-paginated read, page by page: `read(afterId)` returns up to `size`
 * rows after that id in id order, `present` turns a page into items (it may do so lazily).
 */
export async function* pages<Row extends { id: number }, Item>(
  read: (afterId: number) => Promise<Row[]>,
  size: number,
  present: (rows: Row[]) => Promise<Iterable<Item>>,
): AsyncGenerator<Iterable<Item>> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield await present(rows);
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
    // Let other requests in between two pages (SQLite's queries run on this thread).
    await yieldToLoop();
  }
}

/** The rows' items, each made when the writer reaches it (a page's work is spread out). */
export function* eachWhenReached<Row, Item>(
  rows: Iterable<Row>,
  present: (row: Row) => Item,
): Generator<Item> {
  for (const row of rows) yield present(row);
}
