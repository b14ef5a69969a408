import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  type CreatedLink,
  type SignedIn,
  signUpAs,
  type TestApp,
} from './helpers';

const BASE = '/api/v1/mailto-links/';

let t: TestApp;
let owner: SignedIn;
let mate: SignedIn;
let outsider: SignedIn;
let teamA: number;
let teamB: number;
/** Every link `owner` can see, as created. */
const visible: CreatedLink[] = [];

interface Listed {
  id: number;
  name: string;
  teamId: number | null;
  createdAt: string;
  updatedAt: string;
}

const list = async (who: SignedIn, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}?${query}`, headers: who.headers });
  return { status: res.statusCode, total: res.headers['x-total-count'], body: res.json() };
};
const names = async (who: SignedIn, query: string) =>
  ((await list(who, query)).body as Listed[]).map((l) => l.name);

beforeAll(async () => {
  t = await createTestApp();
  [owner, mate, outsider] = await Promise.all([
    signUpAs(t, 'TEAM'),
    signUpAs(t, 'TEAM'),
    signUpAs(t, 'PREMIUM'),
  ]);
  teamA = (await createTeam(t.app, owner)).id;
  teamB = (await createTeam(t.app, owner)).id;
  await addMember(t.app, owner, teamA, mate);

  const mine = [
    { name: 'Spring sale', to: 'sales@example.com', subject: 'Prices' },
    { name: 'Support', to: 'help@example.com', cc: 'Boss@Example.com', subject: 'Ticket' },
    { name: 'über uns', to: 'info@example.com', subject: 'Grüße' },
    { name: 'Percent 100%', to: 'p@example.com', bcc: 'audit@corp.example', subject: null },
    { name: 'apple', to: 'a@example.com', subject: 'Fruit SALE', teamId: teamA },
    { name: 'Banana', to: 'b@example.com', subject: 'yellow', teamId: teamB },
    { name: 'under_score', to: 'u@example.com', body: 'sales talk only in the body' },
  ];
  for (const link of mine) visible.push(await createLink(t.app, owner.headers, link));
  // Shared by a team mate: visible to owner; a private one of the mate and links of a
  // stranger are not.
  visible.push(await createLink(t.app, mate.headers, { name: 'Mate sale', teamId: teamA }));
  await createLink(t.app, mate.headers, { name: 'Mate private sale' });
  await createLink(t.app, outsider.headers, { name: 'Outsider sale', to: 'sales@example.com' });
  // Bulk links, for paging.
  for (let i = 0; i < 30; i += 1)
    visible.push(
      await createLink(t.app, owner.headers, {
        name: `Bulk ${String(i).padStart(2, '0')}`,
        to: `bulk${i}@example.com`,
        teamId: i % 3 === 0 ? teamA : null,
      }),
    );
});
afterAll(async () => {
  await t.close();
});

describe('search', () => {
  it('matches name, to, cc, bcc and subject as a substring, ignoring case; not the body', async () => {
    expect((await names(owner, 'q=SALE')).sort()).toEqual(
      ['Spring sale', 'apple', 'Mate sale'].sort(),
    );
    expect(await names(owner, 'q=boss%40example')).toEqual(['Support']);
    expect(await names(owner, 'q=AUDIT%40CORP')).toEqual(['Percent 100%']);
    expect(await names(owner, 'q=ticket')).toEqual(['Support']);
    expect(await names(owner, 'q=talk')).toEqual([]);
    const res = await list(owner, 'q=sale');
    expect(res.total).toBe('3');
  });

  it('folds non-ASCII letters too', async () => {
    expect(await names(owner, 'q=%C3%9CBER')).toEqual(['über uns']); // ÜBER
    expect(await names(owner, 'q=GR%C3%9C%C3%9FE')).toEqual(['über uns']); // GRÜßE
  });

  it('takes % and _ literally and trims the search text', async () => {
    expect(await names(owner, 'q=100%25')).toEqual(['Percent 100%']);
    expect(await names(owner, 'q=r_s')).toEqual(['under_score']);
    expect(await names(owner, 'q=%20%20support%20')).toEqual(['Support']);
    expect((await list(owner, 'q=%20')).total).toBe(String(visible.length));
  });

  it('never finds links the caller cannot see', async () => {
    expect(await names(owner, 'q=outsider')).toEqual([]);
    expect(await names(owner, 'q=mate%20private')).toEqual([]);
    expect(await names(outsider, 'q=sale')).toEqual(['Outsider sale']);
    // The mate sees the team's shared links, not owner's private ones or team B's.
    expect((await names(mate, 'q=sale')).sort()).toEqual(
      ['Mate private sale', 'Mate sale', 'apple'].sort(),
    );
    expect(await names(mate, 'q=banana')).toEqual([]);
  });
});

describe('filters', () => {
  it('teamId keeps the links shared with that team, from any author', async () => {
    const res = await list(owner, `teamId=${teamA}&limit=200`);
    const expected = visible.filter((l) => l.teamId === teamA);
    expect(res.total).toBe(String(expected.length));
    expect((res.body as Listed[]).map((l) => l.id).sort()).toEqual(
      expected.map((l) => l.id).sort(),
    );
    expect(await names(owner, `teamId=${teamA}&q=sale`)).toEqual(['Mate sale', 'apple']);
    expect(await names(owner, `teamId=${teamB}`)).toEqual(['Banana']);
    expect((await list(outsider, `teamId=${teamA}`)).body).toEqual([]);
    expect((await list(owner, 'teamId=999999')).total).toBe('0');
  });

  it('shared=true and shared=false split the list', async () => {
    const shared = await list(owner, 'shared=true&limit=200');
    const own = await list(owner, 'shared=false&limit=200');
    expect(Number(shared.total) + Number(own.total)).toBe(visible.length);
    expect((shared.body as Listed[]).every((l) => l.teamId !== null)).toBe(true);
    expect((own.body as Listed[]).every((l) => l.teamId === null)).toBe(true);
    expect(await names(owner, 'shared=false&q=sale')).toEqual(['Spring sale']);
  });
});

describe('sort and order', () => {
  const all = async (query: string) => (await list(owner, `limit=200&${query}`)).body as Listed[];

  it('defaults to newest first', async () => {
    const ids = (await all('')).map((l) => l.id);
    expect(ids).toEqual(visible.map((l) => l.id).sort((a, b) => b - a));
    expect((await all('order=asc')).map((l) => l.id)).toEqual([...ids].reverse());
  });

  it('sorts by name ignoring case, A to Z by default', async () => {
    const byName = (await all('sort=name')).map((l) => l.name);
    const expected = visible
      .map((l) => l.name as string)
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
    // ASCII names compare the same everywhere; keep the check to them.
    const ascii = (xs: string[]) => xs.filter((n) => /^[\x20-\x7e]+$/.test(n));
    expect(ascii(byName)).toEqual(ascii(expected));
    expect(byName.slice(0, 2)).toEqual(['apple', 'Banana']);
    expect((await all('sort=name&order=desc')).map((l) => l.name)).toEqual([...byName].reverse());
  });

  it('sorts the matches of a search by name, for an account without teams too', async () => {
    const solo = await signUpAs(t, 'PREMIUM');
    const made = [];
    for (const name of ['Zeta sale', 'alpha sale', 'Same sale', 'other', 'Mid SALE', 'Same sale'])
      made.push(await createLink(t.app, solo.headers, { name, to: 'x@example.com' }));
    const [, , same1, , , same2] = made;
    const page = async (query: string) => {
      const res = await list(solo, query);
      expect(res.status).toBe(200);
      expect(res.total).toBe('5');
      return (res.body as Listed[]).map((l) => l.id);
    };
    const byName = [made[1], made[4], same1, same2, made[0]].map((l) => l?.id);
    expect(await page('q=sale&sort=name')).toEqual(byName);
    expect(await page('q=sale&sort=name&order=desc')).toEqual([...byName].reverse());
    expect([
      ...(await page('q=sale&sort=name&limit=2')),
      ...(await page('q=sale&sort=name&limit=2&offset=2')),
      ...(await page('q=sale&sort=name&limit=2&offset=4')),
    ]).toEqual(byName);
  });

  it('sorts by last change', async () => {
    const target = visible.find((l) => l.name === 'Bulk 05');
    if (!target) throw new Error('missing link');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BASE}${target.id}`,
      headers: owner.headers,
      payload: { name: 'Bulk 05', to: 'bulk5@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect((await all('sort=updatedAt'))[0]?.id).toBe(target.id);
    expect((await all('sort=updatedAt&order=asc')).at(-1)?.id).toBe(target.id);
  });

  it('sorts by total clicks, most first', async () => {
    const [a, b, c] = visible;
    if (!a || !b || !c) throw new Error('missing links');
    await t.db.kysely
      .insertInto('click_daily')
      .values([
        { mailto_link_id: b.id, day: '2025-01-01', clicks: 5, bot_clicks: 0, visitors: 5 },
        { mailto_link_id: b.id, day: '2025-01-02', clicks: 5, bot_clicks: 0, visitors: 5 },
        { mailto_link_id: c.id, day: '2025-01-01', clicks: 7, bot_clicks: 1, visitors: 3 },
        { mailto_link_id: a.id, day: '2025-01-01', clicks: 1, bot_clicks: 0, visitors: 1 },
      ])
      .execute();
    expect((await all('sort=clicks')).slice(0, 3).map((l) => l.id)).toEqual([b.id, c.id, a.id]);
    const asc = await all('sort=clicks&order=asc');
    expect(asc.slice(-3).map((l) => l.id)).toEqual([a.id, c.id, b.id]);
  });
});

describe('paging', () => {
  it.each(['createdAt', 'updatedAt', 'name', 'clicks'])(
    'covers every link exactly once by %s with a steady total',
    async (sort) => {
      const seen: number[] = [];
      for (let offset = 0; offset < visible.length + 7; offset += 7) {
        const res = await list(owner, `sort=${sort}&limit=7&offset=${offset}`);
        expect(res.status).toBe(200);
        expect(res.total).toBe(String(visible.length));
        seen.push(...(res.body as Listed[]).map((l) => l.id));
      }
      expect(seen).toHaveLength(visible.length);
      expect(new Set(seen)).toEqual(new Set(visible.map((l) => l.id)));
    },
  );

  it('pages a search result too', async () => {
    const first = await list(owner, 'q=bulk&limit=20');
    const second = await list(owner, 'q=bulk&limit=20&offset=20');
    expect(first.total).toBe('30');
    expect(second.total).toBe('30');
    expect(first.body).toHaveLength(20);
    expect(second.body).toHaveLength(10);
  });
});

describe('bad queries', () => {
  it.each([
    ['limit', 'limit=201'],
    ['limit', 'limit=0'],
    ['sort', 'sort=clicksx'],
    ['order', 'order=up'],
    ['shared', 'shared=yes'],
    ['teamId', 'teamId=abc'],
    ['teamId', 'teamId=0'],
    ['q', `q=${'x'.repeat(201)}`],
  ])('answers 400 {detail, code} for a bad %s (%s)', async (field, query) => {
    const res = await list(owner, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});
