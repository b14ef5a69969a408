import fs from 'node:fs';
import { API_TYPES_FILE, apiTypes, servedDocument } from '../test/openapi-doc';

/** Regenerates the API's TypeScript types (used by the typed client test) from the server. */
fs.writeFileSync(API_TYPES_FILE, await apiTypes(await servedDocument()));
console.log(`wrote ${API_TYPES_FILE}`);
