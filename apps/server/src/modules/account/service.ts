import type { AccountExport } from '@mailtokit/contracts/account';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { mailtoUrlOf } from '../links/mapper';
import { toUser } from '../users/mapper';
import * as repo from './repo';

const words = (s: string) => s.split(' ').filter(Boolean);

/** What a person can do with their whole account: take its data with them, or delete it. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Everything the account holds, without any secret. `origin` builds tracking URLs. */
  async export(user: UserRow, origin: string): Promise<AccountExport> {
    const k = this.db.kysely;
    const [links, tracking, teams, tokens, webhooks, sessions, messages] = await Promise.all([
      repo.linksOf(k, user.id),
      repo.trackingLinksOf(k, user.id),
      repo.membershipsOf(k, user.id),
      repo.apiTokensOf(k, user.id),
      repo.webhooksOf(k, user.id),
      repo.sessionsOf(k, user.id),
      repo.contactMessagesOf(k, user.id),
    ]);
    const totals = await repo.clickTotals(
      k,
      tracking.map((t) => t.id),
    );
    return {
      format: 'mailtokit-account-export/1',
      exportedAt: this.clock().toISOString(),
      profile: toUser(user),
      savedLinks: links.map((l) => ({
        id: l.id,
        name: l.name,
        to: l.to,
        cc: l.cc,
        bcc: l.bcc,
        subject: l.subject,
        body: l.body,
        mailtoUrl: mailtoUrlOf(l),
        teamId: l.team_id,
        createdAt: l.created_at,
        updatedAt: l.updated_at,
      })),
      trackingLinks: tracking.map((t) => ({
        id: t.id,
        slug: t.slug,
        trackingUrl: `${origin}/t/${t.slug}`,
        mailtoLinkId: t.mailto_link_id,
        label: t.label,
        createdAt: t.created_at,
        retiredAt: t.retired_at,
        clicks: totals.get(t.id)?.clicks ?? 0,
        botClicks: totals.get(t.id)?.botClicks ?? 0,
      })),
      teams: teams.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        role: t.role,
        joinedAt: t.created_at,
      })),
      apiTokens: tokens.map((t) => ({
        id: t.id,
        name: t.name,
        scopes: words(t.scopes),
        createdAt: t.created_at,
        expiresAt: t.expires_at,
        lastUsedAt: t.last_used_at,
      })),
      webhooks: webhooks.map((w) => ({
        id: w.id,
        url: w.url,
        events: words(w.events),
        allLinks: w.all_links === 1,
        linkIds: w.linkIds,
        disabledAt: w.disabled_at,
        createdAt: w.created_at,
      })),
      sessions: sessions.map((s) => ({
        createdAt: s.created_at,
        lastSeenAt: s.last_seen_at,
        expiresAt: s.expires_at,
        userAgent: s.user_agent,
      })),
      contactMessages: messages.map((m) => ({
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: m.created_at,
      })),
    };
  }
}
