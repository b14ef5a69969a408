import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  signUpAs,
  type CreatedTeam,
  type SignedIn,
  type TestApp,
} from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: SignedIn,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface Listed {
  id: number;
  name: string;
  tags: { id: number; name: string; color: string }[];
}

async function names(who: SignedIn, query = ''): Promise<string[]> {
  const res = await call('GET', `/api/v1/mailto-links${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Listed[]).map((l) => l.name).sort();
}

async function tagsOf(who: SignedIn, id: number): Promise<string[]> {
  const res = await call('GET', `/api/v1/mailto-links/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Listed).tags.map((tag) => tag.name);
}

describe('tags', () => {
  it('are created, listed by name, renamed, recoloured and deleted', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const created = await call('POST', '/api/v1/tags', user, {
      name: '  Newsletter ',
      color: 'blue',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Newsletter', color: 'blue', linkCount: 0 });
    const second = await call('POST', '/api/v1/tags', user, { name: 'Alpha' });
    expect(second.json()).toMatchObject({ name: 'Alpha', color: 'gray' });

    const list = await call('GET', '/api/v1/tags', user);
    expect(list.json().map((tag: { name: string }) => tag.name)).toEqual(['Alpha', 'Newsletter']);

    // Unique per account, ignoring case; another account may use the name.
    const dup = await call('POST', '/api/v1/tags', user, { name: 'NEWSLETTER' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'You already have a tag with this name',
    });
    const other = await signUpAs(t, 'PREMIUM');
    expect((await call('POST', '/api/v1/tags', other, { name: 'Newsletter' })).statusCode).toBe(
      201,
    );

    const id = created.json().id as number;
    const patched = await call('PATCH', `/api/v1/tags/${id}`, user, {
      name: 'Letters',
      color: 'green',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id, name: 'Letters', color: 'green' });
    const clash = await call('PATCH', `/api/v1/tags/${id}`, user, { name: 'alpha' });
    expect(clash.statusCode).toBe(409);
    // A tag of someone else's is not found.
    expect((await call('PATCH', `/api/v1/tags/${id}`, other, { color: 'red' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/v1/tags/${id}`, other)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/v1/tags/${id}`, user)).statusCode).toBe(200);
    const after = await call('GET', '/api/v1/tags', user);
    expect(after.json().map((tag: { name: string }) => tag.name)).toEqual(['Alpha']);
  });

  it('refuses bad input with 400 {detail, code}', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(33) },
      { name: 'a,b' },
      { name: 'ok', color: 'pink' },
      { name: 'line\nbreak' },
      {},
    ]) {
      const res = await call('POST', '/api/v1/tags', user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
    }
    expect((await call('POST', '/api/v1/tags', user, { name: 'x'.repeat(32) })).statusCode).toBe(
      201,
    );
    expect((await call('PATCH', '/api/v1/tags/abc', user, { color: 'red' })).statusCode).toBe(400);
  });

  it('need a plan: FREE gets 403 PREMIUM_REQUIRED', async () => {
    const free = await signUpAs(t, 'FREE');
    const res = await call('POST', '/api/v1/tags', free, { name: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PREMIUM_REQUIRED');
    expect((await call('GET', '/api/v1/tags', free)).json().code).toBe('PREMIUM_REQUIRED');
  });

  it('stop at 100 per account and 10 per link', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    for (let i = 0; i < 100; i += 1)
      expect((await call('POST', '/api/v1/tags', user, { name: `t${i}` })).statusCode).toBe(201);
    const over = await call('POST', '/api/v1/tags', user, { name: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe('You can have at most 100 tags. Delete some first.');
    // A link naming a new tag past the limit is refused too; existing ones are fine.
    const refused = await call('POST', '/api/v1/mailto-links', user, {
      name: 'L',
      to: 'a@example.com',
      tags: ['brand new'],
    });
    expect(refused.statusCode).toBe(409);
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
    const tooMany = await call('POST', '/api/v1/mailto-links', user, {
      name: 'L',
      to: 'a@example.com',
      tags: eleven,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { tags: 'A link carries at most 10 tags' },
    });
    const ten = await call('POST', '/api/v1/mailto-links', user, {
      name: 'L',
      to: 'a@example.com',
      tags: eleven.slice(0, 10),
    });
    expect(ten.statusCode, ten.body).toBe(201);
    expect(ten.json().tags).toHaveLength(10);
  }, 180_000);
});

describe('tags on links', () => {
  it('are set on create and update by name, created when missing, and kept when left out', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    await call('POST', '/api/v1/tags', user, { name: 'Promo', color: 'red' });
    const res = await call('POST', '/api/v1/mailto-links', user, {
      name: 'Spring',
      to: 'a@example.com',
      tags: ['promo', 'Events', 'EVENTS'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tags).toEqual([
      { id: expect.any(Number), name: 'Events', color: 'gray' },
      { id: expect.any(Number), name: 'Promo', color: 'red' },
    ]);
    const id = res.json().id as number;

    // PUT without tags keeps them; with tags replaces them.
    const kept = await call('PUT', `/api/v1/mailto-links/${id}`, user, {
      name: 'Spring 2',
      to: 'a@example.com',
    });
    expect(kept.json().tags.map((x: { name: string }) => x.name)).toEqual(['Events', 'Promo']);
    const replaced = await call('PUT', `/api/v1/mailto-links/${id}`, user, {
      name: 'Spring 2',
      to: 'a@example.com',
      tags: ['Events'],
    });
    expect(replaced.json().tags.map((x: { name: string }) => x.name)).toEqual(['Events']);
    const tags = (await call('GET', '/api/v1/tags', user)).json();
    expect(tags.map((x: { name: string; linkCount: number }) => [x.name, x.linkCount])).toEqual([
      ['Events', 1],
      ['Promo', 0],
    ]);
  });

  it('filter the list with ?tag= and are found by the search', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    await createLink(t.app, user.headers, { name: 'One', tags: ['Launch'] });
    await createLink(t.app, user.headers, { name: 'Two', tags: ['launch', 'Press'] });
    await createLink(t.app, user.headers, { name: 'Three' });
    expect(await names(user, '?tag=LAUNCH')).toEqual(['One', 'Two']);
    expect(await names(user, '?tag=press')).toEqual(['Two']);
    expect(await names(user, '?tag=nothing')).toEqual([]);
    const total = await call('GET', '/api/v1/mailto-links?tag=launch', user);
    expect(total.headers['x-total-count']).toBe('2');
    expect(await names(user, '?q=pres')).toEqual(['Two']);
    expect(await names(user, '?q=pres&tag=launch')).toEqual(['Two']);
    expect(await names(user, '?tag=launch&sort=clicks')).toEqual(['One', 'Two']);

    // A rename reaches the search; a deleted tag leaves it.
    const press = (await call('GET', '/api/v1/tags', user))
      .json()
      .find((x: { name: string }) => x.name === 'Press');
    await call('PATCH', `/api/v1/tags/${press.id}`, user, { name: 'Media' });
    expect(await names(user, '?q=pres')).toEqual([]);
    expect(await names(user, '?q=media')).toEqual(['Two']);
    await call('DELETE', `/api/v1/tags/${press.id}`, user);
    expect(await names(user, '?q=media')).toEqual([]);
    expect(await names(user, '?tag=media')).toEqual([]);

    const bad = await call('GET', `/api/v1/mailto-links?tag=${'x'.repeat(40)}`, user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
  });

  it("on a team link are the author's: members see them, only the author changes them", async () => {
    const author = await signUpAs(t, 'TEAM');
    const team = await createTeam(t.app, author);
    const admin = await signUpAs(t, 'PREMIUM');
    await addMember(t.app, author, team.id, admin, 'ADMIN');
    const link = await createLink(t.app, author.headers, {
      name: 'Shared',
      teamId: team.id,
      tags: ['Team news'],
    });

    expect(await tagsOf(admin, link.id)).toEqual(['Team news']);
    expect(await names(admin, '?tag=team%20news')).toEqual(['Shared']);
    const put = await call('PUT', `/api/v1/mailto-links/${link.id}`, admin, {
      name: 'Shared',
      to: 'a@example.com',
      teamId: team.id,
      tags: ['Mine'],
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({
      code: 'FORBIDDEN',
      detail: "Only the link's author can change its tags",
    });
    // Same tags, or none given: the admin's edit goes through.
    const same = await call('PUT', `/api/v1/mailto-links/${link.id}`, admin, {
      name: 'Shared!',
      to: 'a@example.com',
      teamId: team.id,
      tags: ['team NEWS'],
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().tags.map((x: { name: string }) => x.name)).toEqual(['Team news']);
    // The admin's own tag list does not hold the author's tags.
    expect((await call('GET', '/api/v1/tags', admin)).json()).toEqual([]);
  });
});

describe('CSV with tags', () => {
  it('export has a tags column; import reads it back and creates the missing tags', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    await createLink(t.app, user.headers, { name: 'A', tags: ['Beta', 'alpha'] });
    await createLink(t.app, user.headers, { name: 'B' });
    const exported = await call('GET', '/api/v1/mailto-links/export.csv', user);
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('name,to,cc,bcc,subject,body,team,tags');
    expect(lines[1]).toMatch(/^A,.*,"alpha, Beta"$/);
    expect(lines[2]).toMatch(/^B,.*,$/);

    const other = await signUpAs(t, 'PREMIUM');
    await call('POST', '/api/v1/tags', other, { name: 'BETA', color: 'teal' });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mailto-links/import',
      headers: { ...other.headers, 'content-type': 'text/csv' },
      payload: exported.body,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().created).toBe(2);
    const tags = (await call('GET', '/api/v1/tags', other)).json();
    expect(
      tags.map((x: { name: string; color: string; linkCount: number }) => [
        x.name,
        x.color,
        x.linkCount,
      ]),
    ).toEqual([
      ['alpha', 'gray', 1],
      ['BETA', 'teal', 1],
    ]);
    expect(await names(other, '?tag=alpha')).toEqual(['A']);
    const again = await call('GET', '/api/v1/mailto-links/export.csv', other);
    expect(again.body.trim().split('\r\n')[1]).toMatch(/^A,.*,"alpha, BETA"$/);
  });

  it('import refuses a row with a bad tag, naming the column', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mailto-links/import?dryRun=true',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: `name,to,tags\r\nA,a@example.com,${'x'.repeat(33)}\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().rows[0]).toMatchObject({
      row: 2,
      errors: { tags: 'A tag name has at most 32 characters' },
    });
  });

  it('export of chosen ids holds only those links', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const a = await createLink(t.app, user.headers, { name: 'Chosen A' });
    await createLink(t.app, user.headers, { name: 'Not chosen' });
    const b = await createLink(t.app, user.headers, { name: 'Chosen B' });
    const stranger = await signUpAs(t, 'PREMIUM');
    const theirs = await createLink(t.app, stranger.headers, { name: 'Theirs' });
    const res = await call(
      'GET',
      `/api/v1/mailto-links/export.csv?ids=${a.id},${b.id},${theirs.id}`,
      user,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(rows).toEqual(['Chosen A', 'Chosen B']);
    const bad = await call('GET', '/api/v1/mailto-links/export.csv?ids=1,x', user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(
      (await call('GET', `/api/v1/mailto-links/export.csv?ids=${many}`, user)).statusCode,
    ).toBe(400);
  });
});

describe('bulk actions', () => {
  const bulk = (who: SignedIn, payload: unknown) =>
    call('POST', '/api/v1/mailto-links/bulk', who, payload);

  it('archive and restore several links, with a result per link', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const links = await Promise.all(
      ['A', 'B', 'C'].map((name) => createLink(t.app, user.headers, { name })),
    );
    const stranger = await signUpAs(t, 'PREMIUM');
    const theirs = await createLink(t.app, stranger.headers, { name: 'Theirs' });
    const ids = links.map((l) => l.id);
    const res = await bulk(user, { ids: [...ids, theirs.id], action: 'archive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'archive', succeeded: 3, failed: 1 });
    expect(res.json().results.at(-1)).toMatchObject({
      id: theirs.id,
      ok: false,
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await names(user)).toEqual([]);
    expect(await names(user, '?archived=true')).toEqual(['A', 'B', 'C']);
    expect(await names(stranger)).toEqual(['Theirs']);

    // Archiving again answers per link what the single action would: 409.
    const again = await bulk(user, { ids: [ids[0]], action: 'archive' });
    expect(again.json().results[0]).toMatchObject({ ok: false, status: 409, code: 'CONFLICT' });
    const restored = await bulk(user, { ids, action: 'restore' });
    expect(restored.json()).toMatchObject({ succeeded: 3, failed: 0 });
    expect(await names(user)).toEqual(['A', 'B', 'C']);
  });

  it('delete, tag and untag', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((name) => createLink(t.app, user.headers, { name })),
    );
    if (!a || !b || !c) throw new Error('links');
    const tagged = await bulk(user, { ids: [a.id, b.id], action: 'tag', tag: 'Q3' });
    expect(tagged.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await names(user, '?tag=q3')).toEqual(['A', 'B']);
    expect(await tagsOf(user, a.id)).toEqual(['Q3']);
    const untagged = await bulk(user, { ids: [a.id], action: 'untag', tag: 'q3' });
    expect(untagged.json()).toMatchObject({ succeeded: 1 });
    expect(await names(user, '?tag=q3')).toEqual(['B']);
    const unknownTag = await bulk(user, { ids: [a.id], action: 'untag', tag: 'never' });
    expect(unknownTag.statusCode).toBe(404);
    expect(unknownTag.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Tag not found' });

    const deleted = await bulk(user, { ids: [a.id, c.id, a.id], action: 'delete' });
    expect(deleted.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect(deleted.json().results).toHaveLength(2);
    expect(await names(user)).toEqual(['B']);
  });

  it('share and unshare, checked per link, with a team log entry per link', async () => {
    const author = await signUpAs(t, 'TEAM');
    const team: CreatedTeam = await createTeam(t.app, author);
    const member = await signUpAs(t, 'PREMIUM');
    await addMember(t.app, author, team.id, member, 'MEMBER');
    const mine = await Promise.all(
      ['S1', 'S2'].map((name) => createLink(t.app, author.headers, { name })),
    );
    const ids = mine.map((l) => l.id);

    const shared = await bulk(author, { ids, action: 'share', teamId: team.id });
    expect(shared.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await names(member, `?teamId=${team.id}`)).toEqual(['S1', 'S2']);
    const log = await call(
      'GET',
      `/api/v1/teams/${team.id}/audit?limit=200&action=link.shared`,
      author,
    );
    expect(
      log
        .json()
        .map((e: { subject: { id: number } }) => e.subject.id)
        .sort(),
    ).toEqual([...ids].sort());

    // A plain member may read but not edit the author's links: 403 each, nothing changes.
    const refused = await bulk(member, { ids, action: 'unshare' });
    expect(refused.json()).toMatchObject({ succeeded: 0, failed: 2 });
    expect(refused.json().results[0]).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const archivedByMember = await bulk(member, { ids, action: 'archive' });
    expect(archivedByMember.json().failed).toBe(2);

    const unshared = await bulk(author, { ids, action: 'unshare' });
    expect(unshared.json()).toMatchObject({ succeeded: 2 });
    expect(await names(member, `?teamId=${team.id}`)).toEqual([]);
    const unlog = await call(
      'GET',
      `/api/v1/teams/${team.id}/audit?limit=200&action=link.unshared`,
      author,
    );
    expect(unlog.json()).toHaveLength(2);

    // Sharing with a team one is not in: 400, nothing runs.
    const outsider = await signUpAs(t, 'TEAM');
    const own = await createLink(t.app, outsider.headers, { name: 'O' });
    const notMember = await bulk(outsider, { ids: [own.id], action: 'share', teamId: team.id });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('refuses bad bodies with 400 {detail, code}', async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const body of [
      {},
      { ids: [], action: 'archive' },
      { ids: many, action: 'archive' },
      { ids: ['1'], action: 'archive' },
      { ids: [0], action: 'archive' },
      { ids: [1], action: 'explode' },
      { ids: [1], action: 'share' },
      { ids: [1], action: 'tag' },
      { ids: [1], action: 'tag', tag: 'a,b' },
    ]) {
      const res = await bulk(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
    }
    const free = await signUpAs(t, 'FREE');
    const gated = await bulk(free, { ids: [1], action: 'archive' });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('PREMIUM_REQUIRED');
  });
});
