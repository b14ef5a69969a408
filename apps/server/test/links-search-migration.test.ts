import { afterAll, expect, it } from 'vitest';
import { openDb } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase } from './helpers';

const database = await createTestDatabase();
const db = openDb(database.config);
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

it('makes links saved before the search existed searchable and sortable by clicks', async () => {
  await migrateToLatest(db, '009-rate-limits');
  const at = '2025-01-01T00:00:00.000Z';
  const user = await db.kysely
    .insertInto('users')
    .values({
      username: 'old',
      email: null,
      password_hash: 'x',
      first_name: null,
      last_name: null,
      subscription_tier: 'PREMIUM',
      subscription_expires_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('mailto_links')
    .values({
      user_id: user.id,
      team_id: null,
      name: 'Ünïcode Offer',
      to: 'Sales@Example.com',
      cc: null,
      bcc: 'Audit@Example.com',
      subject: 'Grüße',
      body: 'not searched',
      is_shared: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();

  const link = await db.kysely.selectFrom('mailto_links').select('id').executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('click_daily')
    .values([
      { mailto_link_id: link.id, day: '2025-01-01', clicks: 3, bot_clicks: 9, visitors: 2 },
      { mailto_link_id: link.id, day: '2025-01-02', clicks: 1, bot_clicks: 0, visitors: 1 },
    ])
    .execute();

  await migrateToLatest(db);

  const row = await db.kysely
    .selectFrom('mailto_links')
    .select('search_text')
    .executeTakeFirstOrThrow();
  expect(row.search_text).toBe('ünïcode offer\nsales@example.com\n\naudit@example.com\ngrüße');
  // The search table holds it too, and follows its next change.
  const searchRow = () =>
    db.kysely
      .selectFrom('mailto_link_search')
      .select(['user_id', 'team_id', 'search_text', 'clicks'])
      .executeTakeFirstOrThrow();
  // Human clicks of both days.
  expect(await searchRow()).toEqual({
    user_id: user.id,
    team_id: null,
    search_text: row.search_text,
    clicks: 4,
  });
  await db.kysely.updateTable('mailto_links').set({ search_text: 'renamed' }).execute();
  expect((await searchRow()).search_text).toBe('renamed');
  await db.kysely.deleteFrom('mailto_links').execute();
  expect(
    await db.kysely.selectFrom('mailto_link_search').selectAll().executeTakeFirst(),
  ).toBeUndefined();
});
