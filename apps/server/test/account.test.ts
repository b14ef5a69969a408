import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WEBHOOK_SECRET = 'whsec_do-not-export-this-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example.test' } });
});
afterAll(async () => {
  await t.close();
});

interface Account {
  who: SignedIn;
  teammate: SignedIn;
  teamId: number;
  privateLinkId: number;
  sharedLinkId: number;
  trackingId: number;
  slug: string;
  apiToken: string;
}

/**
 * An account with something in every table: links (private and shared with a team that has
 * another member), a tracking link with human and bot clicks, an API token, a webhook, a
 * contact message, two sessions.
 */
async function populatedAccount(): Promise<Account> {
  const who = await signUpAs(t, 'TEAM');
  const teammate = await signUpAs(t, 'TEAM');
  const team = await createTeam(t.app, who, { name: 'Crew', description: 'The crew' });
  await addMember(t.app, who, team.id, teammate, 'ADMIN');
  const privateLink = await createLink(t.app, who.headers, { name: 'Private one' });
  const sharedLink = await createLink(t.app, who.headers, { name: 'Shared one', teamId: team.id });
  const tracking = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: who.headers,
    payload: { mailtoLinkId: privateLink.id, mailtoUrl: privateLink.mailtoUrl, label: 'Footer' },
  });
  expect(tracking.statusCode).toBe(201);
  const { id: trackingId, slug } = tracking.json<{ id: number; slug: string }>();
  for (const [ua, ip] of [
    [CHROME, '203.0.113.1'],
    [CHROME, '203.0.113.2'],
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', '203.0.113.3'],
  ] as const) {
    const res = await t.app.inject({
      url: `/t/${slug}`,
      remoteAddress: ip,
      headers: { 'user-agent': ua },
    });
    expect(res.statusCode).toBe(302);
  }
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: who.headers,
    payload: { name: 'CI deploy', scopes: ['links:read', 'analytics:read'] },
  });
  expect(token.statusCode).toBe(201);
  const now = new Date().toISOString();
  const hook = await t.db.kysely
    .insertInto('webhooks')
    .values({
      user_id: who.user.id,
      url: 'https://hooks.example.test/clicks',
      secret: WEBHOOK_SECRET,
      events: 'click.created',
      all_links: 0,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('webhook_links')
    .values({ webhook_id: hook.id, mailto_link_id: privateLink.id })
    .execute();
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: who.headers,
    payload: {
      name: 'Ada Lovelace',
      email: who.user.email,
      subject: 'A question',
      message: 'How do I export my data?',
    },
  });
  expect(contact.statusCode).toBe(201);
  return {
    who,
    teammate,
    teamId: team.id,
    privateLinkId: privateLink.id,
    sharedLinkId: sharedLink.id,
    trackingId,
    slug,
    apiToken: token.json<{ token: string }>().token,
  };
}

const exportAs = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/v1/account/export', headers });

describe('GET /api/v1/account/export', () => {
  it('downloads the whole account as a JSON attachment', async () => {
    const a = await populatedAccount();
    const res = await exportAs(a.who.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="mailtokit-${a.who.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.format).toBe('mailtokit-account-export/1');
    expect(data.profile).toMatchObject({
      id: a.who.user.id,
      username: a.who.user.username,
      email: a.who.user.email,
      subscriptionTier: 'TEAM',
    });
    expect(data.savedLinks.map((l: { name: string }) => l.name)).toEqual([
      'Private one',
      'Shared one',
    ]);
    expect(data.savedLinks[1]).toMatchObject({ teamId: a.teamId, to: 'sales@example.com' });
    expect(data.savedLinks[0].mailtoUrl).toMatch(/^mailto:sales@example\.com\?/);
    expect(data.trackingLinks).toEqual([
      expect.objectContaining({
        id: a.trackingId,
        slug: a.slug,
        trackingUrl: `https://links.example.test/t/${a.slug}`,
        label: 'Footer',
        mailtoLinkId: a.privateLinkId,
        clicks: 2,
        botClicks: 1,
        retiredAt: null,
      }),
    ]);
    expect(data.teams).toEqual([
      expect.objectContaining({ id: a.teamId, name: 'Crew', role: 'OWNER' }),
    ]);
    expect(data.apiTokens).toEqual([
      expect.objectContaining({ name: 'CI deploy', scopes: ['links:read', 'analytics:read'] }),
    ]);
    expect(data.webhooks).toEqual([
      expect.objectContaining({
        url: 'https://hooks.example.test/clicks',
        events: ['click.created'],
        allLinks: false,
        linkIds: [a.privateLinkId],
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ subject: 'A question', message: 'How do I export my data?' }),
    ]);

    // The teammate's export holds the team with their own role, not the owner's links.
    const mate = (await exportAs(a.teammate.headers)).json();
    expect(mate.teams).toEqual([expect.objectContaining({ id: a.teamId, role: 'ADMIN' })]);
    expect(mate.savedLinks).toEqual([]);
  });

  it('never holds a password hash, a token, a token hash or a webhook secret', async () => {
    const a = await populatedAccount();
    const body = (await exportAs(a.who.headers)).body;
    const user = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', a.who.user.id)
      .executeTakeFirstOrThrow();
    const tokenHashes = await t.db.kysely
      .selectFrom('api_tokens')
      .select('token_hash')
      .where('user_id', '=', a.who.user.id)
      .execute();
    const sessionIds = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', a.who.user.id)
      .execute();
    const secrets = [
      user.password_hash,
      a.who.password,
      a.who.token,
      a.apiToken,
      WEBHOOK_SECRET,
      ...tokenHashes.map((r) => r.token_hash),
      ...sessionIds.map((r) => r.id),
    ];
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/password|secret|hash/i);
  });

  it('needs a signed-in session: anonymous 401, API token 403', async () => {
    const a = await populatedAccount();
    expect((await exportAs({})).statusCode).toBe(401);
    const withToken = await exportAs({ authorization: `Bearer ${a.apiToken}` });
    expect(withToken.statusCode).toBe(403);
  });
});
