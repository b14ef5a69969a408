// The floor of the redirect benchmark: a node:http server that does the least a click-storing
// redirect can do and nothing else. One synchronous better-sqlite3 INSERT per request into an
// unindexed clicks table (WAL, synchronous=NORMAL, autocommit: one transaction each), then a
// 302 with a Location and no body. No lookup, no hashing, no parsing, no index.
//
// Environment: PORT (required), HOST (default 127.0.0.1), BARE_DB (the SQLite file).
import http from 'node:http';
import SQLite from 'better-sqlite3';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const file = process.env.BARE_DB;
if (!port || !file) {
  console.error('minimal-server: PORT and BARE_DB are required');
  process.exit(1);
}

const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  create table if not exists clicks (
    id integer primary key autoincrement,
    path text not null,
    occurred_at text not null,
    user_agent text
  );
`);
const insert = db.prepare('insert into clicks (path, occurred_at, user_agent) values (?, ?, ?)');

// The same target as bench/bare-server.mjs.
const LOCATION =
  'mailto:sales@example.com?cc=team@example.com&subject=Re:%20November%20newsletter%20%E2%80%94%20prices%20%26%20plans&body=Hello,%0D%0A%0D%0AI%20would%20like%20to%20know%20more%20about%20the%20%231%20plan.%0D%0A%0D%0AThanks';

const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  try {
    insert.run(req.url, new Date().toISOString(), req.headers['user-agent'] ?? null);
  } catch {
    res.writeHead(503, { 'retry-after': '1' }).end();
    return;
  }
  res.writeHead(302, { location: LOCATION, 'content-length': 0 }).end();
});

server.listen(port, host);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close();
    db.close();
    process.exit(0);
  });
