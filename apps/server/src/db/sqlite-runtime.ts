/**
 * better-sqlite3 is a Node-API addon built for Node-API 10 (Node.js 22.14 and later). An
 * older Node.js does not refuse it with an error: the process dies with a segmentation fault
 * as the first database opens. The server's start and `openDb` check the running Node first
 * and stop with a message saying what to use. PostgreSQL does not load the addon.
 */
export const SQLITE_NODE_API = 10;

/** Null when this Node.js can load better-sqlite3, else what to do instead. */
export function sqliteRuntimeProblem(
  nodeVersion: string,
  nodeApiVersion: string | undefined,
): string | null {
  if (Number(nodeApiVersion) >= SQLITE_NODE_API) return null;
  return (
    `Node.js ${nodeVersion} cannot load the embedded SQLite database (better-sqlite3 needs ` +
    `Node-API ${SQLITE_NODE_API}: Node.js 22.14 or later). Use Node.js 22, 24 or 26 ` +
    '(`npm start` and `npm test` fetch one themselves; `scripts/with-node.mjs 26 <command>` ' +
    'runs any command on it), or set DATABASE_URL to a PostgreSQL database.'
  );
}

/** Throws the problem above, if any, before better-sqlite3 is first loaded. */
export function assertSqliteRuntime(): void {
  const problem = sqliteRuntimeProblem(process.version, process.versions.napi);
  if (problem) throw new Error(problem);
}
