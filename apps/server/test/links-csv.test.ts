import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  type SignedIn,
  signUpAs,
  type TestApp,
} from './helpers';

const EXPORT = '/api/v1/mailto-links/export.csv';
const IMPORT = '/api/v1/mailto-links/import';
const HEADER = 'name,to,cc,bcc,subject,body,team,tags';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let teamName: string;

const exportOf = (who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url: EXPORT, headers: who?.headers ?? {} });
const importAs = (
  who: SignedIn | null,
  body: string | Buffer,
  opts: { type?: string; query?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `${IMPORT}${opts.query ?? ''}`,
    headers: { ...(who?.headers ?? {}), 'content-type': opts.type ?? 'text/csv' },
    payload: body,
  });
const linksOf = async (who: SignedIn) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/mailto-links/?limit=200&sort=createdAt&order=asc',
    headers: who.headers,
  });
  return res.json() as Record<string, unknown>[];
};
/** A link's own fields, as a user would compare them. */
const fields = (l: Record<string, unknown>) => ({
  name: l.name,
  to: l.to,
  cc: l.cc,
  bcc: l.bcc,
  subject: l.subject,
  body: l.body,
  teamName: l.teamName,
});

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([signUpAs(t, 'TEAM'), signUpAs(t, 'TEAM')]);
  const team = await createTeam(t.app, alice, { name: 'Sales, EMEA' });
  teamName = team.name;
  await addMember(t.app, alice, team.id, bob);
  const tricky = [
    { name: 'Ünïcödé 日本 🎉', to: 'jörg@example.com', subject: 'Grüße, "quoted" & more' },
    {
      name: '=HYPERLINK("http://evil.example","click")',
      to: 'a@example.com, b@example.com',
      cc: 'c@example.com',
      bcc: 'd@example.com',
      subject: '+1 for this',
      body: 'line one\r\nline two\nline "three", with comma',
      teamId: team.id,
    },
    { name: "'=already quoted", to: 'e@example.com', subject: '-minus', body: '@at start' },
    { name: "'plain quote", to: 'f@example.com', body: "''=two quotes" },
    { name: 'Empty extras', to: 'g@example.com' },
  ];
  for (const link of tricky) await createLink(t.app, alice.headers, link);
});
afterAll(async () => {
  await t.close();
});

describe('export', () => {
  it('streams every own link as an RFC 4180 attachment', async () => {
    const res = await exportOf(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mailtokit-links-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).toContain('"line one\r\nline two\nline ""three"", with comma"');
    expect(res.body).toContain(`"${teamName}"`);
    expect(res.body).toContain("''=already quoted");
    // 5 links and the header, each ending in CRLF (line breaks inside quotes aside).
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('holds only the caller’s own links, not links shared with them', async () => {
    const res = await exportOf(bob);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${HEADER}\r\n`);
  });

  it('needs a session and a premium plan', async () => {
    expect((await exportOf(null)).statusCode).toBe(401);
    const free = await signUpAs(t, 'FREE');
    const res = await exportOf(free);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PREMIUM_REQUIRED');
  });
});

describe('import', () => {
  it('export -> import into another account gives the same links, field for field', async () => {
    const csv = (await exportOf(alice)).body;
    const res = await importAs(bob, csv);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 5, dryRun: false, rows: 5 });
    const original = (await linksOf(alice)).filter((l) => l.userId === alice.user.id).map(fields);
    const copied = (await linksOf(bob)).filter((l) => l.userId === bob.user.id).map(fields);
    expect(copied).toEqual(original);
    // And again: the copy exports to the very same file.
    const again = (await exportOf(bob)).body;
    expect(again).toBe(csv);
  });

  it('dryRun validates and creates nothing', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const res = await importAs(who, `${HEADER}\r\nOne,one@example.com,,,,,,\r\n`, {
      query: '?dryRun=true',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, dryRun: true, rows: 1 });
    expect(res.json().preview[0]).toMatchObject({ row: 2, name: 'One', to: 'one@example.com' });
    expect(await linksOf(who)).toEqual([]);
  });

  it('one bad row creates nothing and names the row as a spreadsheet numbers it', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const rows = [
      ['Good', 'good@example.com', 'Hi'],
      ['Two', 'two@example.com', '"two\nlines"'],
      ['', 'bad-address', 'x'],
      ['Other team', 'x@example.com', ''],
    ];
    const csv = ['name,to,subject', ...rows.map((r) => r.join(','))].join('\r\n');
    const withTeam = ['name,to,subject,team', ...rows.map((r) => [...r, ''].join(','))]
      .join('\r\n')
      .replace(/,$/, ',Nope');
    for (const body of [csv, withTeam]) {
      const res = await importAs(who, body);
      expect(res.statusCode).toBe(400);
      expect(await linksOf(who)).toEqual([]);
      const json = res.json();
      expect(json.code).toBe('VALIDATION_ERROR');
      expect(json.detail).toMatch(/row 4/i);
      expect(json.rows[0]).toEqual({
        row: 4,
        errors: {
          name: 'Name is required',
          to: 'Must contain valid email addresses separated by commas',
        },
      });
    }
    const res = await importAs(who, withTeam);
    expect(res.json().rows[1]).toEqual({
      row: 5,
      errors: { team: 'You are not a member of a team with this name' },
    });
    expect(res.json().invalidCount).toBe(2);
    expect(res.json().rows).toHaveLength(2);
  });

  it('mode=partial creates the valid rows and lists the skipped ones by row and column', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const csv = [
      'name,to,subject,team',
      'First,first@example.com,Hi,',
      ',not-an-address,x,',
      'Second,second@example.com,,',
      'Elsewhere,x@example.com,,Nope',
      'Third,third@example.com,,',
    ].join('\r\n');
    const skipped = [
      {
        row: 3,
        errors: {
          name: 'Name is required',
          to: 'Must contain valid email addresses separated by commas',
        },
      },
      { row: 5, errors: { team: 'You are not a member of a team with this name' } },
    ];

    // The dry run says what would happen and creates nothing.
    const dry = await importAs(who, csv, { query: '?dryRun=true&mode=partial' });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      created: 0,
      dryRun: true,
      rows: 5,
      valid: 3,
      skipped,
      skippedCount: 2,
    });
    expect(await linksOf(who)).toEqual([]);

    const res = await importAs(who, csv, { query: '?mode=partial' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created: 3,
      dryRun: false,
      rows: 5,
      valid: 3,
      skipped,
      skippedCount: 2,
    });
    expect((await linksOf(who)).map((l) => l.name)).toEqual(['First', 'Second', 'Third']);

    // The default stays all or none.
    const strict = await importAs(who, csv);
    expect(strict.statusCode).toBe(400);
    expect(strict.json().invalidCount).toBe(2);
    expect(await linksOf(who)).toHaveLength(3);
  });

  it('mode=partial with no valid row creates nothing (400); an unknown mode is a 400', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const res = await importAs(who, 'name,to\r\n,bad\r\nNo address,\r\n', {
      query: '?mode=partial',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', invalidCount: 2 });
    expect(res.json().detail).toMatch(/Nothing was imported/);
    const mode = await importAs(who, 'name,to\r\nOne,one@example.com\r\n', {
      query: '?mode=some',
    });
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await linksOf(who)).toEqual([]);
  });

  it('shares an imported link with a team the caller belongs to', async () => {
    const res = await importAs(bob, `name,to,team\r\nFor the team,t@example.com,"${teamName}"\r\n`);
    expect(res.statusCode).toBe(201);
    const shared = (await linksOf(alice)).find((l) => l.name === 'For the team');
    expect(shared).toMatchObject({ teamName, userId: bob.user.id, isShared: true });
  });

  it.each([
    ['an empty body', ''],
    ['a header only', `${HEADER}\r\n`],
    ['binary garbage', Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x9f])],
    ['text without the columns', 'hello world\nthis is not a links file\n'],
    ['an unclosed quote', 'name,to\n"open,a@example.com\n'],
    ['ragged rows', 'name,to\na,b@example.com,extra\n'],
  ])('answers 400 for %s', async (_label, body) => {
    const who = await signUpAs(t, 'PREMIUM');
    const res = await importAs(who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', detail: expect.any(String) });
    expect(await linksOf(who)).toEqual([]);
  });

  it('answers 413 past 5 MB and past 10,000 rows', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const big = `name,to,body\r\n${`x,a@example.com,${'y'.repeat(1000)}\r\n`.repeat(5300)}`;
    const res = await importAs(who, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    const many = `name,to\r\n${'x,a@example.com\r\n'.repeat(10_001)}`;
    const tooMany = await importAs(who, many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().detail).toMatch(/10,000/);
    expect(await linksOf(who)).toEqual([]);
  });

  it('creates 10,000 links in one go', async () => {
    const who = await signUpAs(t, 'PREMIUM');
    const rows = Array.from({ length: 10_000 }, (_, i) => `Link ${i},l${i}@example.com`);
    const res = await importAs(who, `name,to\r\n${rows.join('\r\n')}\r\n`);
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(10_000);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links/?limit=1',
      headers: who.headers,
    });
    expect(all.headers['x-total-count']).toBe('10000');
    const one = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links/?q=l9999%40',
      headers: who.headers,
    });
    expect(one.json().map((l: { name: string }) => l.name)).toEqual(['Link 9999']);
  });

  it('takes text/csv only: 415 otherwise', async () => {
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await importAs(alice, `${HEADER}\r\n`, { type });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const charset = await importAs(bob, 'name,to\r\nC,c@example.com\r\n', {
      type: 'text/csv; charset=utf-8',
    });
    expect(charset.statusCode).toBe(201);
  });

  it('needs a session and a premium plan', async () => {
    expect((await importAs(null, `${HEADER}\r\n`)).statusCode).toBe(401);
    const free = await signUpAs(t, 'FREE');
    const res = await importAs(free, 'name,to\r\nx,x@example.com\r\n');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PREMIUM_REQUIRED');
  });

  it('works with an API token: links:read exports, links:write imports', async () => {
    const tokenWith = async (scopes: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: alice.headers,
        payload: { name: `csv ${scopes.join(' ')}`, scopes, currentPassword: alice.password },
      });
      expect(res.statusCode).toBe(201);
      return { authorization: `Bearer ${res.json().token as string}` };
    };
    const reader = await tokenWith(['links:read']);
    const writer = await tokenWith(['links:write']);
    const exported = await t.app.inject({ method: 'GET', url: EXPORT, headers: reader });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.startsWith(`${HEADER}\r\n`)).toBe(true);
    const body = 'name,to\r\nBy token,token@example.com\r\n';
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${IMPORT}?dryRun=true`,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: body,
      });
    expect((await post(writer)).statusCode).toBe(200);
    const denied = await post(reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('INSUFFICIENT_SCOPE');
  });
});
