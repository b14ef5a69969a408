import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to SQLite under ./data on port 3000 with FREE accounts', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'mailtokit.db') });
    expect(c.defaultTier).toBe('FREE');
    expect(c.sessionTtlMs).toBe(30 * 24 * 60 * 60_000);
    expect(c.publicUrl).toBeNull();
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app' });
    expect(c.database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/app',
      poolSize: 10,
      statementTimeoutMs: 10_000,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y' }).database.dialect).toBe('postgres');
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/mk',
      PUBLIC_URL: 'https://links.example.com/',
      DEFAULT_TIER: 'team',
      SESSION_TTL_DAYS: '7',
      TRUST_PROXY: 'true',
      REGISTRATIONS_PER_HOUR: '5',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/mk',
      publicUrl: 'https://links.example.com',
      defaultTier: 'TEAM',
      sessionTtlMs: 7 * 24 * 60 * 60_000,
      trustProxy: true,
    });
    expect(c.limits.registrationsPerHour).toBe(5);
    expect(c.database).toEqual({ dialect: 'sqlite', file: '/tmp/mk/mailtokit.db' });
  });

  it('reads GEOIP_DB_FILE as the bundled database (unset), a file, or off', () => {
    expect(loadConfig({}).geoipDbFile).toBeNull();
    expect(loadConfig({ GEOIP_DB_FILE: '/srv/GeoLite2-City.mmdb' }).geoipDbFile).toBe(
      '/srv/GeoLite2-City.mmdb',
    );
    expect(loadConfig({ GEOIP_DB_FILE: 'off' }).geoipDbFile).toBe(false);
    expect(loadConfig({ GEOIP_DB_FILE: 'OFF' }).geoipDbFile).toBe(false);
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or a list of proxies', () => {
    const read = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(read('')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('1')).toEqual({ hops: 1 });
    expect(read('2')).toEqual({ hops: 2 });
    expect(read('10.0.0.0/8, 192.0.2.7,loopback, fd00::/8')).toEqual({
      proxies: ['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00::/8'],
    });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).hashing).toEqual({ concurrency: 3 });
    expect(loadConfig({}).hashing).toBeUndefined();
  });

  it.each(['yes', '21', '10.0.0.0/33', '10.0.0.1, proxy.example.com', '-1'])(
    'refuses TRUST_PROXY=%s, naming the accepted forms',
    (v) => {
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(
        `Invalid configuration: TRUST_PROXY=${JSON.stringify(v)} must be false, true, a hop count (1-20) or a comma-separated list of proxy addresses/CIDRs`,
      );
    },
  );

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT="abc" must be a number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT="70000" must be between 0 and 65535'],
    [{ DEFAULT_TIER: 'GOLD' }, 'Invalid configuration: DEFAULT_TIER="GOLD"'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL="mysql://x" must be a postgres:// URL',
    ],
    [
      { PUBLIC_URL: 'example.com' },
      'Invalid configuration: PUBLIC_URL="example.com" must be an http:// or https:// URL',
    ],
    [{ SESSION_TTL_DAYS: '-1' }, 'Invalid configuration: SESSION_TTL_DAYS="-1" must be positive'],
    [{ PG_POOL_SIZE: '0' }, 'Invalid configuration: PG_POOL_SIZE="0" must be between 1 and 1000'],
    [{ PG_POOL_SIZE: 'many' }, 'Invalid configuration: PG_POOL_SIZE="many" must be a number'],
    [
      { PG_STATEMENT_TIMEOUT_MS: '-5' },
      'Invalid configuration: PG_STATEMENT_TIMEOUT_MS="-5" must be 0 (no limit) or more',
    ],
  ])('rejects %j with a one-line message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message.startsWith(message)).toBe(true);
      expect((err as Error).message).not.toContain('\n');
    }
  });
});

describe('PostgreSQL pool settings', () => {
  it('reads the pool size and statement timeout (0: no timeout)', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@db/app',
      PG_POOL_SIZE: '25',
      PG_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(c.database).toMatchObject({ poolSize: 25, statementTimeoutMs: 0 });
  });
});

describe('mail settings', () => {
  it('sends nothing by default, from MailtoKit <no-reply@localhost>', () => {
    const c = loadConfig({});
    expect(c.smtpUrl).toBeNull();
    expect(c.mailFrom).toBe('MailtoKit <no-reply@localhost>');
  });

  it('reads SMTP_URL and MAIL_FROM', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://mailer:pa55@smtp.example.com:465',
      MAIL_FROM: 'Links <links@example.com>',
    });
    expect(c.smtpUrl).toBe('smtps://mailer:pa55@smtp.example.com:465');
    expect(c.mailFrom).toBe('Links <links@example.com>');
    expect(loadConfig({ MAIL_FROM: 'bare@example.com' }).mailFrom).toBe('bare@example.com');
  });

  it.each([
    [{ SMTP_URL: 'http://smtp.example.com' }, 'Invalid configuration: SMTP_URL must be an smtp://'],
    [{ SMTP_URL: 'smtp://' }, 'Invalid configuration: SMTP_URL must be an smtp://'],
    [{ MAIL_FROM: 'no address here' }, 'Invalid configuration: MAIL_FROM="no address here"'],
    [{ MAIL_FROM: 'Evil <a@b.c>\r\nBcc: x@y.z' }, 'Invalid configuration: MAIL_FROM='],
  ])('rejects %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads METRICS_TOKEN (unset: no metrics), refusing a short one without echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-scrape-token-42' }).metricsToken).toBe(
      'a-long-scrape-token-42',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be at least 16/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).not.toThrow(/"short"/);
  });

  it('never echoes an SMTP_URL, which may hold a password', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://u:s3cret@host' })).toThrow(
      /^Invalid configuration: SMTP_URL must be/,
    );
    try {
      loadConfig({ SMTP_URL: 'ftp://u:s3cret@host' });
    } catch (err) {
      expect((err as Error).message).not.toContain('s3cret');
    }
  });
});

describe('describeDatabase', () => {
  it('names the SQLite file, or the PostgreSQL server without its password', () => {
    expect(describeDatabase({ dialect: 'sqlite', file: '/srv/mk/mailtokit.db' })).toBe(
      'SQLite database /srv/mk/mailtokit.db',
    );
    expect(
      describeDatabase({ dialect: 'postgres', url: 'postgres://mk:s3cret@db.internal:5432/mk' }),
    ).toBe('PostgreSQL postgres://mk:***@db.internal:5432/mk');
    expect(describeDatabase({ dialect: 'postgres', url: 'postgres://mk@127.0.0.1/mk' })).toBe(
      'PostgreSQL postgres://mk@127.0.0.1/mk',
    );
  });
});
