import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { DEFAULT_LIMITS, type Config, type Database, type RateLimits } from '../src/config';
import { openDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { App } from '../src/lib/types';
import { PASSWORD_COST } from '../src/lib/password';

export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of its own for one test file: in-memory SQLite, or a new PostgreSQL database. */
export async function createTestDatabase(which: 'sqlite' | 'postgres' = dialect): Promise<{
  config: Database;
  drop: () => Promise<void>;
}> {
  if (which === 'sqlite')
    return { config: { dialect: 'sqlite', file: ':memory:' }, drop: async () => {} };
  const name = `mailtokit_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  limits?: Partial<RateLimits>;
  webDist?: string | null;
  config?: Partial<Config>;
  /** Clock and e-mail retry timing of the app. */
  app?: AppOptions;
  /** The database, when a test compares both (default: the dialect under test). */
  dialect?: 'sqlite' | 'postgres';
}

/**
 * A clock for `createTestApp({ app: { clock: clock.now } })`: the real time plus whatever
 * `advance` added, so a test makes time pass without waiting for it.
 */
export function movableClock(): { now: () => Date; advance: (ms: number) => void } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}

/** A fully built app on a fresh, migrated database of the dialect under test. */
/**
 * Hashing at the production cost, for files that test the per-client cap of hashes in flight
 * (2 hashing, 2 waiting): the cap shows only while hashes overlap, which cheap ones may not.
 */
export const PRODUCTION_HASHING = { cost: PASSWORD_COST } as const;

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(opts.dialect);
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp',
    database: database.config,
    publicUrl: null,
    defaultTier: 'FREE',
    sessionTtlMs: 24 * 60 * 60_000,
    trustProxy: false,
    logLevel: 'silent',
    smtpUrl: null,
    mailFrom: 'MailtoKit <no-reply@localhost>',
    webDist: opts.webDist ?? null,
    limits: {
      ...DEFAULT_LIMITS,
      registrationsPerHour: 10_000,
      invitationsPerDay: 10_000,
      ...opts.limits,
    },
    ...opts.config,
    // Tests run many password checks in parallel to test budgets, not this machine's load: the
    // hashing queue is long, but each client keeps its real in-flight cap. Hashes cost 2^10
    // rather than 2^15: the rules under test do not depend on the cost, and most tests sign up.
    hashing: { queue: 10_000, cost: 10, ...opts.config?.hashing },
  };
  const db = openDb(database.config);
  await migrateToLatest(db);
  const app = await buildApp(config, db, opts.app);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** A unique, valid registration payload; override any field. */
export function buildRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  const username = `user${counter}_${randomBytes(3).toString('hex')}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    firstName: 'Test',
    lastName: 'User',
    ...overrides,
  };
}

export interface SignedIn {
  user: { id: number; username: string; email: string | null; subscriptionTier: string };
  token: string;
  cookie: string;
  password: string;
  /** Headers that authenticate as this user with the session cookie. */
  headers: { cookie: string };
}

let addressCounter = 0;
/**
 * A client address of its own for each user a test makes (in 198.19.0.0/16, part of the
 * benchmarking range, which tests use for nothing else): people sign up from their own
 * addresses, and a test that signs several up at once does not meet the cap on one address's
 * password hashes in flight.
 */
function nextUserAddress(): string {
  addressCounter = (addressCounter % 65_534) + 1;
  return `198.19.${addressCounter >> 8}.${addressCounter & 255}`;
}

/** Registers and signs in a new user through the API. */
export async function signUp(
  app: App,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<SignedIn> {
  const body = buildRegistration(overrides);
  const remoteAddress = nextUserAddress();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: body,
    remoteAddress,
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  return signIn(app, body.username as string, body.password as string, remoteAddress);
}

export async function signIn(
  app: App,
  username: string,
  password: string,
  remoteAddress?: string,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const json = res.json<{ access_token: string; user: SignedIn['user'] }>();
  const cookie = sessionCookie(res);
  return { user: json.user, token: json.access_token, cookie, password, headers: { cookie } };
}

/**
 * Confirms the user's password in their session (`POST /api/v1/auth/confirm-password`): for
 * the next 10 minutes it may create API tokens and webhooks without sending the password.
 */
export async function confirmPassword(app: App, who: SignedIn): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/confirm-password',
    headers: who.headers,
    payload: { currentPassword: who.password },
  });
  if (res.statusCode !== 200) throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
}

/** `name=value` of the session cookie a response sets. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'mailtokit_session');
  if (!c) throw new Error('no session cookie set');
  return `${c.name}=${c.value}`;
}

/** Sets a user's tier directly (what the admin CLI does). */
export async function setTier(
  db: Db,
  userId: number,
  tier: 'FREE' | 'PREMIUM' | 'TEAM',
): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ subscription_tier: tier })
    .where('id', '=', userId)
    .execute();
}

/** A valid saved-link payload; override any field. */
export function buildLink(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  return {
    name: `Link ${counter}`,
    to: 'sales@example.com',
    subject: 'Hello',
    body: 'Hi there',
    ...overrides,
  };
}

/** The fields of a created link the tests read (the full shape is MailtoLink in contracts). */
export type CreatedLink = {
  id: number;
  userId: number;
  createdAt: string;
  updatedAt: string;
  mailtoUrl: string;
} & Record<string, unknown>;

/** Saves a link through the API as the user behind `headers`; returns the created link. */
export async function createLink(
  app: App,
  headers: Record<string, string>,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<CreatedLink> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/mailto-links',
    headers,
    payload: buildLink(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create link failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The fields of a created tracking link the tests read (the full shape is TrackingLink). */
export type CreatedTrackingLink = { id: number; slug: string; trackingUrl: string } & Record<
  string,
  unknown
>;

/** Creates a tracking link for a saved link through the API as the user behind `headers`. */
export async function createTrackingLink(
  app: App,
  headers: Record<string, string>,
  mailtoLinkId: number,
  label?: string,
): Promise<CreatedTrackingLink> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers,
    payload: { mailtoLinkId, ...(label === undefined ? {} : { label }) },
  });
  if (res.statusCode !== 201)
    throw new Error(`create tracking link failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The fields of a created team the tests read (the full shape is Team in contracts). */
export type CreatedTeam = { id: number; name: string; ownerId: number } & Record<string, unknown>;

/** Creates a team through the API as `owner` (who must be on the TEAM tier). */
export async function createTeam(
  app: App,
  owner: SignedIn,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<CreatedTeam> {
  counter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/teams',
    headers: owner.headers,
    payload: { name: `Team ${counter}`, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create team failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Invites `who` by username to a team through the API as `by`; returns the invitation. */
export async function invite(
  app: App,
  by: SignedIn,
  teamId: number,
  who: SignedIn,
  role: 'ADMIN' | 'MEMBER' = 'MEMBER',
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/teams/${teamId}/invitations`,
    headers: by.headers,
    payload: { username: who.user.username, role },
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Makes `who` a member of a team the only way there is: `by` (its owner or an admin) invites
 * them and they accept. OWNER: they join as an admin, then the owner hands the team over.
 */
export async function addMember(
  app: App,
  by: SignedIn,
  teamId: number,
  who: SignedIn,
  role: 'OWNER' | 'ADMIN' | 'MEMBER' = 'MEMBER',
): Promise<void> {
  const invitation = await invite(app, by, teamId, who, role === 'OWNER' ? 'ADMIN' : role);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${invitation.id}/accept`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  if (role !== 'OWNER') return;
  const put = await app.inject({
    method: 'PUT',
    url: `/api/v1/teams/${teamId}/members/${who.user.id}`,
    headers: by.headers,
    payload: { role: 'OWNER', currentPassword: by.password },
  });
  if (put.statusCode !== 200) throw new Error(`transfer failed: ${put.statusCode} ${put.body}`);
}

/** Registers and signs in a new user on the given plan. */
export async function signUpAs(t: TestApp, tier: 'FREE' | 'PREMIUM' | 'TEAM'): Promise<SignedIn> {
  const who = await signUp(t.app);
  await setTier(t.db, who.user.id, tier);
  return who;
}

/**
 * The value of one sample line of a Prometheus scrape, e.g.
 * `mailtokit_redirects_total{outcome="redirected"}`; null when the scrape has no such line.
 */
export function metricSample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}
