import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { LINKS_PER_USER_MAX } from '@mailtokit/contracts/links';
import { Tier } from '@mailtokit/contracts/user';
import {
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_DAY,
} from '@mailtokit/contracts/invitations';

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

export const DEFAULT_MAIL_FROM = 'MailtoKit <no-reply@localhost>';

/** `address@host` or `Display Name <address@host>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** PostgreSQL connections per instance (each instance has its own pool). */
export const DEFAULT_PG_POOL_SIZE = 10;
/** A statement running longer is cancelled by the server (0: no limit). */
export const DEFAULT_PG_STATEMENT_TIMEOUT_MS = 10_000;

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^(postgres|postgresql|sqlite|file):/.test(v),
      'must be a postgres:// URL (or unset for the embedded SQLite database)',
    ),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/]+/.test(v), 'must be an http:// or https:// URL'),
  DEFAULT_TIER: z
    .string()
    .default('FREE')
    .transform((v) => v.toUpperCase())
    .pipe(Tier),
  SESSION_TTL_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be positive')
    .max(365, 'must be at most 365')
    .default(30),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const setting = parseTrustProxy(v);
      if (setting === null)
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, true, a hop count (1-20) or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
        });
      return setting ?? false;
    }),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 64')
    .max(64, 'must be between 1 and 64')
    .optional(),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .positive('must be positive')
    .default(30),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine(
      (v) => !v || (v.length >= 16 && /^[\x21-\x7e]+$/.test(v)),
      'must be at least 16 printable characters with no spaces',
    ),
  LINKS_PER_USER_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(LINKS_PER_USER_MAX),
  SMTP_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || isSmtpUrl(v),
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587',
    ),
  MAIL_FROM: z
    .string()
    .trim()
    .default(DEFAULT_MAIL_FROM)
    .refine(
      (v) => MAIL_FROM_PATTERN.test(v),
      'must be an address, optionally with a name: `Name <address@example.com>`',
    ),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WEBHOOK_RETRY_BASE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(24 * 60 * 60_000, 'must be at most 86400000 (a day)')
    .default(30_000),
  PG_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000')
    .max(1000, 'must be between 1 and 1000')
    .default(DEFAULT_PG_POOL_SIZE),
  PG_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number (milliseconds)')
    .min(0, 'must be 0 (no limit) or more milliseconds')
    .max(3_600_000, 'must be at most 3600000 (an hour)')
    .default(DEFAULT_PG_STATEMENT_TIMEOUT_MS),
  CLICK_FILTER_FILE: z.string().trim().default(''),
  GEOIP_DB_FILE: z.string().trim().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * Which peers may say who the client is through `X-Forwarded-For`: none (`false`), every one
 * (`true`: the left-most entry, which the client itself writes when a proxy appends), the
 * `hops` nearest ones, or the peers at these addresses and networks. With a count or a list,
 * the client is the right-most entry that is not a trusted proxy.
 */
export type TrustProxy = boolean | { hops: number } | { proxies: string[] };

/** `TRUST_PROXY` read: null when it is none of the accepted forms. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 20 ? { hops } : null;
  }
  const proxies = v.split(',').map((p) => p.trim());
  try {
    // The parser Fastify itself uses: addresses, CIDRs, netmasks and its range names.
    proxyAddr.compile(proxies);
  } catch {
    return null;
  }
  return { proxies };
}

export type Database =
  | { dialect: 'sqlite'; file: string }
  | {
      dialect: 'postgres';
      url: string;
      /** Connections in this instance's pool (default DEFAULT_PG_POOL_SIZE). */
      poolSize?: number;
      /** `statement_timeout` of every connection, ms; 0 or unset for none. */
      statementTimeoutMs?: number;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  publicUrl: string | null;
  defaultTier: Tier;
  sessionTtlMs: number;
  trustProxy: TrustProxy;
  logLevel: string;
  /** Password hashing of this process; the defaults (one hash per core...) when absent. */
  hashing?: Partial<HashingSettings>;
  /** Outgoing mail server (`smtp://` or `smtps://`); null sends no e-mail. */
  smtpUrl: string | null;
  /** Bearer token that `GET /metrics` requires; null: no metrics endpoint (404). */
  metricsToken?: string | null;
  /** The From header of every e-mail. */
  mailFrom: string;
  /** Where the built web app lives; null serves no SPA (API only). */
  webDist: string | null;
  /** Rate limits; tests lower or raise them. */
  limits: RateLimits;
  /** Webhook delivery; DEFAULT_WEBHOOKS when absent. */
  webhooks?: WebhookSettings;
  /** Saved links one account may hold; LINKS_PER_USER_MAX when absent. */
  linksPerUserMax?: number;
  /** JSON file of extra scanner/preview/bot agent tokens and scanner address ranges. */
  clickFilterFile?: string | null;
  /**
   * A MaxMind-format database (GeoLite2/GeoIP2 City or Country) the click's place is read from;
   * null or absent: the bundled country database; `false`: no place is looked up (clicks and
   * sessions have no country).
   */
  geoipDbFile?: string | null | false;
}

export interface HashingSettings {
  /** Hashes computed at once. */
  concurrency: number;
  /** Requests waiting for a hash slot, per kind; past it 503. */
  queue: number;
  /** Hashes one client (IPv4 address, IPv6 /64) has in flight; as many more may wait. */
  perClient: number;
  /**
   * scrypt's cost of new password hashes as log2 N; 15 unless set. Not read from the
   * environment: the API tests set a low one to spend their time on behaviour, not hashing.
   */
  cost: number;
}

export interface WebhookSettings {
  /** Deliver to loopback, private, link-local... addresses too (self-hosting, tests). */
  allowPrivate: boolean;
  /** Delay before the second attempt; each later one waits four times longer (capped). */
  retryBaseMs: number;
}

export const DEFAULT_WEBHOOKS: WebhookSettings = { allowPrivate: false, retryBaseMs: 30_000 };

export interface RateLimits {
  /** Failed password checks per account and client address together, per `loginWindowMs`. */
  loginFailuresPerUserAndIp: number;
  loginWindowMs: number;
  /** Failed sign-ins per account from all addresses, per `loginCeilingWindowMs`. */
  loginFailuresPerUser: number;
  /** Failed sign-ins per client address over all accounts, per `loginCeilingWindowMs`. */
  loginFailuresPerIp: number;
  loginCeilingWindowMs: number;
  /** Password-reset confirmations per client address per `loginWindowMs`. */
  passwordResetConfirmsPerIp: number;
  /** E-mail address changes per account per hour. */
  emailChangesPerHour: number;
  /** Registrations per client address (`clientKey`) per hour. */
  registrationsPerHour: number;
  /** Contact messages per client address (`clientKey`) per hour. */
  contactPerHour: number;
  /** Password-reset e-mails per address per hour. */
  passwordResetsPerHour: number;
  /** Team invitations one user may send per day. */
  invitationsPerDay: number;
  /** Invitation e-mails one recipient address may receive per day, from all teams together. */
  invitationMailsPerAddressPerDay: number;
  /** Account exports per account per hour. */
  accountExportsPerHour: number;
}

export const DEFAULT_LIMITS: RateLimits = {
  loginFailuresPerUserAndIp: 5,
  loginWindowMs: 15 * 60_000,
  loginFailuresPerUser: 50,
  loginFailuresPerIp: 100,
  loginCeilingWindowMs: 60 * 60_000,
  passwordResetConfirmsPerIp: 20,
  emailChangesPerHour: 3,
  registrationsPerHour: 30,
  contactPerHour: 5,
  passwordResetsPerHour: 5,
  invitationsPerDay: INVITATIONS_PER_DAY,
  invitationMailsPerAddressPerDay: INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  accountExportsPerHour: 5,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment. Throws ConfigError with a one-line message. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { webDist: string | null } = { webDist: null },
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    // Values that may carry a password are not echoed.
    const raw =
      typeof key === 'string' && key !== 'SMTP_URL' && key !== 'METRICS_TOKEN'
        ? env[key]
        : undefined;
    throw new ConfigError(
      `Invalid configuration: ${key}${raw !== undefined ? `=${JSON.stringify(raw)}` : ''} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL?.trim();
  let database: Database;
  if (url && /^postgres(ql)?:/.test(url))
    database = {
      dialect: 'postgres',
      url,
      poolSize: e.PG_POOL_SIZE,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    };
  else if (url && /^(sqlite|file):/.test(url))
    database = { dialect: 'sqlite', file: path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) };
  else database = { dialect: 'sqlite', file: path.join(dataDir, 'mailtokit.db') };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    defaultTier: e.DEFAULT_TIER,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60_000,
    trustProxy: e.TRUST_PROXY,
    ...(e.PASSWORD_HASH_CONCURRENCY
      ? { hashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY } }
      : {}),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL ? e.SMTP_URL.trim() : null,
    metricsToken: e.METRICS_TOKEN || null,
    mailFrom: e.MAIL_FROM,
    webDist: defaults.webDist,
    limits: { ...DEFAULT_LIMITS, registrationsPerHour: e.REGISTRATIONS_PER_HOUR },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, retryBaseMs: e.WEBHOOK_RETRY_BASE_MS },
    linksPerUserMax: e.LINKS_PER_USER_MAX,
    clickFilterFile: e.CLICK_FILTER_FILE ? path.resolve(e.CLICK_FILTER_FILE) : null,
    geoipDbFile:
      e.GEOIP_DB_FILE.toLowerCase() === 'off'
        ? false
        : e.GEOIP_DB_FILE
          ? path.resolve(e.GEOIP_DB_FILE)
          : null,
  };
}

/**
 * The origin of every URL the server writes into an e-mail, a stored record or an answer:
 * PUBLIC_URL, or when it is unset the address the server listens on. Never a request header
 * (`Host`, `X-Forwarded-Host`): a client cannot choose where the links it triggers point.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Where the data lives, for the start-up log: the database file, or the server (no password). */
export function describeDatabase(database: Database): string {
  if (database.dialect === 'sqlite') return `SQLite database ${database.file}`;
  try {
    const url = new URL(database.url);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
