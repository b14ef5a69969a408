import type { MailtoLink } from '@mailtokit/contracts/links';
import type { LinkTag } from '@mailtokit/contracts/tags';
import { mailtoOfStored } from '@mailtokit/mailto';
import type { LinkRow } from '../../db/types';

/** The API shape of a link: camelCase, 0/1 as boolean, plus what the viewer may do with it. */
export function toMailtoLink(
  row: Omit<LinkRow, 'search_text'>,
  view: { canEdit: boolean; teamName: string | null; tags: LinkTag[] },
): MailtoLink {
  return {
    id: row.id,
    userId: row.user_id,
    teamId: row.team_id,
    teamName: view.teamName,
    name: row.name,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    subject: row.subject,
    body: row.body,
    isShared: row.is_shared === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    mailtoUrl: mailtoOfStored(row),
    canEdit: view.canEdit,
    archivedAt: row.archived_at,
    tags: view.tags,
  };
}
