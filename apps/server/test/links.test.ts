import { parseMailto } from '@mailtokit/mailto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildLink,
  createLink,
  createTeam,
  createTestApp,
  movableClock,
  setTier,
  type SignedIn,
  type TestApp,
  signUpAs,
} from './helpers';

const BASE = '/api/v1/mailto-links';
const NOT_FOUND = { detail: 'Link not found', code: 'NOT_FOUND' };
const PREMIUM_REQUIRED = { detail: 'Premium subscription required', code: 'PREMIUM_REQUIRED' };
const INVALID_LIST = 'Must contain valid email addresses separated by commas';

const clock = movableClock();
let t: TestApp;
let free: SignedIn;
let premium: SignedIn;
let team: SignedIn;

const member = (tier: 'FREE' | 'PREMIUM' | 'TEAM'): Promise<SignedIn> => signUpAs(t, tier);

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
  [free, premium, team] = await Promise.all([member('FREE'), member('PREMIUM'), member('TEAM')]);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

/** `n` distinct addresses of 20 characters each, as stored: `a, b, ...` (22n - 2 characters). */
const addresses = (n: number, prefix = 'user') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}@example.com`).join(
    ', ',
  );

describe('tier gating and sign-in', () => {
  const endpoints: [Method, string][] = [
    ['GET', `${BASE}/`],
    ['GET', BASE],
    ['POST', `${BASE}/`],
    ['POST', BASE],
    ['GET', `${BASE}/:id`],
    ['PUT', `${BASE}/:id`],
    ['DELETE', `${BASE}/:id`],
  ];
  const payloadFor = (method: Method) =>
    method === 'POST' || method === 'PUT' ? buildLink() : undefined;

  it.each(endpoints)('%s %s: anonymous gets 401', async (method, path) => {
    const link = await createLink(t.app, premium.headers);
    const res = await call(method, path.replace(':id', String(link.id)), null, payloadFor(method));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it.each(endpoints)('%s %s: FREE gets 403 Premium subscription required', async (method, path) => {
    const link = await createLink(t.app, premium.headers);
    const res = await call(method, path.replace(':id', String(link.id)), free, payloadFor(method));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(PREMIUM_REQUIRED);
  });

  it.each(endpoints)('%s %s: FREE gets 403 even for an unknown id', async (method, path) => {
    const res = await call(method, path.replace(':id', 'abc'), free, payloadFor(method));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(PREMIUM_REQUIRED);
  });

  describe.each(['PREMIUM', 'TEAM'] as const)('%s', (tier) => {
    const who = () => (tier === 'PREMIUM' ? premium : team);

    it.each(endpoints)(`%s %s succeeds`, async (method, path) => {
      const link = await createLink(t.app, who().headers);
      const res = await call(
        method,
        path.replace(':id', String(link.id)),
        who(),
        payloadFor(method),
      );
      expect(res.statusCode).toBe(method === 'POST' ? 201 : 200);
    });
  });

  it('accepts the bearer token as well as the cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: BASE,
      headers: { authorization: `Bearer ${premium.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('follows tier changes: links survive a downgrade and come back on upgrade', async () => {
    const who = await member('PREMIUM');
    const link = await createLink(t.app, who.headers);
    await setTier(t.db, who.user.id, 'FREE');
    expect((await call('GET', `${BASE}/${link.id}`, who)).json()).toEqual(PREMIUM_REQUIRED);
    await setTier(t.db, who.user.id, 'TEAM');
    const back = await call('GET', `${BASE}/${link.id}`, who);
    expect(back.statusCode).toBe(200);
    expect(back.json().id).toBe(link.id);
  });
});

describe('validation', () => {
  it.each([
    ['name', { name: undefined }, 'Name is required'],
    ['name', { name: null }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Must be at most 100 characters'],
    ['to', { to: undefined }, 'To field is required'],
    ['to', { to: '' }, 'To field is required'],
    ['to', { to: '   ' }, 'To field is required'],
    ['to', { to: ' , ; ' }, 'To field is required'],
    ['to', { to: 42 }, 'To field is required'],
    ['to', { to: 'not-an-email' }, INVALID_LIST],
    ['to', { to: 'a@example.com, nope' }, INVALID_LIST],
    ['to', { to: 'a@example.com b@example.com' }, INVALID_LIST],
    ['to', { to: 'Ann <a@example.com>' }, INVALID_LIST],
    ['to', { to: addresses(92) }, 'Must be at most 2000 characters'],
    ['cc', { cc: 'bad' }, INVALID_LIST],
    ['cc', { cc: 'c@example.com,,x@' }, INVALID_LIST],
    ['cc', { cc: 42 }, INVALID_LIST],
    ['cc', { cc: addresses(92) }, 'Must be at most 2000 characters'],
    ['bcc', { bcc: 'a@example.com;bad@' }, INVALID_LIST],
    ['bcc', { bcc: 'a@localhost' }, INVALID_LIST],
    ['bcc', { bcc: addresses(92) }, 'Must be at most 2000 characters'],
    ['subject', { subject: 's'.repeat(999) }, 'Must be at most 998 characters'],
    ['body', { body: 'b'.repeat(20_001) }, 'Must be at most 20000 characters'],
    ['teamId', { teamId: 'abc' }, 'Invalid team'],
    ['teamId', { teamId: -1 }, 'Invalid team'],
    ['teamId', { teamId: 1.5 }, 'Invalid team'],
    ['teamId', { teamId: 99_999_999_999 }, 'Invalid team'],
  ])('rejects a bad %s: %j', async (field, override, message) => {
    for (const [method, url] of [
      ['POST', BASE],
      ['PUT', `${BASE}/${(await createLink(t.app, premium.headers)).id}`],
    ] as const) {
      const res = await call(method, url, premium, buildLink(override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: `Validation error: ${message}`,
        code: 'VALIDATION_ERROR',
        fields: { [field]: message },
      });
    }
  });

  it('refuses sharing with a team the user is not in, or one that does not exist', async () => {
    const theirs = await createTeam(t.app, team, { name: 'Not yours' });
    for (const teamId of [theirs.id, theirs.id + 1000]) {
      for (const [method, url] of [
        ['POST', BASE],
        ['PUT', `${BASE}/${(await createLink(t.app, premium.headers)).id}`],
      ] as const) {
        const res = await call(method, url, premium, buildLink({ teamId }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: 'Validation error: You are not a member of this team',
          code: 'VALIDATION_ERROR',
          fields: { teamId: 'You are not a member of this team' },
        });
      }
    }
  });

  it('reports every invalid field at once', async () => {
    const res = await call('POST', BASE, premium, { name: '', to: 'x', cc: 'y', bcc: 'z' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['bcc', 'cc', 'name', 'to']);
  });

  it('accepts every field at its maximum length', async () => {
    const payload = {
      name: 'n'.repeat(100),
      to: addresses(91, 'recp'),
      cc: addresses(91, 'copy'),
      bcc: addresses(91, 'blnd'),
      subject: 's'.repeat(998),
      body: 'b'.repeat(20_000),
    };
    expect(payload.to).toHaveLength(2000);
    const res = await call('POST', BASE, premium, payload);
    expect(res.statusCode).toBe(201);
    const again = await call('GET', `${BASE}/${res.json().id}`, premium);
    expect(again.json()).toMatchObject(payload);
  });

  it('measures the stored (normalised) list against the maximum', async () => {
    // 1,910 characters as typed; 2,088 once each comma gets its space.
    const typed = addresses(95).replaceAll(', ', ',');
    expect(typed.length).toBeLessThanOrEqual(2000);
    const res = await call('POST', BASE, premium, buildLink({ to: typed }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ to: 'Must be at most 2000 characters' });
  });
});

describe('saving', () => {
  it('returns the link in the API shape, with defaults for every optional field', async () => {
    const res = await call('POST', BASE, premium, { name: 'Minimal', to: 'sales@example.com' });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(Object.keys(link).sort()).toEqual(
      [
        'id',
        'userId',
        'teamId',
        'teamName',
        'name',
        'to',
        'cc',
        'bcc',
        'subject',
        'body',
        'isShared',
        'createdAt',
        'updatedAt',
        'mailtoUrl',
        'canEdit',
        'archivedAt',
        'tags',
      ].sort(),
    );
    expect(link).toMatchObject({
      userId: premium.user.id,
      teamId: null,
      teamName: null,
      name: 'Minimal',
      to: 'sales@example.com',
      cc: null,
      bcc: null,
      subject: null,
      body: null,
      isShared: false,
      mailtoUrl: 'mailto:sales@example.com',
      canEdit: true,
    });
    expect(typeof link.id).toBe('number');
    expect(Number.isNaN(Date.parse(link.createdAt))).toBe(false);
    expect(link.updatedAt).toBe(link.createdAt);
  });

  it('trims every value and stores address lists normalised', async () => {
    const link = await createLink(t.app, premium.headers, {
      name: '  Spaced name  ',
      to: '  a@x.com ,b@y.com ',
      cc: ' c@z.org;d@z.org\ne@z.org ',
      bcc: 'f@z.org,, ,g@z.org',
      subject: '  Hi there  ',
      body: '\n  Body text \n',
    });
    expect(link).toMatchObject({
      name: 'Spaced name',
      to: 'a@x.com, b@y.com',
      cc: 'c@z.org, d@z.org, e@z.org',
      bcc: 'f@z.org, g@z.org',
      subject: 'Hi there',
      body: 'Body text',
    });
    const again = await call('GET', `${BASE}/${link.id}`, premium);
    expect(again.json()).toMatchObject({ to: 'a@x.com, b@y.com', cc: 'c@z.org, d@z.org, e@z.org' });
  });

  it.each([
    ['omitted', {}],
    ['empty', { cc: '', bcc: '', subject: '', body: '' }],
    ['blank', { cc: '  ', bcc: ' , ', subject: ' \t ', body: '\n\n' }],
    ['null', { cc: null, bcc: null, subject: null, body: null, teamId: null, isShared: null }],
  ])('stores optional fields sent %s as null', async (_how, optional) => {
    const res = await call('POST', BASE, premium, {
      name: 'Opt',
      to: 'a@example.com',
      ...optional,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      cc: null,
      bcc: null,
      subject: null,
      body: null,
      teamId: null,
      isShared: false,
    });
  });

  it('derives isShared from the team: no team means not shared', async () => {
    const link = await createLink(t.app, premium.headers, { isShared: true, teamId: null });
    expect(link).toMatchObject({ isShared: false, teamId: null });
  });

  it('ignores fields it does not own (id, userId, timestamps)', async () => {
    const other = await member('PREMIUM');
    const link = await createLink(t.app, premium.headers, {
      id: 424242,
      userId: other.user.id,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(link.id).not.toBe(424242);
    expect(link.userId).toBe(premium.user.id);
    expect(link.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('builds mailtoUrl with packages/mailto: correctly encoded and parsed back intact', async () => {
    const fields = {
      to: 'john+news@example.com, josé@bücher.de',
      cc: "o'brien@example.org",
      bcc: 'audit@example.com, log@example.com',
      subject: 'Ünïcödé & <b>50% off</b> #1? a=b+c; 日本語 😀',
      body: 'Line 1\nLine 2\r\nLine 3 & # % + = ? / \\ "quoted"\r\n\n😀 done',
    };
    const link = await createLink(t.app, premium.headers, { name: 'Nasty', ...fields });
    const url = link.mailtoUrl;
    expect(url.startsWith('mailto:john%2Bnews@example.com,jos%C3%A9@b%C3%BCcher.de?cc=')).toBe(
      true,
    );
    // Printable ASCII only, a single '?', no raw space, '#' or '+'.
    expect(url).toMatch(/^[\x21-\x7e]+$/);
    expect(url.split('?')).toHaveLength(2);
    expect(url).not.toMatch(/[#+ ]/);
    expect(url).toContain('%0D%0A');
    expect(parseMailto(url)).toEqual({
      to: ['john+news@example.com', 'josé@bücher.de'],
      cc: ["o'brien@example.org"],
      bcc: ['audit@example.com', 'log@example.com'],
      subject: fields.subject,
      body: fields.body.replace(/\r\n/g, '\n'),
      headers: {},
    });
    const read = await call('GET', `${BASE}/${link.id}`, premium);
    expect(read.json().mailtoUrl).toBe(url);
    expect(read.json().body).toBe(fields.body);
  });
});

describe('reading, updating and deleting', () => {
  it('replaces every field on PUT and persists it', async () => {
    const link = await createLink(t.app, premium.headers, {
      name: 'Before',
      to: 'a@example.com',
      cc: 'c@example.com',
      subject: 'Old',
      body: 'Old body',
    });
    clock.advance(60_000);
    const res = await call('PUT', `${BASE}/${link.id}`, premium, {
      name: ' After ',
      to: 'b@example.com ,c@example.com',
      subject: 'New',
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      id: link.id,
      userId: premium.user.id,
      name: 'After',
      to: 'b@example.com, c@example.com',
      cc: null,
      bcc: null,
      subject: 'New',
      body: null,
      createdAt: link.createdAt,
      mailtoUrl: 'mailto:b@example.com,c@example.com?subject=New',
      canEdit: true,
    });
    expect(Date.parse(updated.updatedAt) - Date.parse(link.createdAt)).toBeGreaterThanOrEqual(
      60_000,
    );

    const read = await call('GET', `${BASE}/${link.id}`, premium);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(updated);
    const list = await call('GET', `${BASE}?limit=200`, premium);
    expect(list.json().find((l: { id: number }) => l.id === link.id)).toEqual({
      ...updated,
      clicks30d: 0,
      trackingLinkCount: 0,
      trackingUrl: null,
    });
  });

  it('deletes: 200 {ok:true}, then 404 everywhere and gone from the list', async () => {
    const link = await createLink(t.app, premium.headers);
    const res = await call('DELETE', `${BASE}/${link.id}`, premium);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const method of ['GET', 'DELETE'] as const) {
      const again = await call(method, `${BASE}/${link.id}`, premium);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    }
    const put = await call('PUT', `${BASE}/${link.id}`, premium, buildLink());
    expect(put.json()).toEqual(NOT_FOUND);
    const list = await call('GET', `${BASE}?limit=200`, premium);
    expect(list.json().map((l: { id: number }) => l.id)).not.toContain(link.id);
  });

  it("hides other users' links: 404 on get, put and delete, absent from their list", async () => {
    const owner = await member('PREMIUM');
    const link = await createLink(t.app, owner.headers, { name: 'Private' });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', buildLink({ name: 'Hijacked' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${BASE}/${link.id}`, team, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const theirs = await call('GET', `${BASE}?limit=200`, team);
    expect(theirs.json().map((l: { id: number }) => l.id)).not.toContain(link.id);
    // Untouched for its owner.
    const mine = await call('GET', `${BASE}/${link.id}`, owner);
    expect(mine.json()).toMatchObject({ name: 'Private', updatedAt: link.updatedAt });
  });

  it.each(['abc', '-1', '1.5', '1e3', '0x10', '%205', '5%20', 'true'])(
    'answers 400 naming the id (never 404 or 500) for %s: not decimal digits',
    async (id) => {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', buildLink()],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, `${BASE}/${id}`, premium, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          fields: { id: expect.any(String) },
        });
      }
    },
  );

  it.each(['0', '007', '2147483648', '99999999999999999999', '2147483647', '999999'])(
    'answers 404 Link not found (never 400 or 500) for id %s',
    async (id) => {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', buildLink()],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, `${BASE}/${id}`, premium, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    },
  );

  it('removes the links of a deleted account', async () => {
    const who = await member('PREMIUM');
    await createLink(t.app, who.headers);
    await createLink(t.app, who.headers);
    await t.db.kysely.deleteFrom('users').where('id', '=', who.user.id).execute();
    const rows = await t.db.kysely
      .selectFrom('mailto_links')
      .select('id')
      .where('user_id', '=', who.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('listing', () => {
  it('lists only the user’s own links, newest first, on both paths', async () => {
    const who = await member('TEAM');
    const empty = await call('GET', BASE, who);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');

    const names = ['one', 'two', 'three', 'four', 'five'];
    for (const name of names) await createLink(t.app, who.headers, { name });
    for (const url of [BASE, `${BASE}/`]) {
      const res = await call('GET', url, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((l: { name: string }) => l.name)).toEqual([...names].reverse());
      expect(res.json().every((l: { userId: number }) => l.userId === who.user.id)).toBe(true);
      expect(res.headers['x-total-count']).toBe('5');
    }
  });

  it('pages with limit and offset', async () => {
    const who = await member('PREMIUM');
    for (const name of ['a', 'b', 'c', 'd', 'e']) await createLink(t.app, who.headers, { name });
    const page = async (query: string) =>
      (await call('GET', `${BASE}?${query}`, who)).json().map((l: { name: string }) => l.name);
    expect(await page('limit=2')).toEqual(['e', 'd']);
    expect(await page('limit=2&offset=2')).toEqual(['c', 'b']);
    expect(await page('limit=2&offset=4')).toEqual(['a']);
    expect(await page('offset=5')).toEqual([]);
    expect(await page('offset=2147483647')).toEqual([]);
  });

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=201'],
    ['limit', 'limit=abc'],
    ['limit', 'limit=1.5'],
    ['limit', 'limit=-3'],
    ['limit', 'limit=0x10'],
    ['limit', 'limit=1e2'],
    ['limit', 'limit=%2010'],
    ['limit', 'limit=+10'],
    ['limit', 'limit='],
    ['offset', 'offset=0x1'],
    ['offset', 'offset=1e0'],
    ['offset', 'offset=-1'],
    ['offset', 'offset=x'],
    ['offset', 'offset=99999999999999999999'],
  ])('rejects a bad %s (%s) with 400', async (field, query) => {
    const res = await call('GET', `${BASE}?${query}`, premium);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().fields)).toEqual([field]);
  });

  it('returns 100 links by default and never more than 200', async () => {
    const who = await member('PREMIUM');
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    const rows = Array.from({ length: 201 }, (_, i) => {
      const at = new Date(start + i * 1000).toISOString();
      return {
        user_id: who.user.id,
        team_id: null,
        name: `bulk ${i}`,
        to: 'bulk@example.com',
        is_shared: 0,
        created_at: at,
        updated_at: at,
      };
    });
    await t.db.kysely.insertInto('mailto_links').values(rows).execute();

    const first = await call('GET', BASE, who);
    expect(first.json()).toHaveLength(100);
    expect(first.json()[0].name).toBe('bulk 200');
    expect(first.headers['x-total-count']).toBe('201');
    const max = await call('GET', `${BASE}?limit=200`, who);
    expect(max.json()).toHaveLength(200);
    expect(max.json()[199].name).toBe('bulk 1');
    const rest = await call('GET', `${BASE}?limit=200&offset=200`, who);
    expect(rest.json().map((l: { name: string }) => l.name)).toEqual(['bulk 0']);
  });
});

describe('OpenAPI', () => {
  it('documents the canonical paths only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/v1/mailto-links']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/mailto-links/{id}']).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(doc.paths['/api/v1/mailto-links/']).toBeUndefined();
    const params = doc.paths['/api/v1/mailto-links'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params.sort()).toEqual([
      'archived',
      'limit',
      'offset',
      'order',
      'q',
      'shared',
      'sort',
      'tag',
      'teamId',
    ]);
  });
});
