import fs from 'node:fs';
import { API_TYPES_FILE, apiTypes, servedDocument } from '../test/openapi-doc';

/**
 * Regenerates the API's TypeScript types (used by the typed client test) from the OpenAPI
 * document the server serves. With `--check` (part of `npm run check`) it only compares, and
 * fails when a route changed without `npm run api:types`.
 */
const types = await apiTypes(await servedDocument());
if (process.argv.includes('--check')) {
  const current = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '';
  if (current !== types) {
    console.error(
      `${API_TYPES_FILE} is out of date with the API: run \`npm run api:types\` and commit it.`,
    );
    process.exit(1);
  }
} else {
  fs.writeFileSync(API_TYPES_FILE, types);
  console.log(`wrote ${API_TYPES_FILE}`);
}
