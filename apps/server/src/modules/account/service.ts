import { mailtoOfStored } from '@mailtokit/mailto';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { WRONG_PASSWORD, type AccountExport } from '@mailtokit/contracts/account';
import { SECURITY_LOG_EXPORT_MAX, type SecurityEventType } from '@mailtokit/contracts/security-log';
import type { Transaction } from 'kysely';
import type { Conn, Db } from '../../db/database';
import type { DB, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { passwordCheckBudgets, type Passwords } from '../../lib/password-gate';
import { toUser } from '../users/service';
import * as repo from './repo';

const words = (s: string) => s.split(' ').filter(Boolean);

/** What the account needs of the clicks module (the only writer of click tables). */
export interface AccountClickHooks {
  deleteClicksOfAuthor(trx: Transaction<DB>, userId: number): Promise<void>;
  clickTotals(
    db: Conn,
    trackingLinkIds: readonly number[],
  ): Promise<Map<number, { clicks: number; botClicks: number }>>;
}

/** What a person can do with their whole account: take its data with them, or delete it. */
export class AccountService {
  /**
   * `limiter` must define `passwordChange` (wrong passwords per account) and `accountExport`
   * (exports per account).
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: Limiter,
    private readonly passwords: Passwords,
    /** The clicks module's hooks: its tables are written (and counted) by it alone. */
    private readonly clicks: () => AccountClickHooks,
    /**
     * Writes out the webhook events still queued (they are built from the stored clicks,
     * which the account's deletion takes with it).
     */
    private readonly beforeClicksDeleted: () => Promise<void> = async () => undefined,
  ) {}

  /**
   * Deletes the account and everything it holds, in one transaction (see deleteUserData).
   * `password`: the password typed for this, or null when the caller has confirmed it in the
   * session moments ago. 403 for a wrong password; 409 OWNS_TEAMS while the user owns a team
   * with other members.
   */
  async delete(user: UserRow, password: string | null, client: string): Promise<void> {
    // Budgeted as every password check is: spent before the hash, given back when right.
    if (
      password !== null &&
      !(await this.passwords.check({
        client,
        budgets: passwordCheckBudgets(user.id),
        password,
        stored: user.password_hash,
      }))
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
      await this.clicks().deleteClicksOfAuthor(trx, user.id);
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

  /**
   * Everything the account holds, without any secret, as the JSON text of an AccountExport,
   * streamed: saved links and tracking links (the parts that grow with the account) are read
   * in pages by id and written as they are read, so memory stays the same however large the
   * account is. Budgeted per account (`accountExport`, 429 past it). `origin` builds
   * tracking URLs.
   */
  async export(user: UserRow, origin: string): Promise<{ exportedAt: string; body: Readable }> {
    await this.limiter.consume('accountExport', String(user.id));
    const k = this.db.kysely;
    const exportedAt = this.clock().toISOString();
    const [teams, tokens, webhooks, sessions, messages, twoFactor] = await Promise.all([
      repo.membershipsOf(k, user.id),
      repo.apiTokensOf(k, user.id),
      repo.webhooksOf(k, user.id),
      repo.sessionsOf(k, user.id),
      repo.contactMessagesOf(k, user.id),
      repo.twoFactorOf(k, user.id),
    ]);
    const invitations = await repo.invitationsOf(k, user.id);
    const remembered = await repo.rememberedBrowsersOf(k, user.id);
    const securityLog = await repo.securityLogOf(k, user.id, SECURITY_LOG_EXPORT_MAX);
    // Key order as in AccountExport: format, exportedAt, profile, savedLinks, trackingLinks, …
    const head: Pick<AccountExport, 'format' | 'exportedAt' | 'profile'> = {
      format: 'mailtokit-account-export/1',
      exportedAt,
      profile: toUser(user, this.clock()),
    };
    const tail: Omit<
      AccountExport,
      'format' | 'exportedAt' | 'profile' | 'savedLinks' | 'trackingLinks'
    > = {
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
        country: s.country,
      })),
      rememberedBrowsers: remembered.map((b) => ({
        createdAt: b.created_at,
        expiresAt: b.expires_at,
      })),
      twoFactor: {
        totpEnabledAt: twoFactor.enabledAt,
        recoveryCodesLeft: twoFactor.recoveryCodesLeft,
      },
      contactMessages: messages.map((m) => ({
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: m.created_at,
      })),
      invitations,
      securityLog: securityLog.map((e) => ({
        id: e.id,
        event: e.event as SecurityEventType,
        detail: e.detail,
        userAgent: e.user_agent,
        country: e.country,
        createdAt: e.created_at,
      })),
    };

    // Saved links are encoded one at a time as they are written (their mailto URL is most of
    // the work); tracking links a page at a time (one query adds up their clicks).
    const savedLinks = pages(
      (after) => repo.linksPage(k, user.id, after, EXPORT_LINKS_PAGE),
      EXPORT_LINKS_PAGE,
      async (rows) => rows,
    );
    const savedLink = (l: LinkPageRow): SavedLink => ({
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
    });
    const trackingLinks = pages(
      (after) => repo.trackingLinksPage(k, user.id, after, EXPORT_TRACKING_PAGE),
      EXPORT_TRACKING_PAGE,
      async (rows): Promise<TrackingLink[]> => {
        const totals = await this.clicks().clickTotals(
          k,
          rows.map((t) => t.id),
        );
        return rows.map((t) => ({
          id: t.id,
          slug: t.slug,
          trackingUrl: `${origin}/t/${t.slug}`,
          mailtoLinkId: t.mailto_link_id,
          label: t.label,
          createdAt: t.created_at,
          retiredAt: t.retired_at,
          clicks: totals.get(t.id)?.clicks ?? 0,
          botClicks: totals.get(t.id)?.botClicks ?? 0,
        }));
      },
    );

    async function* text(): AsyncGenerator<string> {
      const open = JSON.stringify(head);
      yield `${open.slice(0, -1)},"savedLinks":`;
      yield* jsonArray(savedLinks, savedLink);
      yield ',"trackingLinks":';
      yield* jsonArray(trackingLinks, (t) => t);
      yield `,${JSON.stringify(tail).slice(1)}`;
    }
    return { exportedAt, body: Readable.from(text(), { objectMode: false }) };
  }
}

type SavedLink = AccountExport['savedLinks'][number];
type LinkPageRow = Awaited<ReturnType<typeof repo.linksPage>>[number];
type TrackingLink = AccountExport['trackingLinks'][number];

/** Saved links per read of the export (up to ~20 KB each: a read of about a megabyte). */
const EXPORT_LINKS_PAGE = 50;
/** Tracking links per read of the export (one more query adds up their clicks). */
const EXPORT_TRACKING_PAGE = 500;

/**
 * The items of a keyset-paginated read, page by page: `read(afterId)` returns up to `size`
 * rows after that id in id order, `present` turns a page into items.
 */
async function* pages<Row extends { id: number }, Item>(
  read: (afterId: number) => Promise<Row[]>,
  size: number,
  present: (rows: Row[]) => Promise<Item[]>,
): AsyncGenerator<Item[]> {
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

/** How long the export's writing keeps the thread before it lets other requests in. */
const EXPORT_SLICE_MS = 10;

/**
 * A JSON array of the pages' items, each turned into its export shape by `present` and
 * written in slices of about EXPORT_SLICE_MS of work, with a turn of the event loop after each.
 */
async function* jsonArray<Row, Item>(
  items: AsyncIterable<Row[]>,
  present: (row: Row) => Item,
): AsyncGenerator<string> {
  let first = true;
  let parts: string[] = [];
  const flush = () => {
    const json = parts.join(',');
    const text = first ? json : `,${json}`;
    first = false;
    parts = [];
    return text;
  };
  yield '[';
  let sliceStart = performance.now();
  for await (const page of items) {
    for (const row of page) {
      parts.push(JSON.stringify(present(row)));
      if (performance.now() - sliceStart >= EXPORT_SLICE_MS) {
        yield flush();
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }
    if (parts.length > 0) yield flush();
  }
  yield ']';
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
