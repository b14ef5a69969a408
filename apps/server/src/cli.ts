import { ConfigError, describeDatabase, loadConfig, publicBaseUrl, type Config } from './config';
import { openDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './lib/errors';
import { systemClock } from './lib/clock';
import { Limiter } from './lib/limiter';
import { defaultHashingLimits, HashGate, Passwords } from './lib/password-gate';
import type { FastifyBaseLogger } from 'fastify';
import { PasswordResetService, RESET_TOKEN_TTL_MS } from './modules/auth/password-reset';
import { AuthService } from './modules/auth/service';
import { Mailer, nameOf, twoFactorDisabledMail } from './modules/mail/service';
import { TokensService } from './modules/tokens/service';
import { SecurityLogService } from './modules/security-log/service';
import { UsersService } from './modules/users/service';
import { backupSqlite, restoreSqlite } from './ops/backup';
import { copyToPostgres } from './ops/copy-to-postgres';
import { consoleOutput, OpsError } from './ops/sqlite-file';
import { TIERS, Tier } from '@mailtokit/contracts/user';
import { DAY_MS, parseIsoDate, parseIsoDateTime } from '@mailtokit/contracts/utc-day';

/** The instant a `--until` value names: the end of a UTC day, or a date-time; else null. */
function parseEnd(raw: string): Date | null {
  const day = parseIsoDate(raw);
  if (day !== null) return new Date(day + DAY_MS);
  const ms = parseIsoDateTime(raw);
  return ms === null ? null : new Date(ms);
}

/** `args` without `--until <value>` (or `--until=<value>`), and that value. */
function takeUntil(args: string[]): { rest: string[]; until: string | undefined } {
  const rest: string[] = [];
  let until: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--until') until = args[++i] ?? '';
    else if (arg.startsWith('--until=')) until = arg.slice('--until='.length);
    else rest.push(arg);
  }
  return { rest, until };
}

const USAGE = `Usage:
  npm run admin -- set-tier <username> <${TIERS.join('|')}> [--until <end>]
                   <end>: YYYY-MM-DD (the tier lasts through that UTC day) or a date-time
                   with a zone (2027-01-31T18:00:00Z); without --until the tier has no end
  npm run admin -- list-users
  npm run admin -- reset-link <username>   prints a one-time password-reset link
  npm run admin -- disable-2fa <username>  turns two-step sign-in off, removes the passkeys,
                                           ends every session of the account and tells the
                                           user by email
  npm run admin -- backup <file>           a consistent copy of the SQLite database, checked;
                                           the server may keep running
  npm run admin -- restore <file>          puts a backup back (the server must be stopped)
  npm run admin -- copy-to-postgres <postgres-url>
                                           copies the SQLite database into an empty
                                           PostgreSQL database (the server must be stopped)`;

/** With PostgreSQL, backups are PostgreSQL's own tools' job. */
const PG_BACKUP_HINT = `DATABASE_URL is a PostgreSQL database: back it up and restore it with PostgreSQL's tools:
  pg_dump --format=custom --file=mailtokit.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" mailtokit.dump`;

/**
 * The commands that work on the database file itself rather than through the services: they
 * run no migration on it (a backup does not change its source; a restore checks the backup's
 * schema first; a copy requires this release's schema).
 */
async function runFileCommand(
  command: string,
  rest: string[],
  config: Config,
): Promise<number | null> {
  if (command !== 'backup' && command !== 'restore' && command !== 'copy-to-postgres') return null;
  const [arg, ...extra] = rest;
  if (!arg || extra.length > 0) {
    console.error(
      `${command} needs ${command === 'copy-to-postgres' ? 'a postgres:// URL' : 'a file name'}\n${USAGE}`,
    );
    return 1;
  }
  const out = consoleOutput();
  if (config.database.dialect !== 'sqlite') {
    console.error(
      command === 'copy-to-postgres'
        ? "copy-to-postgres copies from the SQLite database: run it with the instance's DATA_DIR and without DATABASE_URL."
        : PG_BACKUP_HINT,
    );
    return 1;
  }
  const file = config.database.file;
  if (command === 'backup') await backupSqlite(file, arg, out);
  else if (command === 'restore') await restoreSqlite(arg, file, out);
  else {
    out.log(`Copying ${file} to ${describeDatabase({ dialect: 'postgres', url: arg })}…`);
    const report = await copyToPostgres(file, arg, out);
    const rows = report.copied.reduce((n, r) => n + r.targetRows, 0);
    out.log(
      `Copied ${rows.toLocaleString('en-US')} rows in ${report.copied.length} tables; counts and checksums match. Point DATABASE_URL at the PostgreSQL database and start the server.`,
    );
  }
  return 0;
}

/** The mailer's log in a command: errors to stderr, the rest dropped. */
function cliLogger(): FastifyBaseLogger {
  const quiet = () => undefined;
  const logger = {
    level: 'error',
    fatal: (...args: unknown[]) => console.error(...args.filter((a) => typeof a === 'string')),
    error: (...args: unknown[]) => console.error(...args.filter((a) => typeof a === 'string')),
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  // The mailer calls only the level methods; the rest of pino's interface is never used.
  return logger as unknown as FastifyBaseLogger;
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig(process.env);
  const fileCommand = await runFileCommand(command, rest, config);
  if (fileCommand !== null) return fileCommand;
  // An operator's command (and the migrations it may run) has no statement timeout.
  const db = openDb(
    config.database.dialect === 'postgres'
      ? { ...config.database, statementTimeoutMs: 0 }
      : config.database,
  );
  try {
    await migrateToLatest(db);
    const users = new UsersService(db, systemClock);
    switch (command) {
      case 'set-tier': {
        const { rest: positional, until } = takeUntil(rest);
        const [username, tierArg] = positional;
        const tier = Tier.safeParse(tierArg?.toUpperCase());
        if (!username || !tier.success || positional.length > 2) {
          console.error(`set-tier needs a username and one of ${TIERS.join(', ')}\n${USAGE}`);
          return 1;
        }
        const end = until === undefined ? null : parseEnd(until);
        if (until !== undefined && !end) {
          console.error(
            `--until needs YYYY-MM-DD or a date-time with a zone, not '${until}'\n${USAGE}`,
          );
          return 1;
        }
        const user = await users.setTier(username, tier.data, end);
        console.log(
          user.subscriptionExpiresAt
            ? `${user.username} is now ${user.subscriptionTier} until ${user.subscriptionExpiresAt}, then FREE`
            : `${user.username} is now ${user.subscriptionTier}`,
        );
        return 0;
      }
      case 'list-users': {
        const list = await users.list();
        if (list.length === 0) console.log('No users yet.');
        const now = systemClock().toISOString();
        for (const u of list) {
          const end = u.subscriptionExpiresAt;
          const until = !end ? '' : end > now ? `  until ${end}` : `  ended ${end}`;
          console.log(
            `${String(u.id).padStart(5)}  ${u.username.padEnd(32)}  ${u.subscriptionTier.padEnd(7)}  ${u.email ?? ''}${until}`,
          );
        }
        return 0;
      }
      case 'reset-link': {
        const [username] = rest;
        if (!username) {
          console.error(`reset-link needs a username\n${USAGE}`);
          return 1;
        }
        // The link is printed, never e-mailed: this is the way in for instances without SMTP.
        // An admin's link is not rate limited: no limit is defined here.
        const limiter = new Limiter(db);
        const securityLog = new SecurityLogService(db, systemClock);
        const tokens = new TokensService(db, users, systemClock, securityLog);
        const resets = new PasswordResetService(
          db,
          { users, tokens, securityLog },
          { send: () => undefined },
          systemClock,
          limiter,
          // A link is only issued here: no password is hashed.
          new Passwords(limiter, new HashGate(defaultHashingLimits(1))),
          {
            baseUrl: publicBaseUrl(config),
            log: { info: () => undefined, error: (_obj, msg) => console.error(msg) },
          },
        );
        const link = await resets.linkFor(username).finally(() => limiter.close());
        console.log(
          `Password-reset link for ${link.username} (works once, for ${RESET_TOKEN_TTL_MS / 60_000} minutes; any older link stops working):\n${link.url}`,
        );
        if (!config.publicUrl)
          console.log(
            'PUBLIC_URL is not set: replace http://localhost:' +
              config.port +
              ' with the address of this instance.',
          );
        return 0;
      }
      case 'disable-2fa': {
        const [username] = rest;
        if (!username) {
          console.error(`disable-2fa needs a username\n${USAGE}`);
          return 1;
        }
        const limiter = new Limiter(db);
        const auth = new AuthService(
          db,
          users,
          // Nothing is hashed here.
          new Passwords(limiter, new HashGate(defaultHashingLimits(1))),
          { defaultTier: config.defaultTier, sessionTtlMs: config.sessionTtlMs },
          systemClock,
          new SecurityLogService(db, systemClock),
          limiter,
        );
        const user = await auth.disableTwoFactorOf(username).finally(() => limiter.close());
        console.log(`Two-step sign-in is off for ${user.username}; every session has ended.`);
        if (!user.email) return 0;
        const mailer = new Mailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          log: cliLogger(),
          retryDelaysMs: [],
        });
        mailer.send({
          to: user.email,
          ...twoFactorDisabledMail({
            name: nameOf(user),
            settingsUrl: `${publicBaseUrl(config)}/dashboard/settings?tab=security`,
          }),
        });
        await mailer.close();
        console.log(
          mailer.enabled
            ? `${user.email} was told by email.`
            : 'SMTP_URL is not set: no email was sent; tell the user yourself.',
        );
        return 0;
      }
      default:
        console.error(`Unknown command '${command}'\n${USAGE}`);
        return 1;
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof AppError || err instanceof OpsError)
      console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
