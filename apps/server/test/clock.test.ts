import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createTeam,
  createTestApp,
  movableClock,
  signUp,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

/** Far enough from the wall clock that no timestamp could come from it by chance. */
const AHEAD_MS = 3 * 60 * 60_000;
const clock = movableClock();
let t: TestApp;
let premium: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
  premium = await signUpAs(t, 'PREMIUM');
});
afterAll(async () => {
  await t.close();
});

/** Runs `write` with the app clock AHEAD_MS in the future; returns the app time it ran at. */
async function ahead<T>(write: () => Promise<T>): Promise<{ at: number; result: T }> {
  clock.advance(AHEAD_MS);
  try {
    const at = clock.now().getTime();
    return { at, result: await write() };
  } finally {
    clock.advance(-AHEAD_MS);
  }
}

/** A stored timestamp was written at app time `at` (within the few seconds the request took). */
function writtenAt(stored: string | null | undefined, at: number): void {
  expect(stored).toEqual(expect.any(String));
  const ms = Date.parse(stored!);
  expect(ms).toBeGreaterThanOrEqual(at - 1000);
  expect(ms).toBeLessThan(at + 60_000);
}

describe('the app clock dates every write', () => {
  it('teams: created_at and updated_at of the team and its owner row', async () => {
    const owner = await signUpAs(t, 'TEAM');
    const { at, result: team } = await ahead(() => createTeam(t.app, owner));
    const row = await t.db.kysely
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    writtenAt(row.created_at, at);
    writtenAt(row.updated_at, at);
    const member = await t.db.kysely
      .selectFrom('team_members')
      .selectAll()
      .where('team_id', '=', team.id)
      .executeTakeFirstOrThrow();
    writtenAt(member.created_at, at);
  });

  it('users: a profile change, and the profile the API answers', async () => {
    const me = await signUp(t.app);
    const { at, result: res } = await ahead(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/profile',
        headers: me.headers,
        payload: { firstName: 'Moved', lastName: 'Clock', email: me.user.email },
      }),
    );
    expect(res.statusCode).toBe(200);
    writtenAt(res.json<{ updatedAt: string }>().updatedAt, at);
  });

  it('contact: the message is received at app time', async () => {
    const { at, result: res } = await ahead(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        remoteAddress: '198.51.100.40',
        payload: {
          name: 'Jo Bloggs',
          email: 'jo@example.com',
          subject: 'Clock',
          message: 'What time is it over there?',
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    writtenAt(res.json<{ receivedAt: string }>().receivedAt, at);
  });

  it('tracking: the tracking link, the click and the day salt of its visitor hash', async () => {
    const link = await createLink(t.app, premium.headers);
    const { at, result: slug } = await ahead(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tracking',
        headers: premium.headers,
        payload: { mailtoLinkId: link.id, mailtoUrl: link.mailtoUrl },
      });
      expect(res.statusCode).toBe(201);
      const { slug } = res.json<{ slug: string }>();
      const click = await t.app.inject({
        method: 'GET',
        url: `/t/${slug}`,
        remoteAddress: '203.0.113.40',
        headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0' },
      });
      expect(click.statusCode).toBe(302);
      return slug;
    });
    const row = await t.db.kysely
      .selectFrom('tracking_links')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    writtenAt(row.created_at, at);
    const clicks = await t.db.kysely
      .selectFrom('clicks')
      .selectAll()
      .where('tracking_link_id', '=', row.id)
      .execute();
    expect(clicks).toHaveLength(1);
    writtenAt(clicks[0]!.occurred_at, at);
    const day = new Date(at).toISOString().slice(0, 10);
    const salt = await t.db.kysely
      .selectFrom('visitor_salts')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    // The only click of this database: it made the salt of the app clock's day.
    writtenAt(salt.created_at, at);
  });

  it('CSV import: the imported links are created at app time', async () => {
    const { at, result: res } = await ahead(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/mailto-links/import',
        headers: { ...premium.headers, 'content-type': 'text/csv' },
        payload: 'name,to\r\nClock import,clock@example.com\r\n',
      }),
    );
    expect(res.statusCode).toBe(201);
    const row = await t.db.kysely
      .selectFrom('mailto_links')
      .selectAll()
      .where('name', '=', 'Clock import')
      .executeTakeFirstOrThrow();
    writtenAt(row.created_at, at);
    writtenAt(row.updated_at, at);
  });
});

describe('tier expiry follows the app clock', () => {
  it('a plan ends when the app clock passes its end, not the wall clock', async () => {
    const me = await signUp(t.app);
    const end = new Date(clock.now().getTime() + 60 * 60_000);
    await t.app.services.users.setTier(me.user.username, 'PREMIUM', end);
    const links = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/mailto-links/', headers: me.headers });
    expect((await links()).statusCode).toBe(200);
    const { result } = await ahead(async () => {
      const me2 = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: me.headers,
      });
      return { list: await links(), me: me2.json<{ subscriptionTier: string }>() };
    });
    expect(result.list.statusCode).toBe(403);
    expect(result.list.json().code).toBe('PREMIUM_REQUIRED');
    expect(result.me.subscriptionTier).toBe('FREE');
    // Back at the wall clock's time, the plan is in force again.
    expect((await links()).statusCode).toBe(200);
  });
});
