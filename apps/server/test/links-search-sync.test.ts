import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTextOf } from '../src/db/search-text';
import { NARROW_SEARCH_MAX } from '../src/modules/links/search-repo';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  type SignedIn,
  signUpAs,
  type TestApp,
} from './helpers';

const BASE = '/api/v1/mailto-links/';

let t: TestApp;
let owner: SignedIn;
let mate: SignedIn;
let team: number;

interface Listed {
  id: number;
  name: string;
  teamId: number | null;
}

const list = async (who: SignedIn, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}?${query}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return { total: Number(res.headers['x-total-count']), links: res.json() as Listed[] };
};
const names = async (who: SignedIn, query: string) =>
  (await list(who, query)).links.map((l) => l.name);
const call = (method: 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [owner, mate] = await Promise.all([signUpAs(t, 'TEAM'), signUpAs(t, 'TEAM')]);
  team = (await createTeam(t.app, owner)).id;
  await addMember(t.app, owner, team, mate);
});
afterAll(async () => {
  await t.close();
});

describe('the search follows every change of a link', () => {
  it('finds a link by its new text after an edit, not by the old one, and not after a delete', async () => {
    const link = await createLink(t.app, owner.headers, {
      name: 'Kiwi crate',
      to: 'k@example.com',
    });
    expect(await names(owner, 'q=KIWI')).toEqual(['Kiwi crate']);

    const edited = await call('PUT', `${BASE}${link.id}`, owner, {
      name: 'Mango crate',
      to: 'Grocer@Example.com',
      subject: 'Größe',
    });
    expect(edited.statusCode).toBe(200);
    expect(await names(owner, 'q=kiwi')).toEqual([]);
    expect(await names(owner, 'q=mango')).toEqual(['Mango crate']);
    expect(await names(owner, 'q=grocer%40example')).toEqual(['Mango crate']);
    expect(await names(owner, 'q=GR%C3%96%C3%9FE')).toEqual(['Mango crate']); // GRÖßE

    expect((await call('DELETE', `${BASE}${link.id}`, owner)).statusCode).toBe(200);
    expect(await list(owner, 'q=mango')).toEqual({ total: 0, links: [] });
  });

  it('follows sharing: shared, then private again when the team is deleted', async () => {
    const other = (await createTeam(t.app, mate)).id;
    const link = await createLink(t.app, mate.headers, {
      name: 'Papaya plan',
      to: 'p@example.com',
      teamId: other,
    });
    // owner is not in that team: nothing to see.
    expect(await names(owner, 'q=papaya')).toEqual([]);
    const moved = await call('PUT', `${BASE}${link.id}`, mate, {
      name: 'Papaya plan',
      to: 'p@example.com',
      teamId: team,
    });
    expect(moved.statusCode).toBe(200);
    expect(await names(owner, `q=papaya&teamId=${team}`)).toEqual(['Papaya plan']);
    expect(await names(mate, 'q=papaya&shared=true')).toEqual(['Papaya plan']);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/teams/${team}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await names(owner, 'q=papaya')).toEqual([]);
    expect(await names(mate, 'q=papaya&shared=true')).toEqual([]);
    expect(await names(mate, 'q=papaya&shared=false')).toEqual(['Papaya plan']);
    team = (await createTeam(t.app, owner)).id;
    await addMember(t.app, owner, team, mate);
  });

  it('finds imported links', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}import`,
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: 'name,to,subject\r\nQuince import,q@example.com,Ünïcode\r\n',
    });
    expect(res.statusCode).toBe(201);
    expect(await names(owner, 'q=quince')).toEqual(['Quince import']);
    expect(await names(owner, 'q=%C3%9CN%C3%8FCODE')).toEqual(['Quince import']); // ÜNÏCODE
  });
});

describe('the order of clicks follows the click rollup', () => {
  it('on insert, on a further click the same day, and when rollup rows go', async () => {
    const solo = await signUpAs(t, 'PREMIUM');
    const [a, b, c] = [
      await createLink(t.app, solo.headers, { name: 'A', to: 'a@example.com' }),
      await createLink(t.app, solo.headers, { name: 'B', to: 'b@example.com' }),
      await createLink(t.app, solo.headers, { name: 'C', to: 'c@example.com' }),
    ];
    const byClicks = async (query = '') =>
      (await list(solo, `sort=clicks${query}`)).links.map((l) => l.name);
    const day = (id: number, date: string, clicks: number) => ({
      mailto_link_id: id,
      day: date,
      clicks,
      bot_clicks: 1,
      visitors: 1,
    });
    // Ties (no clicks yet) by id, largest first.
    expect(await byClicks()).toEqual(['C', 'B', 'A']);
    await t.db.kysely
      .insertInto('click_daily')
      .values([day(a.id, '2025-01-01', 3), day(a.id, '2025-01-02', 3), day(b.id, '2025-01-01', 5)])
      .execute();
    expect(await byClicks()).toEqual(['A', 'B', 'C']);
    // More clicks of B that day, written as the click writer does (an upsert).
    await t.db.kysely
      .insertInto('click_daily')
      .values(day(b.id, '2025-01-01', 2))
      .onConflict((oc) =>
        oc.columns(['mailto_link_id', 'day']).doUpdateSet({
          clicks: (eb) => eb('click_daily.clicks', '+', eb.ref('excluded.clicks')),
        }),
      )
      .execute();
    expect(await byClicks()).toEqual(['B', 'A', 'C']);
    expect(await byClicks('&order=asc')).toEqual(['C', 'A', 'B']);
    expect(await byClicks('&q=a%40example')).toEqual(['A']);
    await t.db.kysely.deleteFrom('click_daily').where('mailto_link_id', '=', b.id).execute();
    expect(await byClicks()).toEqual(['A', 'C', 'B']);
    expect(c.id).toBeGreaterThan(b.id);
  });
});

describe('a search matching more links than are sorted from their ids', () => {
  /** Owner's own links and the mate's links shared with the team, as the list orders them. */
  const broad: { id: number; name: string; created: string; teamId: number | null }[] = [];
  const OWN = NARROW_SEARCH_MAX + 150;
  const SHARED = 120;

  beforeAll(async () => {
    const start = Date.parse('2025-03-01T00:00:00.000Z');
    const rows = (userId: number, count: number, teamId: number | null, first: number) =>
      Array.from({ length: count }, (_, i) => {
        const n = first + i;
        const link = {
          name: `${n % 2 === 0 ? 'Even' : 'odd'} ${String((n * 7919) % 10_000).padStart(4, '0')}`,
          to: `list-${n}@Wide.Example`,
          cc: null,
          bcc: null,
          subject: n % 10 === 0 ? 'Tenth' : null,
        };
        const created = new Date(start + n * 1000).toISOString();
        return {
          user_id: userId,
          team_id: teamId,
          ...link,
          body: null,
          is_shared: teamId === null ? 0 : 1,
          created_at: created,
          updated_at: created,
          search_text: searchTextOf(link),
        };
      });
    // Written in bulk, as a migration or a script would: the search table follows by itself.
    const all = [...rows(owner.user.id, OWN, null, 0), ...rows(mate.user.id, SHARED, team, OWN)];
    for (let i = 0; i < all.length; i += 500) {
      const inserted = await t.db.kysely
        .insertInto('mailto_links')
        .values(all.slice(i, i + 500))
        .returning(['id', 'name', 'created_at', 'team_id'])
        .execute();
      broad.push(
        ...inserted.map((r) => ({
          id: r.id,
          name: r.name,
          created: r.created_at,
          teamId: r.team_id,
        })),
      );
    }
  });

  const newestFirst = () =>
    [...broad].sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id).map((l) => l.id);
  const ids = async (query: string) => (await list(owner, query)).links.map((l) => l.id);

  it('counts every match exactly and pages them in order, first pages and deep ones', async () => {
    const expected = newestFirst();
    const first = await list(owner, 'q=WIDE.EXAMPLE&limit=50');
    expect(first.total).toBe(OWN + SHARED);
    expect(first.links.map((l) => l.id)).toEqual(expected.slice(0, 50));
    expect(await ids('q=wide.example&limit=200&offset=200')).toEqual(expected.slice(200, 400));
    expect(await ids(`q=wide.example&limit=50&offset=${OWN + SHARED - 30}`)).toEqual(
      expected.slice(-30),
    );
    expect(await ids(`q=wide.example&offset=${OWN + SHARED}`)).toEqual([]);
    expect(await ids('q=wide.example&order=asc&limit=20')).toEqual(
      [...expected].reverse().slice(0, 20),
    );
  });

  it('sorts a broad search by name, ignoring case, ties by id', async () => {
    const byName = [...broad]
      .sort((a, b) => {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      })
      .map((l) => l.id);
    expect(await ids('q=list-&sort=name&limit=100')).toEqual(byName.slice(0, 100));
    expect(await ids('q=list-&sort=name&limit=100&offset=1000')).toEqual(byName.slice(1000, 1100));
    expect(await ids('q=list-&sort=name&order=desc&limit=10')).toEqual(
      [...byName].reverse().slice(0, 10),
    );
  });

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['createdAt', 'desc'],
  ] as const)(
    'pages every match of a broad search by %s (%s) exactly once, in order, with a steady total',
    async (sort, order) => {
      const byName = (a: (typeof broad)[number], b: (typeof broad)[number]) => {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      };
      const ascending = [...broad]
        .sort(
          sort === 'name' ? byName : (a, b) => a.created.localeCompare(b.created) || a.id - b.id,
        )
        .map((l) => l.id);
      const expected = order === 'asc' ? ascending : ascending.reverse();
      const seen: number[] = [];
      for (let offset = 0; offset < OWN + SHARED; offset += 200) {
        const page = await list(
          owner,
          `q=LIST-&sort=${sort}&order=${order}&limit=200&offset=${offset}`,
        );
        expect(page.total).toBe(OWN + SHARED);
        seen.push(...page.links.map((l) => l.id));
      }
      expect(seen).toEqual(expected);
    },
  );

  it('sorts a broad search and the whole list by clicks', async () => {
    // Every seventh link gets clicks: 1 to 9, so that totals tie.
    const clicked = broad
      .filter((_, i) => i % 7 === 0)
      .map((l, i) => ({ id: l.id, n: (i % 9) + 1 }));
    for (let i = 0; i < clicked.length; i += 500)
      await t.db.kysely
        .insertInto('click_daily')
        .values(
          clicked.slice(i, i + 500).map((c) => ({
            mailto_link_id: c.id,
            day: '2025-04-01',
            clicks: c.n,
            bot_clicks: 0,
            visitors: c.n,
          })),
        )
        .execute();
    const clicks = new Map(clicked.map((c) => [c.id, c.n]));
    const expected = [...broad]
      .sort((a, b) => (clicks.get(b.id) ?? 0) - (clicks.get(a.id) ?? 0) || b.id - a.id)
      .map((l) => l.id);
    expect(await ids('q=wide.example&sort=clicks&limit=100')).toEqual(expected.slice(0, 100));
    expect(await ids('q=wide.example&sort=clicks&limit=100&offset=500')).toEqual(
      expected.slice(500, 600),
    );
    // Without a search, the owner's other links (all without clicks) come after.
    const all = await list(owner, 'sort=clicks&limit=100');
    expect(all.links.map((l) => l.id)).toEqual(expected.slice(0, 100));
    expect(await ids('q=wide.example&sort=clicks&order=asc&limit=5')).toEqual(
      [...expected].reverse().slice(0, 5),
    );
  });

  it('applies the filters to a broad search', async () => {
    const shared = await list(owner, `q=wide.example&teamId=${team}&limit=200`);
    expect(shared.total).toBe(SHARED);
    expect(new Set(shared.links.map((l) => l.id))).toEqual(
      new Set(broad.filter((l) => l.teamId === team).map((l) => l.id)),
    );
    expect((await list(owner, 'q=wide.example&shared=false')).total).toBe(OWN);
    // A narrower search among the same links: one in ten.
    const tenth = broad.filter((_, i) => i % 10 === 0).length;
    expect((await list(owner, 'q=tenth')).total).toBe(tenth);
  });
});
