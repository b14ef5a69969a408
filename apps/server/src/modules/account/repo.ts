import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

export function linksOf(db: Conn, userId: number) {
  return db
    .selectFrom('mailto_links')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Tracking links of the user's saved links, and those the user made on team links. */
export function trackingLinksOf(db: Conn, userId: number) {
  return db
    .selectFrom('tracking_links as t')
    .innerJoin('mailto_links as m', 'm.id', 't.mailto_link_id')
    .selectAll('t')
    .where((eb) => eb.or([eb('m.user_id', '=', userId), eb('t.created_by', '=', userId)]))
    .orderBy('t.id')
    .execute();
}

/** Human and bot clicks per tracking link. */
export async function clickTotals(
  db: Conn,
  trackingLinkIds: number[],
): Promise<Map<number, { clicks: number; botClicks: number }>> {
  const totals = new Map<number, { clicks: number; botClicks: number }>();
  if (trackingLinkIds.length === 0) return totals;
  const rows = await db
    .selectFrom('clicks')
    .select((eb) => [
      'tracking_link_id',
      eb.fn.sum<number>(eb.case().when('is_bot', '=', 0).then(1).else(0).end()).as('clicks'),
      eb.fn.sum<number>(eb.case().when('is_bot', '=', 0).then(0).else(1).end()).as('bots'),
    ])
    .where('tracking_link_id', 'in', trackingLinkIds)
    .groupBy('tracking_link_id')
    .execute();
  for (const r of rows)
    totals.set(r.tracking_link_id, { clicks: Number(r.clicks), botClicks: Number(r.bots) });
  return totals;
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
    .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function contactMessagesOf(db: Conn, userId: number) {
  return db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'subject', 'message', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
