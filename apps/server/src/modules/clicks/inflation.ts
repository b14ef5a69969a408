/** The same visitor on the same tracking link counts once in this many milliseconds. */
export const REPEAT_WINDOW_MS = 30_000;
/** Distinct visitors one client address may add to a tracking link per hour. */
export const VISITORS_PER_ADDRESS_HOUR = 5;
/** Human clicks one client address may add to a tracking link per minute. */
export const CLICKS_PER_ADDRESS_MINUTE = 10;
/**
 * Left-out hits one client address may add per minute as rows of their own (whatever the
 * tracking link); past it they are tallied (counted per tracking link, hour and reason).
 */
export const FILTERED_ROWS_PER_ADDRESS_MINUTE = 60;

interface AddressWindow {
  hourStart: number;
  visitors: Set<string>;
  minuteStart: number;
  clicks: number;
}

/**
 * A bounded map that forgets the least recently used entries, in two generations: when the
 * current one holds half the capacity it becomes the old one and the older is dropped whole;
 * an entry read from the old generation moves to the current one. Every step is O(1) (deleting
 * a Map's oldest entry one at a time instead makes V8 walk ever more tombstones).
 */
class Lru<V> {
  private current = new Map<string, V>();
  private old = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const v = this.current.get(key);
    if (v !== undefined) return v;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.set(key, aged);
    }
    return aged;
  }
  set(key: string, value: V): void {
    this.current.set(key, value);
    if (this.current.size >= this.capacity / 2) {
      this.old = this.current;
      this.current = new Map();
    }
  }
}

/**
 * Inflation limits on human clicks, kept in this process's memory (no database round trip
 * per click): a visitor counts once per tracking link within REPEAT_WINDOW_MS, and one client
 * address counts at most VISITORS_PER_ADDRESS_HOUR distinct visitors and
 * CLICKS_PER_ADDRESS_MINUTE clicks per tracking link (fixed hour and minute windows). Hits
 * beyond are `repeat`. Keys are the visitor hash and an address key that the caller derives
 * (never a raw address here). With several instances each keeps its own windows, so the
 * limits apply per instance; both maps are bounded, and an evicted entry starts afresh.
 */
export class InflationGuard {
  private readonly lastCounted: Lru<number>;
  private readonly addresses: Lru<AddressWindow>;

  constructor(capacity = 100_000) {
    this.lastCounted = new Lru(capacity);
    this.addresses = new Lru(capacity);
  }

  /** True when a human hit counts; false when it is a `repeat`. Counting hits are remembered. */
  admit(linkKey: string, addressKey: string, visitorHash: string, nowMs: number): boolean {
    const visitorKey = `${linkKey}|${visitorHash}`;
    const last = this.lastCounted.get(visitorKey);
    if (last !== undefined && nowMs - last < REPEAT_WINDOW_MS && nowMs >= last) return false;

    const addrKey = `${linkKey}|${addressKey}`;
    let w = this.addresses.get(addrKey);
    const hour = nowMs - (nowMs % 3_600_000);
    const minute = nowMs - (nowMs % 60_000);
    if (!w) {
      w = { hourStart: hour, visitors: new Set(), minuteStart: minute, clicks: 0 };
      this.addresses.set(addrKey, w);
    }
    if (w.hourStart !== hour) {
      w.hourStart = hour;
      w.visitors = new Set();
    }
    if (w.minuteStart !== minute) {
      w.minuteStart = minute;
      w.clicks = 0;
    }
    if (w.clicks >= CLICKS_PER_ADDRESS_MINUTE) return false;
    if (!w.visitors.has(visitorHash) && w.visitors.size >= VISITORS_PER_ADDRESS_HOUR) return false;
    w.visitors.add(visitorHash);
    w.clicks += 1;
    this.lastCounted.set(visitorKey, nowMs);
    return true;
  }
}

/**
 * How many left-out hits each client address may add per minute as rows of their own (fixed
 * minute windows, in this process's memory like the limits above): a script hammering tracking
 * links gets FILTERED_ROWS_PER_ADDRESS_MINUTE rows a minute, and every hit past them is only
 * tallied, so the database grows by a few rows a minute per address, not by one row per hit.
 * The map is bounded; an evicted address starts afresh.
 */
export class FilteredRowBudget {
  private readonly windows: Lru<{ minuteStart: number; rows: number }>;

  constructor(
    capacity = 100_000,
    private readonly perMinute = FILTERED_ROWS_PER_ADDRESS_MINUTE,
  ) {
    this.windows = new Lru(capacity);
  }

  /** True when the address's left-out hit gets a row of its own; false when it is tallied. */
  admit(addressKey: string, nowMs: number): boolean {
    const minute = nowMs - (nowMs % 60_000);
    const w = this.windows.get(addressKey);
    if (!w || w.minuteStart !== minute) {
      this.windows.set(addressKey, { minuteStart: minute, rows: 1 });
      return true;
    }
    if (w.rows >= this.perMinute) return false;
    w.rows += 1;
    return true;
  }
}
