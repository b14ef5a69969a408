/**
 * Counts failed attempts per key inside a sliding window. In-memory: one instance's view.
 * Several instances behind a balancer each apply the limit (a documented trade-off).
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  /** Failures of `key` still inside the window. */
  count(key: string, now = Date.now()): number {
    const list = this.failures.get(key);
    if (!list) return 0;
    const fresh = list.filter((t) => now - t < this.windowMs);
    if (fresh.length === 0) this.failures.delete(key);
    else this.failures.set(key, fresh);
    return fresh.length;
  }

  record(key: string, now = Date.now()): void {
    const list = this.failures.get(key) ?? [];
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const key of this.failures.keys()) this.count(key, now);
  }
}
