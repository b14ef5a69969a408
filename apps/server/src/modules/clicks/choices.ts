import type { OpenChoice } from '@mailtokit/contracts/analytics';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/types';
import { planInForceSql } from '../../lib/tiers-sql';
import { coveringHooks } from './click-rules';
import { newEventKey } from './click-store';
import { NO_COUNTRY } from './dimensions';

/**
 * The choice a chooser page's visitor makes (a door of the tracking link, or the copy beacon)
 * is stored with the page view it follows: the click. A page view counts one choice at most.
 */

/** How long after a chooser page view its visitor's choice still counts. */
export const CHOICE_WINDOW_MS = 60 * 60 * 1000;

/** What a choice is matched with: the visitor's page views of this tracking link. */
export interface ChoiceInput {
  trackingLinkId: number;
  mailtoLinkId: number;
  visitorHash: string;
  choice: OpenChoice;
  /** When the choice was made (ISO). */
  at: string;
}

/**
 * Stores a choice with the visitor's latest chooser page view of the tracking link within
 * CHOICE_WINDOW_MS that has none yet (`opened_with` = `none`): the click gets the choice, the
 * link's `opened` breakdown of the click's day moves one from `none` to the choice, and the
 * webhooks subscribed to `link.opened_with` get an event, all in one transaction. Returns
 * whether a page view took it and how many webhook events were queued; with no page view
 * waiting (a second choice, a visitor whose view was not counted as a person's, or one past the
 * window) nothing is stored.
 */
export async function recordChoice(
  db: Db,
  input: ChoiceInput,
): Promise<{ recorded: boolean; events: number }> {
  const since = new Date(Date.parse(input.at) - CHOICE_WINDOW_MS).toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const view = await trx
      .selectFrom('clicks')
      .select(['id', 'occurred_at', 'country'])
      .where('tracking_link_id', '=', input.trackingLinkId)
      .where('visitor_hash', '=', input.visitorHash)
      .where('opened_with', '=', 'none')
      .where('occurred_at', '>=', since)
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!view) return { recorded: false, events: 0 };
    // Taken only if still waiting: of two choices at once, one moves it.
    const taken = await trx
      .updateTable('clicks')
      .set({ opened_with: input.choice })
      .where('id', '=', view.id)
      .where('opened_with', '=', 'none')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return { recorded: false, events: 0 };
    const day = view.occurred_at.slice(0, 10);
    const key = { mailto_link_id: input.mailtoLinkId, day };
    await moveChoice(trx, 'click_daily_dims', key, input.choice);
    // The same move in the rollup by country, which country-filtered analytics read.
    await moveChoice(
      trx,
      'click_daily_places',
      { ...key, country: view.country ?? NO_COUNTRY },
      input.choice,
    );
    const queued = await sql<{ webhook_id: number }>`
      with input as (select cast(${input.mailtoLinkId} as integer) as mailto_link_id, 0 as is_bot),
      hooks as (${sql.raw(coveringHooks('link.opened_with'))})
      insert into webhook_outbox (webhook_id, event_key, click_ids, created_at, event)
      select distinct h.webhook_id, cast(${newEventKey()} as varchar(32)),
        cast(${String(view.id)} as varchar(32)), p.at, 'link.opened_with'
      from hooks h, (select cast(${input.at} as varchar(40)) as at) p
      where ${sql.raw(planInForceSql('h.plan_ends', 'p.at'))}
      returning webhook_id`.execute(trx);
    return { recorded: true, events: queued.rows.length };
  });
}

/**
 * Moves one page view of a link's day from `none` to the choice in the `opened` breakdown of a
 * daily rollup: `click_daily_dims`, or `click_daily_places` under the page view's country (its
 * key has that one column more).
 */
async function moveChoice(
  trx: Transaction<DB>,
  rollup: 'click_daily_dims' | 'click_daily_places',
  key: { mailto_link_id: number; day: string; country?: string },
  choice: OpenChoice,
): Promise<void> {
  const row = { ...key, dim: 'opened' };
  await trx
    .updateTable(rollup)
    .set((eb) => ({ clicks: eb('clicks', '-', 1) }))
    .where((eb) => eb.and({ ...row, value: 'none' }))
    .execute();
  await trx
    .insertInto(rollup)
    .values({ ...row, value: choice, clicks: 1 })
    .onConflict((oc) =>
      oc
        .columns([...(Object.keys(row) as (keyof typeof row)[]), 'value'])
        .doUpdateSet((eb) => ({ clicks: eb(`${rollup}.clicks`, '+', 1) })),
    )
    .execute();
}
