import { mailtoOfStored } from '@mailtokit/mailto';
import { createHash } from 'node:crypto';
import { WRONG_PASSWORD, type AccountExport } from '@mailtokit/contracts/account';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { passwordCheckBudgets, verifyPasswordWithin } from '../../lib/password';
import { toUser } from '../users/service';
import * as repo from './repo';

const words = (s: string) => s.split(' ').filter(Boolean);

/** What a person can do with their whole account: take its data with them, or delete it. */
export class AccountService {
  /** `limiter` must define `passwordChange` (wrong passwords per account). */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    /**
     * Writes out the webhook events still queued (they are built from the stored clicks,
     * which the account's deletion takes with it).
     */
    private readonly beforeClicksDeleted: () => Promise<void> = async () => undefined,
  ) {}

  /**
   * Deletes the account and everything it holds, in one transaction (see deleteUserData).
   * 403 for a wrong password; 409 OWNS_TEAMS while the user owns a team with other members.
   */
  async delete(user: UserRow, password: string): Promise<void> {
    // Budgeted as every password check is: spent before the hash, given back when right.
    if (
      !(await verifyPasswordWithin(
        this.limiter,
        passwordCheckBudgets(user.id),
        password,
        user.password_hash,
      ))
    )
      throw new AppError(403, 'FORBIDDEN', WRONG_PASSWORD, { password: WRONG_PASSWORD });
    await this.beforeClicksDeleted();
    await this.db.kysely.transaction().execute(async (trx) => {
      const owned = await repo.ownedTeams(trx, user.id);
      const shared = owned.filter((t) => t.others > 0);
      if (shared.length > 0) {
        const names = shared.map((t) => `"${t.name}"`).join(', ');
        throw new AppError(
          409,
          'OWNS_TEAMS',
          `You own ${shared.length === 1 ? 'a team' : 'teams'} with other members: ${names}. Transfer ownership or delete ${shared.length === 1 ? 'it' : 'them'} first.`,
          { teams: shared.map((t) => t.name).join(', ') },
        );
      }
      await repo.deleteUserData(
        trx,
        user,
        owned.map((t) => t.id),
        rateLimitKeysOf(user),
        // Failed sign-ins per account and client address: one counter per address.
        [`loginPair:${user.username.toLowerCase()} `],
      );
    });
  }

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
    const invitations = await repo.invitationsOf(k, user.id);
    const totals = await repo.clickTotals(
      k,
      tracking.map((t) => t.id),
    );
    return {
      format: 'mailtokit-account-export/1',
      exportedAt: this.clock().toISOString(),
      profile: toUser(user, this.clock()),
      savedLinks: links.map((l) => ({
        id: l.id,
        name: l.name,
        to: l.to,
        cc: l.cc,
        bcc: l.bcc,
        subject: l.subject,
        body: l.body,
        mailtoUrl: mailtoOfStored(l),
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
      invitations,
    };
  }
}

/**
 * The rate-limit counters that name the user: sign-in failures, reset e-mails, password checks,
 * e-mail changes.
 */
function rateLimitKeysOf(user: Pick<UserRow, 'id' | 'username' | 'email'>): string[] {
  const subjects: Array<[string, string]> = [
    ['loginUser', user.username.toLowerCase()],
    ['passwordChange', String(user.id)],
    ['emailChange', String(user.id)],
  ];
  if (user.email) subjects.push(['passwordReset', user.email.toLowerCase()]);
  // The limiter stores long subjects as their sha256.
  return subjects.flatMap(([name, subject]) => [
    `${name}:${subject}`,
    `${name}:sha256:${createHash('sha256').update(subject).digest('hex')}`,
  ]);
}
