import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, describeDatabase, loadConfig, publicBaseUrl } from './config';
import { buildApp } from './app';
import { openDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { sqliteRuntimeProblem } from './db/sqlite-runtime';
import { makePrivateDir } from './db/private-files';

// Source (src/main.ts) and bundle (dist/main.js) both sit two levels below apps/.
// WEB_DIST points elsewhere (a build in another folder); it is not a user setting.
const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { webDist: WEB_DIST });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { database } = config;
  const runtimeProblem =
    database.dialect === 'sqlite'
      ? sqliteRuntimeProblem(process.version, process.versions.napi)
      : null;
  if (runtimeProblem) {
    console.error(runtimeProblem);
    process.exit(1);
  }
  const created = database.dialect === 'sqlite' && !fs.existsSync(database.file);
  // DATA_DIR holds the database and is the owner's only, whatever the umask.
  if (database.dialect === 'sqlite' && path.dirname(database.file) === config.dataDir)
    makePrivateDir(config.dataDir);
  // Migrations may rebuild an index over millions of rows: on PostgreSQL they get a connection
  // of their own without the statement timeout that bounds the requests' queries.
  const migrating =
    database.dialect === 'postgres'
      ? openDb({ ...database, poolSize: 1, statementTimeoutMs: 0 })
      : openDb(database);
  try {
    await migrateToLatest(migrating);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    await migrating.destroy().catch(() => undefined);
    process.exit(1);
  }
  await migrating.destroy();
  const db = openDb(database);
  const app = await buildApp(config, db);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(
      `Cannot listen on ${config.host}:${config.port}: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  }
  const where = publicBaseUrl(config);
  const data = `${describeDatabase(database)}${created ? ' (created now)' : ''}`;
  app.log.info(
    { url: where, database: database.dialect, created },
    `MailtoKit serving ${where}; data: ${data}`,
  );
}

void main();
