// The server the Playwright suite drives: a fresh SQLite database in .e2e-data/ each run.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-if-stale.mjs';

fs.rmSync(path.join(ROOT, process.env.DATA_DIR ?? '.e2e-data'), { recursive: true, force: true });
await import('./start.mjs');
