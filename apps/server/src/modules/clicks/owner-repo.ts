import { OPENED_WITH, type OpenedWith } from '@mailtokit/contracts/analytics';
import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/**
 * The click data of one author's links, for the account module's hooks: deleted with the
 * account, and counted in its export. Rollups keyed by link (`click_daily_dims`,
 * `click_monthly`, `click_monthly_places`) and by author (`click_owner_daily`, `click_owner_dims`,
 * `click_owner_places`) go with the links themselves, through the trigger on link deletion
 * (migrations 019, 057 and 058) and their foreign keys.
 */

/**
 * Deletes, in the caller's transaction, the clicks, tallies, daily rollup and daily visitors
 * of every link `userId` wrote (before the links and their tracking links go).
 */
export async function deleteClicksOfAuthor(trx: Transaction<DB>, userId: number): Promise<void> {
  const links = trx.selectFrom('mailto_links').select('id').where('user_id', '=', userId);
  const tracking = trx
    .selectFrom('tracking_links')
    .select('id')
    .where('mailto_link_id', 'in', links);
  await trx.deleteFrom('clicks').where('tracking_link_id', 'in', tracking).execute();
  await trx.deleteFrom('filtered_hits').where('tracking_link_id', 'in', tracking).execute();
  await trx.deleteFrom('click_daily').where('mailto_link_id', 'in', links).execute();
  await trx.deleteFrom('daily_visitors').where('mailto_link_id', 'in', links).execute();
}

/** A tracking link's clicks as the account export reports them. */
export interface ClickTotals {
  clicks: number;
  botClicks: number;
  /** Human clicks through the scan address (QR codes). */
  qrClicks: number;
  /** Chooser page views by what the visitor chose (`none`: left without choosing). */
  openedWith: Record<OpenedWith, number>;
}

const noChoices = (): Record<OpenedWith, number> =>
  Object.fromEntries(OPENED_WITH.map((k) => [k, 0])) as Record<OpenedWith, number>;

/**
 * Human and left-out clicks per tracking link (those tallied without a row each included),
 * with the human ones by source and chooser choice.
 */
export async function clickTotals(
  db: Conn,
  trackingLinkIds: readonly number[],
): Promise<Map<number, ClickTotals>> {
  const totals = new Map<number, ClickTotals>();
  const empty = (): ClickTotals => ({
    clicks: 0,
    botClicks: 0,
    qrClicks: 0,
    openedWith: noChoices(),
  });
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
    totals.set(r.tracking_link_id, {
      ...empty(),
      clicks: Number(r.clicks),
      botClicks: Number(r.bots),
    });
  const tallied = await db
    .selectFrom('filtered_hits')
    .select((eb) => ['tracking_link_id', eb.fn.sum<number>('hits').as('n')])
    .where('tracking_link_id', 'in', trackingLinkIds)
    .groupBy('tracking_link_id')
    .execute();
  for (const r of tallied) {
    const seen = totals.get(r.tracking_link_id) ?? empty();
    totals.set(r.tracking_link_id, { ...seen, botClicks: seen.botClicks + Number(r.n) });
  }
  const ways = await db
    .selectFrom('clicks')
    .select((eb) => ['tracking_link_id', 'source', 'opened_with', eb.fn.countAll<number>().as('n')])
    .where('tracking_link_id', 'in', trackingLinkIds)
    .where('is_bot', '=', 0)
    .where((eb) => eb.or([eb('source', '=', 'qr'), eb('opened_with', 'is not', null)]))
    .groupBy(['tracking_link_id', 'source', 'opened_with'])
    .execute();
  for (const r of ways) {
    const seen = totals.get(r.tracking_link_id) ?? empty();
    if (r.source === 'qr') seen.qrClicks += Number(r.n);
    const choice = r.opened_with as OpenedWith | null;
    if (choice !== null && choice in seen.openedWith) seen.openedWith[choice] += Number(r.n);
    totals.set(r.tracking_link_id, seen);
  }
  return totals;
}

/** Human clicks of one place (country '' when unknown; city null when none). */
export interface PlaceCount {
  country: string;
  city: string | null;
  clicks: number;
}

/**
 * Human clicks per tracking link, country and city, from the raw clicks: most first, then by
 * country (unknown last) and city.
 */
export async function clickPlaces(
  db: Conn,
  trackingLinkIds: readonly number[],
): Promise<Map<number, PlaceCount[]>> {
  const places = new Map<number, PlaceCount[]>();
  if (trackingLinkIds.length === 0) return places;
  const rows = await db
    .selectFrom('clicks')
    .select((eb) => ['tracking_link_id', 'country', 'city', eb.fn.countAll<number>().as('n')])
    .where('tracking_link_id', 'in', trackingLinkIds)
    .where('is_bot', '=', 0)
    .groupBy(['tracking_link_id', 'country', 'city'])
    .execute();
  for (const r of rows) {
    const list = places.get(r.tracking_link_id) ?? [];
    list.push({ country: r.country ?? '', city: r.city, clicks: Number(r.n) });
    places.set(r.tracking_link_id, list);
  }
  for (const list of places.values())
    list.sort(
      (a, b) =>
        b.clicks - a.clicks ||
        (a.country || 'ZZ').localeCompare(b.country || 'ZZ') ||
        (a.city ?? '').localeCompare(b.city ?? ''),
    );
  return places;
}
