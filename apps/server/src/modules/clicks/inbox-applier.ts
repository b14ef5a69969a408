import type { InboxApplied } from './click-store';

export interface InboxApplierOptions {
  /** One apply statement: at most `limit` of the inbox's oldest clicks. */
  apply: () => Promise<InboxApplied>;
  /** The statement's limit: a pass goes on while a statement applies this many. */
  limit: number;
  /** Told after a statement that queued webhook events. */
  onEvents: () => void;
  /** Told when a pass that nobody waits for fails (it is retried after `retryMs`). */
  onError: (err: unknown) => void;
  /** After a batch reaches the inbox, how long later the next pass starts (more batches join it). */
  delayMs?: number;
  /** How often a pass runs anyway: clicks another instance left behind (it stopped mid-way). */
  sweepMs?: number;
  /** How long after a failed pass the next one starts. */
  retryMs?: number;
}

/** Milliseconds from a batch's commit to the pass that applies it. */
export const APPLY_DELAY_MS = 200;
const SWEEP_MS = 5000;
const RETRY_MS = 1000;

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * When the PostgreSQL click inbox is applied. A pass runs apply statements until one applies
 * fewer than `limit` clicks (the inbox is empty, but for rows another instance is applying).
 * One pass runs at a time; asking for a pass while one runs gets the next one, which starts
 * after it, so it also covers the clicks committed meanwhile.
 *
 * - `queued()`, after each batch this instance commits to the inbox: a pass `delayMs` later.
 * - `settle()`, before a query reads what the rules write: waits for a pass when this
 *   instance has clicks that may still wait (none: resolves at once, no query).
 * - `start()` applies what a previous run left, and sweeps every `sweepMs`.
 * - `stop()` applies the rest once more and stops scheduling.
 */
export class InboxApplier {
  private readonly delayMs: number;
  private readonly sweepMs: number;
  private readonly retryMs: number;
  private loop: Promise<void> | null = null;
  /** A pass must start after the running one (or now, if none runs). */
  private again = false;
  private waiters: Waiter[] = [];
  /** This instance committed clicks that no pass started since has taken. */
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sweep: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly opts: InboxApplierOptions) {
    this.delayMs = opts.delayMs ?? APPLY_DELAY_MS;
    this.sweepMs = opts.sweepMs ?? SWEEP_MS;
    this.retryMs = opts.retryMs ?? RETRY_MS;
  }

  /** A batch of this instance's clicks is in the inbox. */
  queued(): void {
    this.dirty = true;
    this.schedule(this.delayMs);
  }

  /** Clicks this instance committed may still be waiting in the inbox. */
  get pending(): boolean {
    return this.dirty || this.loop !== null;
  }

  /** Resolves once the clicks this instance committed so far are applied; rejects if that fails. */
  settle(): Promise<void> {
    return this.pending ? this.pass() : Promise.resolve();
  }

  /** Applies what the inbox holds now (a previous run's clicks), then sweeps now and then. */
  async start(): Promise<void> {
    this.stopped = false;
    this.sweep ??= setInterval(() => this.background(), this.sweepMs);
    this.sweep.unref();
    await this.pass().catch((err: unknown) => this.opts.onError(err));
  }

  /** Stops scheduling, then applies what is left (errors go to `onError`). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    await this.pass().catch((err: unknown) => this.opts.onError(err));
  }

  private schedule(ms: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.background();
    }, ms);
    this.timer.unref();
  }

  private background(): void {
    this.pass().catch((err: unknown) => {
      this.opts.onError(err);
      this.schedule(this.retryMs);
    });
  }

  /** The next pass to start (now, or after the running one). */
  private pass(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.again = true;
      this.loop ??= this.drive();
    });
  }

  private async drive(): Promise<void> {
    while (this.again) {
      this.again = false;
      this.dirty = false;
      const waiting = this.waiters;
      this.waiters = [];
      try {
        await this.applyUntilShort();
        for (const w of waiting) w.resolve();
      } catch (err) {
        this.dirty = true;
        for (const w of waiting) w.reject(err);
      }
    }
    this.loop = null;
  }

  private async applyUntilShort(): Promise<void> {
    for (;;) {
      const step = await this.opts.apply();
      if (step.events > 0) this.opts.onEvents();
      if (step.applied < this.opts.limit) return;
    }
  }
}
