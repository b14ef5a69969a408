import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_FAILURES_TO_DISABLE, WEBHOOK_MAX_ATTEMPTS } from '@mailtokit/contracts/webhooks';
import type { WebhookSettings } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import * as repo from './repo';
import { DELIVERY_TIMEOUT_MS, sendEvent, signature, type Attempt } from './sender';

/** Deliveries claimed (and sent concurrently) per round. */
const BATCH = 20;
/** A claimed delivery is due again this long after its attempt began (a worker died). */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 10_000;
/** Longest wait between two attempts. */
const MAX_DELAY_MS = 12 * 60 * 60_000;

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
 * Sends the outbox: claims due deliveries, POSTs them signed, records each outcome and
 * schedules retries. Runs inside the server process, after the redirects have been answered;
 * polls every second (sooner when nudged by a new event), so work left by a stopped or killed
 * process is picked up by the next one.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly settings: WebhookSettings,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pollMs = Math.max(20, Math.min(1000, settings.retryBaseMs));
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** New work was written: look now instead of at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling and waits for the round in flight (at most one attempt's timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round by hand (tests): claims and sends what is due now; resolves with the count. */
  async runOnce(): Promise<number> {
    const now = this.clock();
    const claimed = await repo.claimDue(
      this.db.kysely,
      this.db.dialect,
      now.toISOString(),
      new Date(now.getTime() + LEASE_MS).toISOString(),
      BATCH,
    );
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.loop().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(this.again ? 0 : this.pollMs);
        this.again = false;
      });
    }, ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      // A full batch means more may be due: go on at once.
      let claimed = BATCH;
      while (!this.stopped && claimed === BATCH) claimed = await this.runOnce();
    } catch (err) {
      this.log.error({ err }, 'webhook worker round failed');
    }
  }

  private async deliver(d: repo.ClaimedDelivery): Promise<void> {
    const unix = Math.floor(this.clock().getTime() / 1000);
    const attempt = await sendEvent(
      d.url,
      {
        'mailtokit-event': d.event_type,
        'mailtokit-delivery': d.event_id,
        'mailtokit-signature': signature(d.secret, d.payload, unix),
      },
      d.payload,
      { allowPrivate: this.settings.allowPrivate },
    );
    const now = this.clock();
    const at = now.toISOString();
    const k = this.db.kysely;
    // A test event is tried once and never counts toward disabling the webhook.
    const isPing = d.event_type === 'ping';
    const error = attempt.error ?? (succeeded(attempt) ? null : `HTTP ${attempt.status}`);
    if (succeeded(attempt)) {
      await repo.recordAttempt(k, d.id, {
        status: 'succeeded',
        responseStatus: attempt.status,
        error: null,
        next: at,
        completedAt: at,
      });
      if (!isPing) await repo.resetFailures(k, d.webhook_id);
      return;
    }
    if (isPing || d.attempts >= WEBHOOK_MAX_ATTEMPTS) {
      await repo.recordAttempt(k, d.id, {
        status: 'failed',
        responseStatus: attempt.status,
        error,
        next: at,
        completedAt: at,
      });
      if (!isPing && (await repo.recordFailure(k, d.webhook_id, WEBHOOK_FAILURES_TO_DISABLE, at)))
        this.log.warn({ webhookId: d.webhook_id }, 'webhook disabled after failed deliveries');
      return;
    }
    const delay = retryDelayMs(d.attempts, this.settings.retryBaseMs);
    await repo.recordAttempt(k, d.id, {
      status: 'pending',
      responseStatus: attempt.status,
      error,
      next: new Date(now.getTime() + delay).toISOString(),
      completedAt: null,
    });
  }
}
