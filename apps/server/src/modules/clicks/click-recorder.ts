/**
 * Writes a batch of rows in one transaction; rejects if nothing was committed. It may return
 * one result per row, in the rows' order (what the commit tells of each row); without, every
 * row's result is undefined.
 */
export type BatchWriter<T, R> = (rows: readonly T[]) => Promise<readonly R[] | void>;

interface Pending<T, R> {
  row: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for click rows. `record(row)` resolves only once the transaction holding the
 * row has committed, so the caller can send its redirect knowing the click is stored.
 *
 * One transaction is in flight at a time. Rows recorded while it runs wait in the queue and
 * are written together by the next one (a single multi-row INSERT), so under load many
 * requests share one commit instead of each paying for its own. When idle, the first row is
 * written on the next turn of the event loop (`setImmediate`), which lets the requests read
 * in the same I/O phase join it without adding a timer's delay.
 *
 * If a batch fails, its rows are retried one per transaction, so a single bad row (say, for a
 * link deleted a moment ago) fails alone instead of taking its neighbours with it.
 */
export class ClickRecorder<T, R = void> {
  private queue: Pending<T, R>[] = [];
  private running = false;
  private idleWaiters: (() => void)[] = [];

  /**
   * `failsAll` tells errors that no row of the batch can escape (the database is down): then
   * every row is rejected at once instead of being retried one by one.
   */
  constructor(
    private readonly write: BatchWriter<T, R>,
    private readonly maxBatch = 1000,
    private readonly failsAll: (err: unknown) => boolean = () => false,
  ) {}

  /** Resolves with the row's result once its transaction has committed. */
  record(row: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.run());
      }
    });
  }

  /** Rows waiting or being written now. */
  get pending(): number {
    return this.queue.length;
  }

  /** Resolves once every row recorded so far has been written (or has failed). */
  drain(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async run(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.commit(batch);
      }
    } finally {
      this.running = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private async commit(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await this.write(batch.map((p) => p.row));
      for (let i = 0; i < batch.length; i++) (batch[i] as Pending<T, R>).resolve(results?.[i] as R);
      return;
    } catch (err) {
      if (batch.length === 1 || this.failsAll(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
    }
    for (const p of batch) {
      try {
        const results = await this.write([p.row]);
        p.resolve(results?.[0] as R);
      } catch (err) {
        p.reject(err);
      }
    }
  }
}
