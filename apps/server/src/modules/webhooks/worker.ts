import { performance } from 'node:perf_hooks';
import { noObserver, type Observer } from '../../lib/metrics';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_FAILURES_TO_DISABLE, WEBHOOK_MAX_ATTEMPTS } from '@mailtokit/contracts/webhooks';
import type { WebhookSettings } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import * as repo from './delivery-repo';
import { writeOutEvents } from './outbox-repo';
import { DELIVERY_TIMEOUT_MS, ReceiverAgents, sendEvent, signature, type Attempt } from './sender';

/** Deliveries claimed (and sent concurrently) per round; `BUSY_BATCH` while the process is busy. */
const BATCH = 100;
const BUSY_BATCH = 20;
/**
 * A claimed delivery is due again this long after its attempt began (a worker died): one
 * attempt's timeout, twice (a request that met a stale kept-alive connection goes again), and
 * a margin for recording the outcome.
 */
const LEASE_MS = 2 * DELIVERY_TIMEOUT_MS + 10_000;
/** Longest wait between two attempts. */
const MAX_DELAY_MS = 12 * 60 * 60_000;
/**
 * A new event is looked at this long after it was written, so that the events of the clicks
 * committed meanwhile share one round instead of waking the worker each.
 */
const NUDGE_DELAY_MS = 20;
/**
 * Between two rounds the worker pauses at least this long and watches how busy the process is
 * meanwhile: the event loop's utilisation (redirects, API calls) at `BUSY_UTILIZATION` or more,
 * or `BUSY_WAITING` clicks or more queued for their commit (the database is the bottleneck),
 * and then delivery yields: the next round takes `BUSY_BATCH` events, and the worker takes at
 * most `BUSY_SHARE` of the time (the pause is the last round's duration times 49) and at least
 * one round every `MAX_BUSY_PAUSE_MS`. Sending an event costs about as much CPU as a redirect,
 * so under a load that saturates the process the events wait, durably, in the outbox, a few
 * still flow, and the backlog goes out at full speed within `MAX_BUSY_PAUSE_MS` of the load's
 * end.
 */
const MIN_PAUSE_MS = 10;
const BUSY_UTILIZATION = 0.5;
const BUSY_WAITING = 8;
const BUSY_SHARE = 0.02;
const MAX_BUSY_PAUSE_MS = 5000;

/**
 * Wait before attempt `n + 1` after `n` failed ones: base × 4^(n−1), at most 12 hours, ±20%
 * jitter so that many failing deliveries do not come back in step. With the 30-second base:
 * 30 s, 2 min, 8 min, 32 min, 2.1 h, 8.5 h, 12 h — eight attempts over about a day.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(baseMs * 4 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

const succeeded = (a: Attempt) => a.status !== null && a.status >= 200 && a.status < 300;

/**
 * Sends the outbox: claims due deliveries, POSTs them signed (over kept-alive connections per
 * receiver), records the round's outcomes and schedules retries. Runs inside the server
 * process, after the redirects have been answered, and yields to them under load (see
 * `BUSY_SHARE`); polls every second (sooner when nudged by a new event), so work left by a
 * stopped or killed process is picked up by the next one.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  /** When the scheduled round starts (ms since the epoch). */
  private timerAt = 0;
  /** No round starts before this (a pause under load); nudges do not shorten it. */
  private notBefore = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** The last pause found the process busy: the next round is small. */
  private busy = false;
  private readonly pollMs: number;
  private readonly agents = new ReceiverAgents();

  constructor(
    private readonly db: Db,
    private readonly settings: WebhookSettings,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Work of the process queued for the database (clicks waiting for their commit). */
    private readonly waiting: () => number = () => 0,
    private readonly observer: Observer = noObserver,
  ) {
    this.pollMs = Math.max(20, Math.min(1000, settings.retryBaseMs));
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** New work was written: look soon instead of at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const at = Math.max(Date.now() + NUDGE_DELAY_MS, this.notBefore);
    if (this.timer === null || this.timerAt > at) this.schedule(at - Date.now());
  }

  /** Events not yet delivered (written out or still in the outbox) and the oldest one's age. */
  async backlog(): Promise<{ pending: number; oldestAgeSeconds: number }> {
    const { pending, oldest } = await repo.backlog(this.db.kysely);
    const ageMs = oldest ? this.clock().getTime() - Date.parse(oldest) : 0;
    return { pending, oldestAgeSeconds: Math.max(0, ageMs / 1000) };
  }

  /** Stops polling and waits for the round in flight (at most one attempt's timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.agents.destroy();
  }

  /**
   * Writes every click event queued so far out as deliveries (before clicks are deleted, and
   * in tests; a round writes out as many as it claims).
   */
  async writeOutQueued(): Promise<void> {
    // Events another round is writing out at this moment are waited for, not skipped: when
    // this returns, every event queued before the call is a delivery.
    while (await this.writeOut(Number.POSITIVE_INFINITY, true));
  }

  /** Writes out up to `maxEvents` queued events in one transaction; true if more may wait. */
  private async writeOut(maxEvents: number, waitForOthers = false): Promise<boolean> {
    const { more } = await this.db.kysely
      .transaction()
      .execute((trx) => writeOutEvents(trx, this.db.dialect, { maxEvents, waitForOthers }));
    return more;
  }

  /** One round by hand (tests): claims and sends what is due now; resolves with the count. */
  async runOnce(): Promise<number> {
    return (await this.work()).claimed;
  }

  /**
   * A round's work: writes out queued events, then claims and sends what is due now. `more`:
   * the outbox or the due deliveries may hold more than this round took.
   */
  private async work(): Promise<{ claimed: number; more: boolean }> {
    // As many events as a round sends: under load, a round stays small.
    const batch = this.busy ? BUSY_BATCH : BATCH;
    const moreQueued = await this.writeOut(batch);
    const now = this.clock();
    const claimed = await repo.claimDue(
      this.db.kysely,
      this.db.dialect,
      now.toISOString(),
      new Date(now.getTime() + LEASE_MS).toISOString(),
      batch,
    );
    if (claimed.length > 0) {
      const attempts = await Promise.all(claimed.map((d) => this.send(d)));
      await this.record(claimed, attempts);
    }
    return { claimed: claimed.length, more: moreQueued || claimed.length === batch };
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = Date.now() + Math.max(0, ms);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round().finally(() => {
        this.running = null;
      });
    }, ms);
    this.timer.unref();
  }

  /** One round, then the next one's time: at once, after a pause, or at the next poll. */
  private async round(): Promise<void> {
    const started = Date.now();
    let done = { claimed: 0, more: false };
    try {
      done = await this.work();
    } catch (err) {
      this.log.error({ err }, 'webhook worker round failed');
    }
    if (this.stopped) return;
    const took = Date.now() - started;
    const more = done.more || this.again;
    this.again = false;
    if (done.claimed === 0 && !more) {
      this.notBefore = 0;
      this.busy = false;
      this.schedule(this.pollMs);
      return;
    }
    // Pause a moment and see whether redirects keep the event loop busy meanwhile.
    const before = performance.eventLoopUtilization();
    const waitingBefore = this.waiting();
    await new Promise<void>((resolve) => setTimeout(resolve, MIN_PAUSE_MS).unref());
    if (this.stopped) return;
    const busy =
      performance.eventLoopUtilization(before).utilization >= BUSY_UTILIZATION ||
      Math.max(waitingBefore, this.waiting()) >= BUSY_WAITING;
    this.busy = busy;
    const pause = busy
      ? Math.min(MAX_BUSY_PAUSE_MS, Math.max(0, took * (1 / BUSY_SHARE - 1) - MIN_PAUSE_MS))
      : 0;
    this.notBefore = Date.now() + pause;
    // Nothing more due yet: the next poll, or a nudge (not before the pause ends).
    this.schedule(more || this.again ? pause : Math.max(pause, this.pollMs));
  }

  private send(d: repo.ClaimedDelivery): Promise<Attempt> {
    const unix = Math.floor(this.clock().getTime() / 1000);
    return sendEvent(
      d.url,
      {
        'mailtokit-event': d.event_type,
        'mailtokit-delivery': d.event_id,
        'mailtokit-signature': signature(d.secret, d.payload, unix),
      },
      d.payload,
      { allowPrivate: this.settings.allowPrivate, agents: this.agents },
    );
  }

  /**
   * Stores a round's outcomes (one UPDATE per resulting status), ends the failure streak of
   * each webhook that had a success, and counts the deliveries that failed for good.
   */
  private async record(claimed: repo.ClaimedDelivery[], attempts: Attempt[]): Promise<void> {
    const now = this.clock();
    const at = now.toISOString();
    const outcomes: repo.Outcome[] = [];
    const succeededHooks = new Set<number>();
    const failedFor = new Map<number, number>();
    claimed.forEach((d, i) => {
      const attempt = attempts[i]!;
      // A test event is tried once and never counts toward disabling the webhook.
      const isPing = d.event_type === 'ping';
      if (succeeded(attempt)) {
        outcomes.push({
          id: d.id,
          status: 'succeeded',
          responseStatus: attempt.status,
          error: null,
          next: at,
          completedAt: at,
        });
        if (!isPing) succeededHooks.add(d.webhook_id);
        return;
      }
      const error = attempt.error ?? `HTTP ${attempt.status}`;
      if (isPing || d.attempts >= WEBHOOK_MAX_ATTEMPTS) {
        outcomes.push({
          id: d.id,
          status: 'failed',
          responseStatus: attempt.status,
          error,
          next: at,
          completedAt: at,
        });
        if (!isPing) failedFor.set(d.webhook_id, (failedFor.get(d.webhook_id) ?? 0) + 1);
        return;
      }
      const delay = retryDelayMs(d.attempts, this.settings.retryBaseMs);
      outcomes.push({
        id: d.id,
        status: 'pending',
        responseStatus: attempt.status,
        error,
        next: new Date(now.getTime() + delay).toISOString(),
        completedAt: null,
      });
    });
    const k = this.db.kysely;
    await repo.recordOutcomes(k, outcomes);
    for (const o of outcomes)
      this.observer.delivery(
        o.status === 'pending' ? 'retrying' : o.status === 'succeeded' ? 'succeeded' : 'failed',
      );
    await repo.resetFailures(k, [...succeededHooks]);
    for (const [webhookId, n] of failedFor)
      if (
        await repo.recordFailures(k, this.db.dialect, webhookId, n, WEBHOOK_FAILURES_TO_DISABLE, at)
      )
        this.log.warn({ webhookId }, 'webhook disabled after failed deliveries');
  }
}
