import openapiTS, { astToString } from 'openapi-typescript';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/** The committed types of the API, generated from the served OpenAPI document. */
export const API_TYPES_FILE = fileURLToPath(new URL('./generated/openapi.d.ts', import.meta.url));

/** The OpenAPI document as the server serves it (an app on a throwaway in-memory database). */
export async function servedDocument(): Promise<Record<string, unknown>> {
  // Defaults as a fresh install has them (so `servers` is `/`), on a throwaway database.
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    database: { dialect: 'sqlite', file: ':memory:' },
  };
  const db = openDb(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, db);
  try {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    return res.json();
  } finally {
    await app.close();
  }
}

/** TypeScript types (`paths`, `components`) for openapi-fetch, from an OpenAPI document. */
export async function apiTypes(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]);
  return `// Generated from the served OpenAPI document by \`npm run api:types\`. Do not edit.\n\n${astToString(ast)}`;
}
