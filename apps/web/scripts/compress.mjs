// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at
// the highest levels: the server picks one by the request's Accept-Encoding (preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** What a compressed answer adds to the headers (`content-encoding: br`, with its line end). */
const ENCODING_HEADER_BYTES = 24;

/** Compresses every eligible file below `dir`; returns how many files got copies. */
export function compressDir(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy only when it saves more than the header it costs (small files stay identity).
    const worth = (copy) => copy.length + ENCODING_HEADER_BYTES < raw.length;
    if (worth(br)) fs.writeFileSync(`${file}.br`, br);
    if (worth(gz)) fs.writeFileSync(`${file}.gz`, gz);
    if (worth(br) || worth(gz)) count++;
  }
  return count;
}
