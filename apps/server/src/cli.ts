import { ConfigError, loadConfig } from './config';
import { openDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './lib/errors';
import { systemClock } from './lib/clock';
import { Limiter } from './lib/limiter';
import { PasswordResetService, RESET_TOKEN_TTL_MS } from './modules/auth/password-reset';
import { TokensService } from './modules/tokens/service';
import { UsersService } from './modules/users/service';
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
  npm run admin -- reset-link <username>   prints a one-time password-reset link`;

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig(process.env);
  // An operator's command (and the migrations it may run) has no statement timeout.
  const db = openDb(
    config.database.dialect === 'postgres'
      ? { ...config.database, statementTimeoutMs: 0 }
      : config.database,
  );
  try {
    await migrateToLatest(db);
    const users = new UsersService(db);
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
        const now = new Date().toISOString();
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
        const resets = new PasswordResetService(
          db,
          { users, tokens: new TokensService(db, users) },
          { send: () => undefined },
          systemClock,
          limiter,
          {
            baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
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
    if (err instanceof ConfigError || err instanceof AppError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
