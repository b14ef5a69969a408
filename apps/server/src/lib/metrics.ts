import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';

/** What the webhook worker reports of each delivery attempt it records. */
export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

/** Where a tracking-link request ended, from its route and status. */
export type RedirectOutcome = 'redirected' | 'page' | 'not_found' | 'unavailable' | 'error';

/** What the modules report to the metrics; a no-op when metrics are off. */
export interface Observer {
  /** A click batch committed (or failed): its rows and how long the write took. */
  clickBatch(rows: number, seconds: number): void;
  /** A webhook delivery attempt's outcome. */
  delivery(outcome: DeliveryOutcome): void;
}

export const noObserver: Observer = { clickBatch: () => undefined, delivery: () => undefined };

/** Gauges read when Prometheus scrapes (so they cost nothing between scrapes). */
export interface GaugeSources {
  clicksWaiting: () => number;
  /** PostgreSQL: clicks committed to the inbox and not applied yet (all instances'); 0 on SQLite. */
  clicksUnapplied: () => Promise<number>;
  /** Webhook events not yet delivered, and the age of the oldest one in seconds. */
  webhookBacklog: () => Promise<{ pending: number; oldestAgeSeconds: number }>;
  /** PostgreSQL pool connections in use and requests waiting for one; null on SQLite. */
  pool: () => { inUse: number; waiting: number } | null;
  /** Password hashes running and waiting now, and the refusals since start by reason. */
  passwordHashing?: () => {
    running: number;
    waiting: number;
    refused: { busy: number; client: number };
  };
}

/** Route patterns of tracking links (`/t/:slug`, `/t/:slug/`, and the 404 routes under /t/ and /T/). */
const TRACKING_ROUTE = /^\/t(\/|$)/i;

/** Buckets for HTTP answers: a redirect takes about a millisecond, an export seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a registry of its own (several apps in one test process
 * never share counters): HTTP durations, tracking redirects, the click recorder, webhook
 * deliveries and backlog, the PostgreSQL pool, and prom-client's default process metrics
 * (CPU, memory, event-loop lag, GC).
 */
export class Metrics implements Observer {
  readonly registry = new client.Registry();
  private readonly http: client.Histogram<'method' | 'route' | 'status_code'>;
  private readonly redirects: client.Counter<'outcome'>;
  private readonly batches: client.Histogram;
  private readonly deliveries: client.Counter<'outcome'>;

  constructor(sources: GaugeSources) {
    const registers = [this.registry];
    client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.http = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.redirects = new client.Counter({
      name: 'mailtokit_redirects_total',
      help: 'Tracking-link requests (/t/<slug>) by outcome',
      labelNames: ['outcome'],
      registers,
    });
    this.batches = new client.Histogram({
      name: 'mailtokit_click_batch_flush_seconds',
      help: 'Time to commit one batch of clicks to the database',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.deliveries = new client.Counter({
      name: 'mailtokit_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (retrying: failed, another attempt is due)',
      labelNames: ['outcome'],
      registers,
    });
    new client.Gauge({
      name: 'mailtokit_click_queue_depth',
      help: 'Clicks answered and waiting for their batch to be committed',
      registers,
      collect() {
        this.set(sources.clicksWaiting());
      },
    });
    new client.Gauge({
      name: 'mailtokit_click_inbox_depth',
      help: 'PostgreSQL: clicks answered and committed, not yet applied to the analytics and webhooks (0 on SQLite)',
      registers,
      async collect() {
        this.set(await sources.clicksUnapplied());
      },
    });
    const backlog = new client.Gauge({
      name: 'mailtokit_webhook_backlog',
      help: 'Webhook events written but not yet delivered (queued or due for a retry)',
      registers,
    });
    new client.Gauge({
      name: 'mailtokit_webhook_oldest_pending_age_seconds',
      help: 'Age of the oldest webhook event not yet delivered (0 when none)',
      registers,
      async collect() {
        const b = await sources.webhookBacklog();
        backlog.set(b.pending);
        this.set(b.oldestAgeSeconds);
      },
    });
    const waiting = new client.Gauge({
      name: 'mailtokit_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection',
      registers,
    });
    new client.Gauge({
      name: 'mailtokit_db_pool_in_use',
      help: 'PostgreSQL connections running a query',
      registers,
      collect() {
        const pool = sources.pool();
        this.set(pool?.inUse ?? 0);
        waiting.set(pool?.waiting ?? 0);
      },
    });
    new client.Gauge({
      name: 'mailtokit_password_hashes_running',
      help: 'Password hashes this instance is computing now',
      registers,
      collect() {
        this.set(sources.passwordHashing?.().running ?? 0);
      },
    });
    new client.Gauge({
      name: 'mailtokit_password_hashes_waiting',
      help: 'Password checks and new passwords waiting for a hashing slot of this instance',
      registers,
      collect() {
        this.set(sources.passwordHashing?.().waiting ?? 0);
      },
    });
    new client.Counter({
      name: 'mailtokit_password_hash_refusals_total',
      help: 'Requests refused before hashing a password: busy (every slot and the queue taken, 503), client (2 in flight and 2 waiting from its address, 429)',
      labelNames: ['reason'],
      registers,
      collect() {
        // The gate keeps the totals; the counter shows them.
        const refused = sources.passwordHashing?.().refused;
        this.reset();
        this.inc({ reason: 'busy' }, refused?.busy ?? 0);
        this.inc({ reason: 'client' }, refused?.client ?? 0);
      },
    });
    // The redirect counter shows its outcomes from the first scrape, not after the first of each.
    for (const outcome of ['redirected', 'page', 'not_found', 'unavailable'] as const)
      this.redirects.inc({ outcome }, 0);
  }

  /** One answered request; `route` is the route's pattern (never the raw path: bounded labels). */
  request(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status_code: String(status) }, seconds);
    if (TRACKING_ROUTE.test(route)) this.redirects.inc({ outcome: redirectOutcome(status) });
  }

  clickBatch(_rows: number, seconds: number): void {
    this.batches.observe(seconds);
  }

  delivery(outcome: DeliveryOutcome): void {
    this.deliveries.inc({ outcome });
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

function redirectOutcome(status: number): RedirectOutcome {
  if (status >= 300 && status < 400) return 'redirected';
  if (status === 200) return 'page';
  if (status === 404) return 'not_found';
  if (status === 503) return 'unavailable';
  return 'error';
}

/** Does the `Authorization` header carry exactly `Bearer <token>`? (Constant time.) */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
