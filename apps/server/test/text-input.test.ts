import { InviteByUsernameBody } from '@mailtokit/contracts/invitations';
import { CreateTeamBody } from '@mailtokit/contracts/teams';
import { LoginBody, RegisterBody } from '@mailtokit/contracts/auth';
import { ContactBody } from '@mailtokit/contracts/contact';
import { LinkBody, LinkListQuery } from '@mailtokit/contracts/links';
import { CreateTokenBody } from '@mailtokit/contracts/tokens';
import { CreateTrackingBody } from '@mailtokit/contracts/tracking';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  buildLink,
  buildRegistration,
  confirmPassword,
  createLink,
  createTeam,
  createTestApp,
  dialect,
  setTier,
  signUp,
  type SignedIn,
  type TestApp,
} from './helpers';

let t: TestApp;
let teamUser: SignedIn;
let linkId: number;
let teamId: number;
let ipCounter = 0;
/** A fresh client address, so that per-IP limits never answer in place of validation. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

beforeAll(async () => {
  t = await createTestApp();
  teamUser = await signUp(t.app);
  await confirmPassword(t.app, teamUser);
  await setTier(t.db, teamUser.user.id, 'TEAM');
  linkId = (await createLink(t.app, teamUser.headers)).id;
  teamId = (await createTeam(t.app, teamUser)).id;
});
afterAll(async () => t.close());

type Payload = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload) =>
  t.app.inject({
    method,
    url,
    headers: teamUser.headers,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });

/**
 * One text field of a request: the shared schema that validates it, a valid request around it,
 * how to send it, and how to read back what was stored (null: the value only reaches a query).
 */
interface TextCase {
  name: string;
  field: string;
  schema: z.ZodType;
  base: () => Payload;
  send: (payload: Payload) => Promise<LightMyRequestResponse>;
  /** Statuses a valid request may get. */
  ok: number[];
  /** The stored value as the API shows it afterwards (and any cleanup). */
  readBack?: (res: LightMyRequestResponse) => Promise<unknown>;
  /** Fewer runs where each request hashes a password. */
  runs?: number;
  /** What of `value` the request can carry at all. */
  prepare?: (value: string) => string;
}

const linkCase = (field: string): TextCase => ({
  name: `link ${field}`,
  field,
  schema: LinkBody,
  base: () => buildLink(),
  send: (payload) => send('POST', '/api/v1/mailto-links', payload),
  ok: [201],
  readBack: async (res) => {
    const id = res.json().id as number;
    const stored = (await send('GET', `/api/v1/mailto-links/${id}`)).json()[field];
    await send('DELETE', `/api/v1/mailto-links/${id}`);
    return stored;
  },
});

const teamCase = (field: string): TextCase => ({
  name: `team ${field}`,
  field,
  schema: CreateTeamBody,
  base: () => ({ name: 'A team', description: 'About it' }),
  send: (payload) => send('POST', '/api/v1/teams', payload),
  ok: [201],
  readBack: async (res) => {
    const id = res.json().id as number;
    const stored = (await send('GET', `/api/v1/teams/${id}`)).json()[field];
    await send('DELETE', `/api/v1/teams/${id}`);
    return stored;
  },
});

const registerCase = (field: string): TextCase => ({
  name: `registration ${field}`,
  field,
  schema: RegisterBody,
  base: () => buildRegistration(),
  send: (payload) => send('POST', '/api/v1/auth/register', payload),
  ok: [201],
  runs: 15,
  readBack: async (res) => {
    const row = await t.db.kysely
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', res.json().id as number)
      .executeTakeFirstOrThrow();
    return field === 'firstName' ? row.first_name : row.last_name;
  },
});

const CASES: TextCase[] = [
  linkCase('name'),
  linkCase('subject'),
  linkCase('body'),
  teamCase('name'),
  teamCase('description'),
  registerCase('firstName'),
  registerCase('lastName'),
  {
    name: 'token name',
    field: 'name',
    schema: CreateTokenBody,
    base: () => ({ name: 'script', scopes: ['links:read'] }),
    send: (payload) => send('POST', '/api/v1/tokens', payload),
    ok: [201],
    readBack: async (res) => {
      const id = res.json().id as number;
      const list = (await send('GET', '/api/v1/tokens')).json() as { id: number; name: string }[];
      await send('DELETE', `/api/v1/tokens/${id}`);
      return list.find((x) => x.id === id)?.name;
    },
  },
  {
    name: 'tracking label',
    field: 'label',
    schema: CreateTrackingBody,
    base: () => ({ mailtoLinkId: linkId, label: 'newsletter' }),
    send: (payload) => send('POST', '/api/v1/tracking', payload),
    ok: [201],
    readBack: async (res) => {
      const id = res.json().id as number;
      const list = (await send('GET', `/api/v1/mailto-links/${linkId}/tracking-links`)).json() as {
        id: number;
        label: string | null;
      }[];
      await send('DELETE', `/api/v1/tracking/${id}`);
      return list.find((x) => x.id === id)?.label;
    },
  },
  {
    name: 'contact message',
    field: 'message',
    schema: ContactBody,
    base: () => ({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'A question',
      message: 'Hello, a question about links.',
    }),
    send: (payload) => send('POST', '/api/v1/contact', payload),
    ok: [201],
    readBack: async (res) => {
      const row = await t.db.kysely
        .selectFrom('contact_messages')
        .select('message')
        .where('id', '=', res.json().id as number)
        .executeTakeFirstOrThrow();
      return row.message;
    },
  },
  {
    name: 'search text',
    field: 'q',
    schema: LinkListQuery,
    base: () => ({}),
    send: (payload) =>
      send('GET', `/api/v1/mailto-links?q=${encodeURIComponent(String(payload.q))}`),
    ok: [200],
    // A URL carries UTF-8 only: an unpaired surrogate cannot be written in it.
    prepare: (value) => value.replace(/\p{Cs}/gu, '\ufffd'),
  },
  {
    name: 'member username',
    field: 'username',
    schema: InviteByUsernameBody,
    base: () => ({ role: 'member' }),
    send: (payload) => send('POST', `/api/v1/teams/${teamId}/members`, payload),
    // An invitation, known name or not (409: the same name drawn twice is already invited).
    ok: [201, 409],
    readBack: async (res) => res.json<{ username: string }>().username,
  },
  {
    name: 'sign-in username',
    field: 'username',
    schema: LoginBody,
    base: () => ({ password: 'not the password' }),
    send: (payload) => send('POST', '/api/v1/auth/login', payload),
    ok: [401, 429],
    runs: 15,
  },
  {
    name: 'sign-in password',
    field: 'password',
    schema: LoginBody,
    base: () => ({ username: `nobody-${nextIp()}` }),
    send: (payload) => send('POST', '/api/v1/auth/login', payload),
    ok: [401, 429],
    runs: 15,
  },
];

/**
 * Sends `value` in the case's field. What the schema accepts is stored and read back exactly
 * as the schema gave it; what it refuses answers 400 naming the field.
 */
async function check(c: TextCase, raw: string) {
  const value = c.prepare ? c.prepare(raw) : raw;
  const payload = { ...c.base(), [c.field]: value };
  const parsed = c.schema.safeParse(payload);
  const res = await c.send(payload);
  if (!parsed.success) {
    expect(res.statusCode, `${c.name} ${JSON.stringify(value)}: ${res.body}`).toBe(400);
    expect(res.json().fields, c.name).toHaveProperty([c.field]);
    return;
  }
  expect(c.ok, `${c.name} ${JSON.stringify(value)}: ${res.statusCode} ${res.body}`).toContain(
    res.statusCode,
  );
  if (c.readBack && res.statusCode < 300)
    expect(await c.readBack(res), `${c.name} ${JSON.stringify(value)}`).toEqual(
      (parsed.data as Payload)[c.field],
    );
}

/** Pieces that break storage or display, mixed into arbitrary text of every plane. */
const PIECES = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\t',
  '\n',
  '\r\n',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u2028',
  '\uffff',
  '😀',
  'é',
  ' ',
  'ab',
];
const text = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 3 }), fc.constantFrom(...PIECES)), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

describe(`text input (${dialect})`, () => {
  it.each([
    ...CASES.map((c) => [c.name, c, 'Some\u0000 text here'] as const),
    ['link to', linkCase('to'), 'a@example.com\u0000'] as const,
    ['registration username', registerCase('username'), 'ada\u0000'] as const,
  ])('refuses NUL in the %s with 400 naming the field', async (_name, c, value) => {
    const res = await c.send({ ...c.base(), [c.field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [c.field]: 'Must not contain control characters' },
    });
  });

  it.each([
    ['link name', linkCase('name')],
    ['team name', teamCase('name')],
    ['registration last name', registerCase('lastName')],
    ['member username', CASES.find((c) => c.name === 'member username')!],
  ])(
    'refuses other controls, unpaired surrogates and direction overrides in the %s',
    async (_n, c) => {
      for (const [value, message] of [
        ['a\u0085b', 'Must not contain control characters'],
        ['a\tb', 'Must be a single line without tabs'],
        ['a\nb', 'Must be a single line without tabs'],
        ['gpj.\u202eexe', 'Must not contain text direction control characters'],
        ['a\u2067b', 'Must not contain text direction control characters'],
        ['a\ud83db', 'Contains a broken character (an unpaired surrogate)'],
      ]) {
        const res = await c.send({ ...c.base(), [c.field]: value });
        expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(400);
        expect(res.json().fields).toEqual({ [c.field]: message });
      }
    },
  );

  it('keeps tabs and line breaks where a field has several lines, and direction marks in a body', async () => {
    for (const c of [linkCase('body'), teamCase('description')]) {
      const value = 'Dear\tteam,\r\nمرحبا \u202eworld\u202c\n\nBye';
      const res = await c.send({ ...c.base(), [c.field]: value });
      expect(res.statusCode, res.body).toBe(201);
      expect(await c.readBack!(res)).toBe(value);
    }
  });

  it('refuses a CSV import whose cell holds a NUL, naming the row and column', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mailto-links/import',
      headers: { ...teamUser.headers, 'content-type': 'text/csv' },
      payload: 'name,to,body\r\nOk,a@example.com,fine\r\nBad\u0000,b@example.com,x\u0001\r\n',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().rows).toEqual([
      {
        row: 3,
        errors: {
          name: 'Must not contain control characters',
          body: 'Must not contain control characters',
        },
      },
    ]);
  });

  it('stores a session whatever control characters its User-Agent holds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': 'Agent\u0000/1\u0085 (x)' },
      remoteAddress: nextIp(),
      payload: { username: teamUser.user.username, password: teamUser.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.kysely
      .selectFrom('sessions')
      .select('user_agent')
      .where('user_id', '=', teamUser.user.id)
      .where('user_agent', 'like', 'Agent%')
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toBe('Agent/1 (x)');
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    'takes what the shared schema accepts in the %s (stored: read back unchanged), refuses the rest with 400',
    async (_name, c) => {
      await fc.assert(
        fc.asyncProperty(text, (value) => check(c, value)),
        { numRuns: c.runs ?? 40 },
      );
    },
  );
});
