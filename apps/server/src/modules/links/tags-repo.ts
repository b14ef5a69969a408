import type { LinkTag, TagColor } from '@mailtokit/contracts/tags';
import type { Conn } from '../../db/database';
import { searchTextOf } from '../../db/search-text';
import type { TagRow } from '../../db/types';

/** Tags and the tags of links: reads, writes, and the search text they are part of. */

const asLinkTag = (row: Pick<TagRow, 'id' | 'name' | 'color'>): LinkTag => ({
  id: row.id,
  name: row.name,
  color: row.color as TagColor,
});

/** The user's tags by name (ignoring case), each with how many links carry it. */
export async function listTags(
  db: Conn,
  userId: number,
): Promise<(TagRow & { link_count: number })[]> {
  const rows = await db
    .selectFrom('tags')
    .leftJoin('link_tags', 'link_tags.tag_id', 'tags.id')
    .selectAll('tags')
    .select((eb) => eb.fn.count<number | string | bigint>('link_tags.link_id').as('link_count'))
    .where('tags.user_id', '=', userId)
    .groupBy([
      'tags.id',
      'tags.user_id',
      'tags.name',
      'tags.name_key',
      'tags.color',
      'tags.created_at',
    ])
    .orderBy('tags.name_key')
    .execute();
  return rows.map((r) => ({ ...r, link_count: Number(r.link_count) }));
}

export function findTag(db: Conn, userId: number, id: number): Promise<TagRow | undefined> {
  return db
    .selectFrom('tags')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's tags with these keys (names in lower case). */
export function tagsByKeys(db: Conn, userId: number, keys: readonly string[]): Promise<TagRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tags')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name_key', 'in', [...keys])
    .execute();
}

export async function countTags(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertTags(
  db: Conn,
  tags: { user_id: number; name: string; name_key: string; color: string; created_at: string }[],
): Promise<TagRow[]> {
  if (tags.length === 0) return Promise.resolve([]);
  return db.insertInto('tags').values(tags).returningAll().execute();
}

export function updateTag(
  db: Conn,
  id: number,
  patch: Partial<Pick<TagRow, 'name' | 'name_key' | 'color'>>,
): Promise<TagRow | undefined> {
  return db.updateTable('tags').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteTag(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}

/** The ids of the links carrying a tag. */
export async function linksWithTag(db: Conn, tagId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('link_tags')
    .select('link_id')
    .where('tag_id', '=', tagId)
    .execute();
  return rows.map((r) => r.link_id);
}

/** The tags of each of these links, by name (ignoring case). */
export async function tagsOfLinks(
  db: Conn,
  linkIds: readonly number[],
): Promise<Map<number, LinkTag[]>> {
  const byLink = new Map<number, LinkTag[]>();
  if (linkIds.length === 0) return byLink;
  const rows = await db
    .selectFrom('link_tags')
    .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
    .select(['link_tags.link_id', 'tags.id', 'tags.name', 'tags.color'])
    .where('link_tags.link_id', 'in', [...linkIds])
    .orderBy('tags.name_key')
    .execute();
  for (const row of rows) {
    const list = byLink.get(row.link_id) ?? [];
    list.push(asLinkTag(row));
    byLink.set(row.link_id, list);
  }
  return byLink;
}

/** Replaces the tags of a link. */
export async function setLinkTags(db: Conn, linkId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('link_tags').where('link_id', '=', linkId).execute();
  if (tagIds.length > 0)
    await db
      .insertInto('link_tags')
      .values(tagIds.map((tag_id) => ({ link_id: linkId, tag_id })))
      .execute();
}

/** Pairs of link and tag, written in one statement (an import). */
export async function insertLinkTags(
  db: Conn,
  pairs: { link_id: number; tag_id: number }[],
): Promise<void> {
  if (pairs.length > 0) await db.insertInto('link_tags').values(pairs).execute();
}

/** Removes one tag from one link; true when it carried it. */
export async function removeLinkTag(db: Conn, linkId: number, tagId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('link_tags')
    .where('link_id', '=', linkId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Writes the search text of these links again from their fields and their tags' names (after
 * a tag was added, removed, renamed or deleted).
 */
export async function refreshSearchText(db: Conn, linkIds: readonly number[]): Promise<void> {
  const CHUNK = 500;
  for (let i = 0; i < linkIds.length; i += CHUNK) {
    const ids = linkIds.slice(i, i + CHUNK);
    const [links, tags] = await Promise.all([
      db
        .selectFrom('mailto_links')
        .select(['id', 'name', 'to', 'cc', 'bcc', 'subject'])
        .where('id', 'in', ids)
        .execute(),
      tagsOfLinks(db, ids),
    ]);
    for (const link of links)
      await db
        .updateTable('mailto_links')
        .set({
          search_text: searchTextOf(
            link,
            (tags.get(link.id) ?? []).map((t) => t.name),
          ),
        })
        .where('id', '=', link.id)
        .execute();
  }
}
