import { sql, type KyselyPlugin } from 'kysely';
import { AccountExport } from '@mailtokit/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  PRODUCTION_HASHING,
  signIn,
  signUp,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WEBHOOK_SECRET = 'whsec_do-not-export-this-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { publicUrl: 'https://links.example.test', hashing: PRODUCTION_HASHING },
    limits: { contactPerHour: 1000 },
  });
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
      headers: { 'user-agent': ua, accept: 'text/html,*/*;q=0.8', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(302);
  }
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: who.headers,
    payload: {
      name: 'CI deploy',
      scopes: ['links:read', 'analytics:read'],
      currentPassword: who.password,
    },
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
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: hook.id,
      event_id: `evt_${hook.id}`,
      event_type: 'click.created',
      payload: JSON.stringify({ slug }),
      status: 'succeeded',
      next_attempt_at: now,
      last_attempt_at: now,
      response_status: 200,
      last_error: null,
      created_at: now,
      completed_at: now,
    })
    .execute();
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

/** Saved links (with a tracking link each on every third, and clicks) straight into the tables. */
async function bigAccount(links: number): Promise<{ who: SignedIn; trackingIds: number[] }> {
  const who = await signUpAs(t, 'PREMIUM');
  const now = new Date().toISOString();
  for (let i = 0; i < links; i += 500) {
    const rows = Array.from({ length: Math.min(500, links - i) }, (_, j) => ({
      user_id: who.user.id,
      team_id: null,
      name: `Bulk ${i + j} "quoted" \\ back\u2028slash`,
      to: 'bulk@example.com',
      cc: null,
      bcc: null,
      subject: `Subject ${i + j}`,
      body: `Line one\nline two ${'é'.repeat((i + j) % 7)}`,
      is_shared: 0,
      created_at: now,
      updated_at: now,
    }));
    await t.db.kysely.insertInto('mailto_links').values(rows).execute();
  }
  const ids = await t.db.kysely
    .selectFrom('mailto_links')
    .select('id')
    .where('user_id', '=', who.user.id)
    .orderBy('id')
    .execute();
  const tracked = ids.filter((_, i) => i % 3 === 0);
  for (let i = 0; i < tracked.length; i += 500)
    await t.db.kysely
      .insertInto('tracking_links')
      .values(
        tracked.slice(i, i + 500).map((l) => ({
          slug: `bulk${who.user.id}x${l.id}`,
          mailto_link_id: l.id,
          created_by: who.user.id,
          label: null,
          created_at: now,
          retired_at: null,
        })),
      )
      .execute();
  const trackingIds = (
    await t.db.kysely
      .selectFrom('tracking_links as tl')
      .innerJoin('mailto_links as m', 'm.id', 'tl.mailto_link_id')
      .select('tl.id')
      .where('m.user_id', '=', who.user.id)
      .orderBy('tl.id')
      .execute()
  ).map((r) => r.id);
  // Two human clicks and one bot on each of the first 600 tracking links.
  const clicks = trackingIds.slice(0, 600).flatMap((id) =>
    [0, 0, 1].map((bot, k) => ({
      tracking_link_id: id,
      occurred_at: now,
      referrer_host: null,
      browser: 'Chrome',
      os: 'Linux',
      device: 'desktop' as const,
      is_bot: bot,
      visitor_hash: `${id}-${k}`,
    })),
  );
  for (let i = 0; i < clicks.length; i += 500)
    await t.db.kysely
      .insertInto('clicks')
      .values(clicks.slice(i, i + 500))
      .execute();
  return { who, trackingIds };
}

/** Every SQL statement the app sends while `fn` runs; `fail` may throw instead of running one. */
async function statementsOf(
  fn: () => Promise<unknown>,
  fail: (statement: string) => boolean = () => false,
): Promise<string[]> {
  const original = t.db.kysely;
  const executor = original.getExecutor();
  const seen: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      const statement = executor.compileQuery(args.node, args.queryId).sql;
      seen.push(statement);
      if (fail(statement)) throw new Error('the database went away');
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  t.db.kysely = original.withPlugin(recorder);
  try {
    await fn();
  } finally {
    t.db.kysely = original;
  }
  return seen;
}

describe(`GET /api/v1/account/export at volume (${dialect})`, () => {
  it('writes a large account in full, as the same JSON, reading it in pages', async () => {
    const LINKS = 3000;
    const { who, trackingIds } = await bigAccount(LINKS);
    let res: Awaited<ReturnType<typeof exportAs>> | undefined;
    const statements = await statementsOf(async () => {
      res = await exportAs(who.headers);
    });
    expect(res?.statusCode).toBe(200);
    expect(res?.headers['content-type']).toMatch(/^application\/json/);
    expect(res?.headers['content-disposition']).toMatch(/^attachment; filename="mailtokit-/);
    const data = AccountExport.parse(JSON.parse(res?.body ?? ''));
    // Exactly the contract's keys, in its order, on the export and on each item.
    expect(Object.keys(data)).toEqual(Object.keys(AccountExport.shape));
    const savedKeys = Object.keys(AccountExport.shape.savedLinks.element.shape);
    const trackingKeys = Object.keys(AccountExport.shape.trackingLinks.element.shape);
    const parsed = JSON.parse(res?.body ?? '') as {
      savedLinks: object[];
      trackingLinks: object[];
    };
    for (const l of parsed.savedLinks) expect(Object.keys(l)).toEqual(savedKeys);
    for (const l of parsed.trackingLinks) expect(Object.keys(l)).toEqual(trackingKeys);
    expect(data.profile.id).toBe(who.user.id);
    expect(data.savedLinks).toHaveLength(LINKS);
    const ids = data.savedLinks.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(LINKS);
    expect(data.savedLinks[7]?.name).toBe('Bulk 7 "quoted" \\ back\u2028slash');
    expect(data.savedLinks[7]?.mailtoUrl).toMatch(/^mailto:bulk@example\.com\?/);
    expect(data.trackingLinks.map((x) => x.id)).toEqual(trackingIds);
    expect(data.trackingLinks[0]).toMatchObject({ clicks: 2, botClicks: 1 });
    expect(data.trackingLinks[599]).toMatchObject({ clicks: 2, botClicks: 1 });
    expect(data.trackingLinks[600]).toMatchObject({ clicks: 0, botClicks: 0 });
    // Read in pages: every read of saved links is bounded, and there are many.
    const linkReads = statements.filter((s) => /"body"/.test(s) && /mailto_links/.test(s));
    expect(linkReads.length).toBeGreaterThanOrEqual(LINKS / 100);
    for (const s of linkReads) expect(s).toMatch(/\blimit\b/i);
  });

  it('allows a few exports per account an hour, then answers 429', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const other = await signUpAs(t, 'PREMIUM');
    const results = await Promise.all(Array.from({ length: 8 }, () => exportAs(who.headers)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({
      detail: expect.stringMatching(/exported several times/),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    for (const r of results.filter((x) => x.statusCode === 200))
      expect(JSON.parse(r.body).profile.id).toBe(who.user.id);
    // Another account's budget is its own.
    expect((await exportAs(other.headers)).statusCode).toBe(200);
  });

  it('a database error half-way ends that download only; the server goes on', async () => {
    const { who } = await bigAccount(300);
    let linkPages = 0;
    let res: Awaited<ReturnType<typeof exportAs>> | undefined;
    let error: unknown;
    await statementsOf(
      async () => {
        try {
          res = await exportAs(who.headers);
        } catch (err) {
          error = err;
        }
      },
      (s) => /"body"/.test(s) && /mailto_links/.test(s) && ++linkPages === 3,
    );
    expect(linkPages).toBeGreaterThanOrEqual(3);
    // Whatever arrived is not a complete export.
    if (!error) expect(() => JSON.parse(res?.body ?? '')).toThrow();
    const health = await t.app.inject({ url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const again = await exportAs(who.headers);
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(again.body).savedLinks).toHaveLength(300);
  });
});

const deleteAccount = (headers: Record<string, string>, password: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/v1/account', headers, payload: { password } });

/** Every table of the database, read from its catalog, so that a new table cannot be missed. */
async function allTables(): Promise<string[]> {
  const rows =
    t.db.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.db.kysely,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          t.db.kysely,
        );
  return rows.rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
}

interface Owned {
  userId: number;
  username: string;
  email: string;
  /** Ids of the user's things, by the column names that point at them. */
  ids: Record<string, Set<number>>;
}

async function ownedBy(a: Account): Promise<Owned> {
  const k = t.db.kysely;
  const ids = async (q: Promise<Array<{ id: number }>>) => new Set((await q).map((r) => r.id));
  const linkIds = await ids(
    k.selectFrom('mailto_links').select('id').where('user_id', '=', a.who.user.id).execute(),
  );
  return {
    userId: a.who.user.id,
    username: a.who.user.username.toLowerCase(),
    email: (a.who.user.email ?? '').toLowerCase(),
    ids: {
      mailto_link_id: linkIds,
      tracking_link_id: await ids(
        k
          .selectFrom('tracking_links')
          .select('id')
          .where('mailto_link_id', 'in', [...linkIds])
          .execute(),
      ),
      webhook_id: await ids(
        k.selectFrom('webhooks').select('id').where('user_id', '=', a.who.user.id).execute(),
      ),
    },
  };
}

/** Rows anywhere that still belong to, point at, or name the user. */
async function leftovers(o: Owned): Promise<string[]> {
  const found: string[] = [];
  const ownId: Record<string, string> = {
    users: 'user_id',
    mailto_links: 'mailto_link_id',
    tracking_links: 'tracking_link_id',
    webhooks: 'webhook_id',
  };
  for (const table of await allTables()) {
    const rows = (
      await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db.kysely)
    ).rows;
    for (const row of rows) {
      const text = JSON.stringify(row).toLowerCase();
      const hits: string[] = [];
      for (const [col, value] of Object.entries(row)) {
        const n = Number(value);
        if (['user_id', 'owner_id', 'created_by'].includes(col) && n === o.userId) hits.push(col);
        if (o.ids[col]?.has(n)) hits.push(col);
        const idKind = ownId[table];
        if (
          col === 'id' &&
          idKind &&
          (idKind === 'user_id' ? n === o.userId : o.ids[idKind]?.has(n))
        )
          hits.push('id');
      }
      if (text.includes(o.username)) hits.push('username');
      if (text.includes(o.email)) hits.push('email');
      if (hits.length > 0) found.push(`${table}: ${hits.join(', ')} in ${JSON.stringify(row)}`);
    }
  }
  return found;
}

describe('DELETE /api/v1/account', () => {
  it('refuses a wrong password with 403 and keeps everything', async () => {
    const a = await populatedAccount();
    const before = await leftovers(await ownedBy(a));
    const res = await deleteAccount(a.who.headers, 'not my password');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'The password is not correct.' });
    expect(await leftovers(await ownedBy(a))).toEqual(before);
    expect(
      (await t.app.inject({ url: '/api/v1/auth/me', headers: a.who.headers })).statusCode,
    ).toBe(200);
  });

  it('answers 409 OWNS_TEAMS naming the teams that have other members', async () => {
    const a = await populatedAccount();
    await createTeam(t.app, a.who, { name: 'Solo project' });
    const busy = await createTeam(t.app, a.who, { name: 'Night shift' });
    await addMember(t.app, a.who, busy.id, a.teammate);
    const res = await deleteAccount(a.who.headers, a.who.password);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('OWNS_TEAMS');
    expect(body.detail).toContain('"Crew"');
    expect(body.detail).toContain('"Night shift"');
    expect(body.detail).not.toContain('Solo project');
    expect(body.detail).toMatch(/Transfer ownership or delete them first/);
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: a.who.headers });
    expect(me.statusCode).toBe(200);
  });

  it('deletes every row of the user in every table, ends the session and frees the name', async () => {
    const a = await populatedAccount();
    // The teammate owns a team the user belongs to, with one of the user's links shared there.
    const theirs = await createTeam(t.app, a.teammate, { name: 'Their team' });
    // As an admin: a tracking link on someone else's shared link needs the right to edit it.
    await addMember(t.app, a.teammate, theirs.id, a.who, 'ADMIN');
    await createLink(t.app, a.who.headers, { name: 'Shared with them', teamId: theirs.id });
    const mateLink = await createLink(t.app, a.teammate.headers, {
      name: 'Mate link',
      teamId: theirs.id,
    });
    // A tracking link the user made on the teammate's shared link stays with that link.
    const onMate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: a.who.headers,
      payload: { mailtoLinkId: mateLink.id, mailtoUrl: mateLink.mailtoUrl },
    });
    expect(onMate.statusCode).toBe(201);
    // Hand the ownership of "Crew" over, so that only a solo team is left to go with the account.
    const transfer = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/teams/${a.teamId}/members/${a.teammate.user.id}`,
      headers: a.who.headers,
      payload: { role: 'OWNER', currentPassword: a.who.password },
    });
    expect(transfer.statusCode).toBe(200);
    const solo = await createTeam(t.app, a.who, { name: 'Only me' });
    // A reset link, a wrong password, a failed sign-in: rows in reset tokens and rate limits.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: a.who.user.email },
    });
    await t.app.services.passwordReset.idle();
    await deleteAccount(a.who.headers, 'wrong password');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: a.who.user.username, password: 'wrong password' },
    });

    const owned = await ownedBy(a);
    expect((await leftovers(owned)).length).toBeGreaterThan(10);
    const res = await deleteAccount(a.who.headers, a.who.password);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'mailtokit_session')?.value).toBe('');
    // Only the audit logs of teams that live on still name the user: an entry keeps its actor's
    // id and the username they had then (shown as a deleted user), never rewritten.
    const left = await leftovers(owned);
    expect(left.filter((row) => !row.startsWith('team_audit: username in'))).toEqual([]);
    expect(left.length).toBeGreaterThan(0);

    // Signed out everywhere, refused at sign-in, tokens dead, tracking URL gone.
    expect(
      (await t.app.inject({ url: '/api/v1/auth/me', headers: a.who.headers })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: a.who.user.username, password: a.who.password },
    });
    expect(login.statusCode).toBe(401);
    const token = await t.app.inject({
      url: '/api/v1/mailto-links',
      headers: { authorization: `Bearer ${a.apiToken}` },
    });
    expect(token.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/t/${a.slug}` })).statusCode).toBe(404);

    // The teams with other members live on; the solo team is gone.
    const crew = await t.app.inject({
      url: `/api/v1/teams/${a.teamId}`,
      headers: a.teammate.headers,
    });
    expect(crew.statusCode).toBe(200);
    expect(crew.json().members.map((m: { userId: number }) => m.userId)).toEqual([
      a.teammate.user.id,
    ]);
    const team = await t.db.kysely
      .selectFrom('teams')
      .select('id')
      .where('id', '=', solo.id)
      .execute();
    expect(team).toEqual([]);
    const mateLinks = await t.app.inject({
      url: '/api/v1/mailto-links',
      headers: a.teammate.headers,
    });
    const names = mateLinks.json<{ items?: Array<{ name: string }> } | Array<{ name: string }>>();
    const list = Array.isArray(names) ? names : (names.items ?? []);
    expect(list.map((l) => l.name)).toEqual(['Mate link']);
    const kept = await t.db.kysely
      .selectFrom('tracking_links')
      .select(['mailto_link_id', 'created_by'])
      .where('id', '=', onMate.json<{ id: number }>().id)
      .executeTakeFirst();
    expect(kept).toEqual({ mailto_link_id: mateLink.id, created_by: null });

    // The username and the address can be registered again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username: a.who.user.username,
        email: a.who.user.email,
        password: 'a fresh start 123',
      },
    });
    expect(again.statusCode).toBe(201);
  });

  it(
    'gives 100 parallel wrong passwords from one address 4 verdicts (2 hashing, 2 waiting) and 96 429s, and deletes nothing',
    { timeout: 120_000 },
    async () => {
      const me = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => deleteAccount(me.headers, `guess ${i}`)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 403)).toHaveLength(4);
      expect(codes.filter((c) => c === 429)).toHaveLength(96);
      // The refused ones spent nothing: one more wrong password is checked, and that is the
      // budget's last (5 per 15 minutes).
      expect((await deleteAccount(me.headers, 'guess 100')).statusCode).toBe(403);
      expect((await deleteAccount(me.headers, me.password)).statusCode).toBe(429);
      expect((await t.app.inject({ url: '/api/v1/auth/me', headers: me.headers })).statusCode).toBe(
        200,
      );
    },
  );

  it('needs a signed-in session and a password', async () => {
    const a = await populatedAccount();
    expect((await deleteAccount({}, a.who.password)).statusCode).toBe(401);
    const withToken = await deleteAccount(
      { authorization: `Bearer ${a.apiToken}` },
      a.who.password,
    );
    expect(withToken.statusCode).toBe(403);
    // A session that has not confirmed the password lately must send it.
    const unconfirmed = await signIn(t.app, a.who.user.username, a.who.password);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: unconfirmed.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { currentPassword: 'Enter your current password to continue' },
    });
  });
});
