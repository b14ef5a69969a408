import type { LinkInput, LinkListQuery, MailtoLink } from '@mailtokit/contracts/links';
import { LINK_MESSAGES, MAX_INT } from '@mailtokit/contracts/links';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { LinkRow, UserRow } from '../../db/types';
import { forbidden, notFound, validationError } from '../../lib/errors';
import { requirePremium } from '../../lib/tiers';
import { toMailtoLink } from './mapper';
import * as repo from './repo';

/** What a user may do with a link. */
export type LinkAccess = 'none' | 'read' | 'edit';

/**
 * The one place that decides access to a link. Today a link is its creator's alone; team
 * sharing extends this (members of `link.team_id` get 'read' or 'edit').
 */
export function accessFor(user: UserRow, link: LinkRow): LinkAccess {
  if (link.user_id === user.id) return 'edit';
  return 'none';
}

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** A link id from the path: a positive integer that fits the column, else null. */
export function parseLinkId(raw: string): number | null {
  if (!ID_PATTERN.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_INT ? id : null;
}

type Page = z.output<typeof LinkListQuery>;

/** Cap of links one cross-link view (analytics overview) covers. */
export const VISIBLE_LINKS_MAX = 5000;

/**
 * Saved links. Every operation needs a premium plan (PREMIUM or TEAM; spec section 6);
 * links the user may not see answer 404, never revealing that they exist.
 */
export class LinksService {
  constructor(private readonly db: Db) {}

  /** One page of the user's links, newest first, and how many there are in all. */
  async list(user: UserRow, page: Page): Promise<{ links: MailtoLink[]; total: number }> {
    requirePremium(user);
    const k = this.db.kysely;
    const [rows, total] = await Promise.all([
      repo.listLinksOfUser(k, user.id, page),
      repo.countLinksOfUser(k, user.id),
    ]);
    return { links: rows.map((row) => this.present(user, row)), total };
  }

  async get(user: UserRow, rawId: string): Promise<MailtoLink> {
    requirePremium(user);
    return this.present(user, await this.loadAccessible(user, rawId, 'read'));
  }

  async create(user: UserRow, input: LinkInput): Promise<MailtoLink> {
    requirePremium(user);
    await this.checkTeam(user, input.teamId);
    const now = nowIso();
    const row = await repo.insertLink(this.db.kysely, {
      user_id: user.id,
      ...columnsOf(input),
      created_at: now,
      updated_at: now,
    });
    return this.present(user, row);
  }

  /** Replaces every field of the link (PUT semantics); the creator stays. */
  async update(user: UserRow, rawId: string, input: LinkInput): Promise<MailtoLink> {
    requirePremium(user);
    const link = await this.loadAccessible(user, rawId, 'edit');
    await this.checkTeam(user, input.teamId);
    const row = await repo.updateLink(this.db.kysely, link.id, {
      ...columnsOf(input),
      updated_at: nowIso(),
    });
    if (!row) throw notFound(LINK_MESSAGES.notFound);
    return this.present(user, row);
  }

  async remove(user: UserRow, rawId: string): Promise<void> {
    requirePremium(user);
    const link = await this.loadAccessible(user, rawId, 'edit');
    if (!(await repo.deleteLink(this.db.kysely, link.id))) throw notFound(LINK_MESSAGES.notFound);
  }

  /**
   * The link behind an id if the user has `need` access: 404 when they cannot see it, 403 when
   * they may read but not edit. Other modules (tracking, analytics) use it for the same rules.
   */
  async loadAccessible(user: UserRow, rawId: string | number, need: 'read' | 'edit'): Promise<LinkRow> {
    const id = parseLinkId(String(rawId));
    const link = id === null ? undefined : await repo.findLinkById(this.db.kysely, id);
    const access = link ? accessFor(user, link) : 'none';
    if (!link || access === 'none') throw notFound(LINK_MESSAGES.notFound);
    if (need === 'edit' && access !== 'edit') throw forbidden();
    return link;
  }

  /** Every link the user can see (own and, with teams, shared with them), newest first. */
  async visibleLinks(user: UserRow): Promise<LinkRow[]> {
    return repo.listLinksOfUser(this.db.kysely, user.id, { limit: VISIBLE_LINKS_MAX, offset: 0 });
  }

  /** A link may only be shared with a team the user belongs to. Teams do not exist yet. */
  private async checkTeam(_user: UserRow, teamId: number | null): Promise<void> {
    if (teamId !== null) throw validationError({ teamId: LINK_MESSAGES.notTeamMember });
  }

  private present(user: UserRow, row: LinkRow): MailtoLink {
    return toMailtoLink(row, { canEdit: accessFor(user, row) === 'edit', teamName: null });
  }
}

/** The stored columns of a validated payload; is_shared follows team_id. */
function columnsOf(input: LinkInput) {
  return {
    team_id: input.teamId,
    name: input.name,
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    body: input.body,
    is_shared: input.teamId === null ? 0 : 1,
  };
}
