import {
  TAG_MESSAGES,
  TAGS_PER_USER_MAX,
  tagKey,
  type Tag,
  type TagBody,
  type TagColor,
  type TagPatch,
} from '@mailtokit/contracts/tags';
import { parseId } from '@mailtokit/contracts/ids';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { DB, TagRow, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { requirePremium } from '../../lib/tiers';
import * as tagsRepo from './tags-repo';

const asTag = (row: TagRow & { link_count: number }): Tag => ({
  id: row.id,
  name: row.name,
  color: row.color as TagColor,
  linkCount: row.link_count,
  createdAt: row.created_at,
});

/**
 * A user's tags (decision 0061): named, coloured marks on the user's own links, unique per
 * user ignoring case, at most TAGS_PER_USER_MAX. Team members see the tags of the links shared
 * with them, but a tag is its author's: only they attach, rename or delete it.
 */
export class TagsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tagsPerUserMax: number = TAGS_PER_USER_MAX,
  ) {}

  async list(user: UserRow): Promise<Tag[]> {
    requirePremium(user, this.clock());
    return (await tagsRepo.listTags(this.db.kysely, user.id)).map(asTag);
  }

  /** 409 when a tag of that name exists (ignoring case) or the account holds the maximum. */
  async create(user: UserRow, body: { name: string; color: TagBody['color'] }): Promise<Tag> {
    requirePremium(user, this.clock());
    const key = tagKey(body.name);
    const row = await this.db.kysely.transaction().execute(async (trx) => {
      await lockCap(trx, this.db.dialect, CapScope.tags, user.id);
      if ((await tagsRepo.tagsByKeys(trx, user.id, [key])).length > 0)
        throw conflict(TAG_MESSAGES.duplicate, { name: TAG_MESSAGES.duplicate });
      if ((await tagsRepo.countTags(trx, user.id)) >= this.tagsPerUserMax)
        throw conflict(TAG_MESSAGES.tooMany);
      const [created] = await this.insertCatchingDuplicate(trx, [
        {
          user_id: user.id,
          name: body.name,
          name_key: key,
          color: body.color ?? 'gray',
          created_at: this.clock().toISOString(),
        },
      ]);
      if (!created) throw conflict(TAG_MESSAGES.duplicate);
      return created;
    });
    return asTag({ ...row, link_count: 0 });
  }

  /** Renames or recolours a tag; a rename rewrites the search text of the links carrying it. */
  async update(user: UserRow, rawId: string, patch: TagPatch): Promise<Tag> {
    requirePremium(user, this.clock());
    const tag = await this.find(user, rawId);
    await this.db.kysely.transaction().execute(async (trx) => {
      const changes: Partial<Pick<TagRow, 'name' | 'name_key' | 'color'>> = {};
      if (patch.color !== undefined) changes.color = patch.color;
      if (patch.name !== undefined && patch.name !== tag.name) {
        const key = tagKey(patch.name);
        if (key !== tag.name_key && (await tagsRepo.tagsByKeys(trx, user.id, [key])).length > 0)
          throw conflict(TAG_MESSAGES.duplicate, { name: TAG_MESSAGES.duplicate });
        changes.name = patch.name;
        changes.name_key = key;
      }
      if (Object.keys(changes).length === 0) return;
      try {
        await tagsRepo.updateTag(trx, tag.id, changes);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(TAG_MESSAGES.duplicate);
        throw err;
      }
      if (changes.name !== undefined)
        await tagsRepo.refreshSearchText(trx, await tagsRepo.linksWithTag(trx, tag.id));
    });
    const listed = (await tagsRepo.listTags(this.db.kysely, user.id)).find((t) => t.id === tag.id);
    if (!listed) throw notFound(TAG_MESSAGES.notFound);
    return asTag(listed);
  }

  /** Deletes a tag: the links carrying it lose it (and its name from their search text). */
  async remove(user: UserRow, rawId: string): Promise<void> {
    requirePremium(user, this.clock());
    const tag = await this.find(user, rawId);
    await this.db.kysely.transaction().execute(async (trx) => {
      const links = await tagsRepo.linksWithTag(trx, tag.id);
      await tagsRepo.deleteTag(trx, tag.id);
      await tagsRepo.refreshSearchText(trx, links);
    });
  }

  /** The user's tag of this name (ignoring case), or undefined. */
  async byName(user: UserRow, name: string): Promise<TagRow | undefined> {
    return (await tagsRepo.tagsByKeys(this.db.kysely, user.id, [tagKey(name)]))[0];
  }

  /**
   * The user's tags of these names (ignoring case), in the order of `names`; the missing ones
   * are created grey, in the caller's transaction, under the account's lock of tags: 409 past
   * the maximum.
   */
  async ensure(trx: Transaction<DB>, userId: number, names: readonly string[]): Promise<TagRow[]> {
    if (names.length === 0) return [];
    await lockCap(trx, this.db.dialect, CapScope.tags, userId);
    const keys = [...new Set(names.map(tagKey))];
    const existing = await tagsRepo.tagsByKeys(trx, userId, keys);
    const have = new Set(existing.map((t) => t.name_key));
    const missing: { name: string; key: string }[] = [];
    for (const name of names) {
      const key = tagKey(name);
      if (!have.has(key)) {
        have.add(key);
        missing.push({ name: name.trim(), key });
      }
    }
    if (missing.length > 0) {
      const count = await tagsRepo.countTags(trx, userId);
      if (count + missing.length > this.tagsPerUserMax) throw conflict(TAG_MESSAGES.tooMany);
      const now = this.clock().toISOString();
      existing.push(
        ...(await this.insertCatchingDuplicate(
          trx,
          missing.map((m) => ({
            user_id: userId,
            name: m.name,
            name_key: m.key,
            color: 'gray',
            created_at: now,
          })),
        )),
      );
    }
    const byKey = new Map(existing.map((t) => [t.name_key, t]));
    return keys.flatMap((k) => byKey.get(k) ?? []);
  }

  private async insertCatchingDuplicate(
    trx: Transaction<DB>,
    rows: Parameters<typeof tagsRepo.insertTags>[1],
  ): Promise<TagRow[]> {
    try {
      return await tagsRepo.insertTags(trx, rows);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(TAG_MESSAGES.duplicate);
      throw err;
    }
  }

  private async find(user: UserRow, rawId: string): Promise<TagRow> {
    const id = parseId(rawId);
    const tag = id === null ? undefined : await tagsRepo.findTag(this.db.kysely, user.id, id);
    if (!tag) throw notFound(TAG_MESSAGES.notFound);
    return tag;
  }
}
