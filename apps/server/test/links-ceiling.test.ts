import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS_PER_USER_MAX } from '@mailtokit/contracts/links';
import {
  buildLink,
  createLink,
  createTestApp,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

/** A small ceiling, so that parallel requests cross it quickly. */
const CEILING = 30;
const IMPORT = '/api/v1/mailto-links/import';

/** A links CSV of `n` rows. */
function csvOf(n: number, prefix: string): string {
  const lines = ['name,to,subject'];
  for (let i = 0; i < n; i += 1) lines.push(`${prefix} ${i},p${i}@example.com,Hello ${i}`);
  return `${lines.join('\r\n')}\r\n`;
}

const importAs = (t: TestApp, who: SignedIn, csv: string) =>
  t.app.inject({
    method: 'POST',
    url: IMPORT,
    headers: { ...who.headers, 'content-type': 'text/csv' },
    payload: csv,
  });

const createAs = (t: TestApp, who: SignedIn) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/mailto-links',
    headers: who.headers,
    payload: buildLink(),
  });

/** How many links the user holds, as the list's total says. */
async function total(t: TestApp, who: SignedIn): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/mailto-links?limit=1',
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

function countStatuses(statuses: number[]): Record<number, number> {
  const byStatus: Record<number, number> = {};
  for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
  return byStatus;
}

describe(`the ceiling of saved links, set to ${CEILING} (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { linksPerUserMax: CEILING } });
  });
  afterAll(async () => t.close());

  it('a create at the ceiling gets 409, and so does an import that would pass it', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    expect((await importAs(t, user, csvOf(CEILING - 5, 'first'))).statusCode).toBe(201);

    const tooMany = await importAs(t, user, csvOf(6, 'more'));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      code: 'CONFLICT',
      detail: `The file has 6 links, but there is room for 5 more (at most ${CEILING} saved links per account). Nothing was imported.`,
    });
    expect(await total(t, user)).toBe(CEILING - 5);

    expect((await importAs(t, user, csvOf(5, 'fits'))).statusCode).toBe(201);
    const create = await createAs(t, user);
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({
      code: 'CONFLICT',
      detail: `You can save at most ${CEILING} links. Delete some first.`,
    });
    expect(await total(t, user)).toBe(CEILING);

    // Deleting one makes room for one.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links?limit=1',
      headers: user.headers,
    });
    const [first] = list.json<{ id: number }[]>();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mailto-links/${first!.id}`,
      headers: user.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await createAs(t, user)).statusCode).toBe(201);
  });

  it('holds exactly under 100 parallel creates', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const answers = await Promise.all(Array.from({ length: 100 }, () => createAs(t, user)));
    expect(countStatuses(answers.map((r) => r.statusCode))).toEqual({
      201: CEILING,
      409: 100 - CEILING,
    });
    expect(await total(t, user)).toBe(CEILING);
  });

  it('holds exactly under parallel imports: each is all or nothing', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => importAs(t, user, csvOf(12, `import ${i}`))),
    );
    // 12 + 12 fit under 30; a third would not.
    expect(countStatuses(answers.map((r) => r.statusCode))).toEqual({ 201: 2, 409: 4 });
    expect(await total(t, user)).toBe(24);
  });

  it('holds under parallel imports and creates together; none fails otherwise', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const imports = [0, 1, 2].map((i) => importAs(t, user, csvOf(10, `batch ${i}`)));
    const creates = Array.from({ length: 40 }, () => createAs(t, user));
    const [imported, created] = await Promise.all([Promise.all(imports), Promise.all(creates)]);
    for (const res of [...imported, ...created]) expect([201, 409]).toContain(res.statusCode);
    const stored =
      10 * imported.filter((r) => r.statusCode === 201).length +
      created.filter((r) => r.statusCode === 201).length;
    expect(stored).toBeLessThanOrEqual(CEILING);
    expect(await total(t, user)).toBe(stored);
    // The 40 creates alone would fill it: whatever order they ran in, it is full now.
    expect(stored).toBe(CEILING);
  });

  it('counts only the links a user wrote, not those of others', async () => {
    const [a, b] = await Promise.all([signUpAs(t, 'PREMIUM'), signUpAs(t, 'PREMIUM')]);
    expect((await importAs(t, a, csvOf(CEILING, 'full'))).statusCode).toBe(201);
    expect((await createLink(t.app, b.headers)).id).toBeGreaterThan(0);
  });
});

describe(`the default ceiling of ${LINKS_PER_USER_MAX.toLocaleString('en')} saved links (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('an account with a full import of 10,000 links can add no more', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const full = await importAs(t, user, csvOf(LINKS_PER_USER_MAX, 'bulk'));
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ created: LINKS_PER_USER_MAX });
    expect(await total(t, user)).toBe(LINKS_PER_USER_MAX);
    expect((await createAs(t, user)).statusCode).toBe(409);
    expect((await importAs(t, user, csvOf(1, 'one more'))).statusCode).toBe(409);
  }, 120_000);
});
