// The baseline of the redirect benchmark: a bare node:http server that does the least a
// click-counting redirect can do. One synchronous better-sqlite3 INSERT of a click row per
// request (autocommit: one transaction each), then a 302 with a Location. No framework, no
// lookup of the slug, no user-agent parsing, no rollup, no group commit.
//
// Environment: PORT (required), HOST (default 127.0.0.1), BARE_DB (the SQLite file).
// BARE_MODE=reply-first is the loss check's negative control: it answers the 302 at once and
// writes the clicks every 100 ms afterwards, so a kill -9 loses the clicks still queued.
import { createHash } from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const file = process.env.BARE_DB;
if (!port || !file) {
  console.error('bare-server: PORT and BARE_DB are required');
  process.exit(1);
}

const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
// The same columns, and the same index, as MailtoKit's clicks table (migrations 005 and 006).
db.exec(`
  create table if not exists clicks (
    id integer primary key autoincrement,
    tracking_link_id integer not null,
    occurred_at varchar(32) not null,
    referrer_host varchar(255),
    browser varchar(40) not null,
    os varchar(40) not null,
    device varchar(16) not null,
    is_bot integer not null default 0,
    visitor_hash varchar(64) not null
  );
  create index if not exists clicks_link_time_dims
    on clicks (tracking_link_id, occurred_at, is_bot, visitor_hash, referrer_host, browser, os, device);
`);
const insert = db.prepare(
  `insert into clicks (tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash)
   values (?, ?, ?, ?, ?, ?, ?, ?)`,
);

// The same target the MailtoKit benchmark link redirects to (what packages/mailto builds for
// the link bench/lib/server.ts saves).
const LOCATION =
  'mailto:sales@example.com?cc=team@example.com&subject=Re:%20November%20newsletter%20%E2%80%94%20prices%20%26%20plans&body=Hello,%0D%0A%0D%0AI%20would%20like%20to%20know%20more%20about%20the%20%231%20plan.%0D%0A%0D%0AThanks';
const BODY = Buffer.from(
  `<!doctype html><meta charset="utf-8"><title>Redirecting</title><p><a href="${LOCATION.replace(/&/g, '&amp;')}">Open your mail app</a></p>`,
);

function referrerHost(referer) {
  if (!referer) return null;
  try {
    return new URL(referer).host || null;
  } catch {
    return null;
  }
}

const replyFirst = process.env.BARE_MODE === 'reply-first';
const queued = [];
if (replyFirst) {
  const flush = db.transaction((rows) => {
    for (const row of rows) insert.run(...row);
  });
  setInterval(() => flush(queued.splice(0)), 100);
}

const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (req.method !== 'GET' || !req.url?.startsWith('/t/')) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const userAgent = req.headers['user-agent'] ?? '';
  const visitor = createHash('sha256')
    .update(`${req.socket.remoteAddress}|${userAgent}`)
    .digest('hex');
  const row = [
    1,
    new Date().toISOString(),
    referrerHost(req.headers.referer),
    'Chrome',
    'Windows',
    'desktop',
    0,
    visitor,
  ];
  try {
    if (replyFirst) queued.push(row);
    else insert.run(...row);
  } catch {
    res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('unavailable');
    return;
  }
  res
    .writeHead(302, {
      location: LOCATION,
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
      'content-length': BODY.length,
    })
    .end(BODY);
});

server.listen(port, host);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close();
    db.close();
    process.exit(0);
  });
