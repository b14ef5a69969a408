/**
 * better-sqlite3 12 (the last line that runs on Node.js 20) aborts the whole process on Node.js
 * 24.19 and later: that release made `node::ObjectWrap` remove an environment clean-up hook in
 * its destructor, and a prepared statement freed by a garbage collection that runs outside a
 * JavaScript context trips an assertion in it. The abort comes at a random moment after the
 * first queries, so the server refuses to start on SQLite there instead. PostgreSQL does not
 * load the addon and is not affected; Node.js 20, 22 and 26 are.
 */
export function sqliteRuntimeProblem(nodeVersion: string): string | null {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  if (major !== 24 || minor < 19) return null;
  return (
    `Node.js ${nodeVersion} cannot run the embedded SQLite database: better-sqlite3 aborts the ` +
    'process there when a prepared statement is garbage-collected. Use Node.js 20, 22 or 26, ' +
    'or set DATABASE_URL to a PostgreSQL database.'
  );
}
