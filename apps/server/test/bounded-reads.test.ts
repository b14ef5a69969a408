import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  dialect,
  signUpAs,
  type CreatedLink,
  type SignedIn,
  type TestApp,
} from './helpers';

/** The longest body a saved link may have. */
const LONG_BODY = 'x'.repeat(20_000);

let t: TestApp;
let owner: SignedIn;
let mate: SignedIn;
let own: CreatedLink;
let shared: CreatedLink;

beforeAll(async () => {
  t = await createTestApp();
  [owner, mate] = await Promise.all([signUpAs(t, 'TEAM'), signUpAs(t, 'TEAM')]);
  const team = await createTeam(t.app, owner, { name: 'Readers' });
  await addMember(t.app, owner, team.id, mate, 'MEMBER');
  own = await createLink(t.app, owner.headers, { name: 'Own long one', body: LONG_BODY });
  shared = await createLink(t.app, owner.headers, {
    name: 'Shared long one',
    body: LONG_BODY,
    teamId: team.id,
  });
  await createLink(t.app, mate.headers, { name: 'Mate long one', body: LONG_BODY });
});
afterAll(async () => {
  await t.close();
});

/** Every SQL statement the app sends while `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const original = t.db.kysely;
  const executor = original.getExecutor();
  const seen: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(executor.compileQuery(args.node, args.queryId).sql);
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

/** The select lists of a statement (its subqueries' too), e.g. `"id", "name"`. */
function selectLists(statement: string): string[] {
  return [...statement.matchAll(/select (.*?) from /gis)].map((m) => m[1] ?? '');
}

/** A `*` that selects every column (`select *`, `"t".*`), not `count(*)`. */
const WILDCARD = /(?:^|,\s*|\.)\*/;

describe(`reads only the columns an answer needs (${dialect})`, () => {
  it('the analytics overview never reads a link’s fields, only its id, name and team', async () => {
    for (const who of [owner, mate]) {
      let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const statements = await statementsOf(async () => {
        res = await t.app.inject({
          url: '/api/v1/analytics/overview?from=2025-03-01&to=2025-03-03',
          headers: who.headers,
        });
      });
      expect(res?.statusCode).toBe(200);
      const names = res?.json<{ links: { name: string }[] }>().links.map((l) => l.name);
      expect(names).toContain('Shared long one');
      const reads = statements.filter((s) => s.includes('mailto_links'));
      expect(reads.length).toBeGreaterThan(0);
      for (const s of reads) {
        for (const list of selectLists(s)) {
          expect(list, s).not.toMatch(WILDCARD);
          expect(list, s).not.toMatch(/"(body|subject|to|cc|bcc|search_text)"/);
        }
      }
    }
  });

  it('the links list answers with each link’s body but reads no other column', async () => {
    for (const url of [
      '/api/v1/mailto-links',
      '/api/v1/mailto-links?sort=clicks',
      '/api/v1/mailto-links?q=long',
      `/api/v1/mailto-links?teamId=${String(shared.teamId)}`,
    ]) {
      let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const statements = await statementsOf(async () => {
        res = await t.app.inject({ url, headers: owner.headers });
      });
      expect(res?.statusCode, url).toBe(200);
      const items = res?.json<{ id: number; body: string }[]>() ?? [];
      expect(items.length, url).toBeGreaterThan(0);
      for (const item of items) expect(item.body, url).toBe(LONG_BODY);
      if (!url.includes('teamId')) expect(items.map((i) => i.id)).toContain(own.id);
      for (const s of statements.filter((x) => x.includes('mailto_links'))) {
        for (const list of selectLists(s)) {
          expect(list, s).not.toMatch(WILDCARD);
          expect(list, s).not.toMatch(/search_text/);
        }
      }
    }
  });
});
