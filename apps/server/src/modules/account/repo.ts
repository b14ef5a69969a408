import { sql, type Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The columns of a saved link the export writes (every one but the search text). */
const LINK_COLUMNS = [
  'id',
  'name',
  'to',
  'cc',
  'bcc',
  'subject',
  'body',
  'team_id',
  'created_at',
  'updated_at',
] as const;

/** Up to `limit` of the user's saved links after id `afterId`, in id order (keyset). */
export function linksPage(db: Conn, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('mailto_links')
    .select(LINK_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Up to `limit` tracking links after id `afterId`, in id order (keyset): those of the user's
 * saved links, and those the user made on team links.
 */
export function trackingLinksPage(db: Conn, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('tracking_links as t')
    .innerJoin('mailto_links as m', 'm.id', 't.mailto_link_id')
    .select(['t.id', 't.slug', 't.mailto_link_id', 't.label', 't.created_at', 't.retired_at'])
    .where((eb) => eb.or([eb('m.user_id', '=', userId), eb('t.created_by', '=', userId)]))
    .where('t.id', '>', afterId)
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

export function membershipsOf(db: Conn, userId: number) {
  return db
    .selectFrom('team_members as tm')
    .innerJoin('teams as t', 't.id', 'tm.team_id')
    .select(['t.id', 't.name', 't.description', 'tm.role', 'tm.created_at'])
    .where('tm.user_id', '=', userId)
    .orderBy('t.id')
    .execute();
}

export function apiTokensOf(db: Conn, userId: number) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function webhooksOf(db: Conn, userId: number) {
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'all_links', 'disabled_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const links =
    hooks.length === 0
      ? []
      : await db
          .selectFrom('webhook_links')
          .selectAll()
          .where(
            'webhook_id',
            'in',
            hooks.map((h) => h.id),
          )
          .execute();
  return hooks.map((h) => ({
    ...h,
    linkIds: links.filter((l) => l.webhook_id === h.id).map((l) => l.mailto_link_id),
  }));
}

export function sessionsOf(db: Conn, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'country'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function rememberedBrowsersOf(db: Conn, userId: number) {
  return db
    .selectFrom('remembered_browsers')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** When two-step sign-in was turned on (null: off) and the recovery codes left. */
export async function twoFactorOf(db: Conn, userId: number) {
  const totp = await db
    .selectFrom('user_totp')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const codes = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { enabledAt: totp?.enabled_at ?? null, recoveryCodesLeft: Number(codes.n) };
}

export function contactMessagesOf(db: Conn, userId: number) {
  return db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'subject', 'message', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The user's pending team invitations: sent (what they typed) and received (by username). */
export async function invitationsOf(db: Conn, userId: number) {
  const rows = await db
    .selectFrom('team_invitations as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.team_id',
      't.name as team_name',
      'i.role',
      'i.username',
      'i.email',
      'i.invited_by',
      'i.invitee_id',
      'u.username as inviter',
      'i.created_at',
      'i.expires_at',
    ])
    .where((eb) => eb.or([eb('i.invited_by', '=', userId), eb('i.invitee_id', '=', userId)]))
    .orderBy('i.id')
    .execute();
  const common = (r: (typeof rows)[number]) => ({
    id: r.id,
    teamId: r.team_id,
    teamName: r.team_name,
    role: r.role,
  });
  return {
    sent: rows
      .filter((r) => r.invited_by === userId)
      .map((r) => ({
        ...common(r),
        username: r.username,
        email: r.email,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      })),
    received: rows
      .filter((r) => r.invitee_id === userId)
      .map((r) => ({
        ...common(r),
        invitedBy: r.inviter,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      })),
  };
}

/** Teams the user owns, with how many other members each has. */
export async function ownedTeams(db: Conn, userId: number) {
  const rows = await db
    .selectFrom('teams as t')
    .leftJoin('team_members as tm', (j) =>
      j.onRef('tm.team_id', '=', 't.id').on('tm.user_id', '!=', userId),
    )
    .select((eb) => ['t.id', 't.name', eb.fn.count<number>('tm.id').as('others')])
    .where('t.owner_id', '=', userId)
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, others: Number(r.others) }));
}

/**
 * Deletes every row of the user, in the caller's transaction: teams owned alone, links (shared
 * ones too) with their tracking links (their clicks go first, through the clicks module's
 * hook), webhooks with their links and
 * deliveries, API tokens, sessions, reset tokens, contact messages, memberships, team
 * invitations sent or received (by username, or to the account's address), the user's
 * rate-limit counters, and the user. Tracking links the user made on other people's links stay
 * with those links, without their creator.
 */
export async function deleteUserData(
  trx: Transaction<DB>,
  user: { id: number; username: string; email: string | null },
  soloTeamIds: number[],
  rateLimitKeys: string[],
  rateLimitKeyPrefixes: string[] = [],
): Promise<void> {
  const uid = user.id;
  if (soloTeamIds.length > 0) {
    await trx
      .updateTable('mailto_links')
      .set({ team_id: null, is_shared: 0 })
      .where('team_id', 'in', soloTeamIds)
      .execute();
    await trx.deleteFrom('team_members').where('team_id', 'in', soloTeamIds).execute();
    await trx.deleteFrom('team_invitations').where('team_id', 'in', soloTeamIds).execute();
    await trx.deleteFrom('teams').where('id', 'in', soloTeamIds).execute();
  }
  const links = trx.selectFrom('mailto_links').select('id').where('user_id', '=', uid);
  const webhooks = trx.selectFrom('webhooks').select('id').where('user_id', '=', uid);

  await trx.deleteFrom('tracking_links').where('mailto_link_id', 'in', links).execute();
  await trx
    .updateTable('tracking_links')
    .set({ created_by: null })
    .where('created_by', '=', uid)
    .execute();

  await trx.deleteFrom('webhook_deliveries').where('webhook_id', 'in', webhooks).execute();
  await trx
    .deleteFrom('webhook_links')
    .where((eb) => eb.or([eb('webhook_id', 'in', webhooks), eb('mailto_link_id', 'in', links)]))
    .execute();
  await trx.deleteFrom('webhooks').where('user_id', '=', uid).execute();

  await trx.deleteFrom('mailto_links').where('user_id', '=', uid).execute();
  await trx.deleteFrom('team_members').where('user_id', '=', uid).execute();
  await trx
    .deleteFrom('team_invitations')
    .where((eb) =>
      eb.or([
        eb('invited_by', '=', uid),
        eb('invitee_id', '=', uid),
        ...(user.email ? [eb('email', '=', user.email.toLowerCase())] : []),
      ]),
    )
    .execute();
  await trx.deleteFrom('api_tokens').where('user_id', '=', uid).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', uid).execute();
  await trx.deleteFrom('remembered_browsers').where('user_id', '=', uid).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', uid).execute();
  await trx.deleteFrom('sign_in_challenges').where('user_id', '=', uid).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', uid).execute();
  await trx.deleteFrom('user_totp').where('user_id', '=', uid).execute();
  await trx.deleteFrom('contact_messages').where('user_id', '=', uid).execute();
  if (rateLimitKeys.length > 0)
    await trx.deleteFrom('rate_limits').where('key', 'in', rateLimitKeys).execute();
  for (const prefix of rateLimitKeyPrefixes)
    await trx
      .deleteFrom('rate_limits')
      .where(sql<string>`substr(${sql.ref('key')}, 1, ${sql.lit(prefix.length)})`, '=', prefix)
      .execute();
  await trx.deleteFrom('users').where('id', '=', uid).execute();
}

/** The account's security log, newest first, at most `max` events. */
export function securityLogOf(db: Conn, userId: number, max: number) {
  return db
    .selectFrom('security_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max)
    .execute();
}
