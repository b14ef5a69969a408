import { ConfigError, loadConfig } from './config';
import { openDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './lib/errors';
import { UsersService } from './modules/users/service';
import { TIERS, Tier } from '@mailtokit/contracts/user';

const USAGE = `Usage:
  npm run admin -- set-tier <username> <${TIERS.join('|')}>
  npm run admin -- list-users`;

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig(process.env);
  const db = openDb(config.database);
  try {
    await migrateToLatest(db);
    const users = new UsersService(db);
    switch (command) {
      case 'set-tier': {
        const [username, tierArg] = rest;
        const tier = Tier.safeParse(tierArg?.toUpperCase());
        if (!username || !tier.success) {
          console.error(`set-tier needs a username and one of ${TIERS.join(', ')}\n${USAGE}`);
          return 1;
        }
        const user = await users.setTier(username, tier.data);
        console.log(`${user.username} is now ${user.subscriptionTier}`);
        return 0;
      }
      case 'list-users': {
        const list = await users.list();
        if (list.length === 0) console.log('No users yet.');
        for (const u of list)
          console.log(
            `${String(u.id).padStart(5)}  ${u.username.padEnd(32)}  ${u.subscriptionTier.padEnd(7)}  ${u.email ?? ''}`,
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
