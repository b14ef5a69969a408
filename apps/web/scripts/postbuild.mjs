// Runs after `vite build`: pre-compresses the output for the server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDir } from './compress.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const count = compressDir(dist);
console.log(`compressed ${count} files (brotli + gzip)`);
