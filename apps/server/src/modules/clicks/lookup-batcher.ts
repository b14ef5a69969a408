/** Looks up many keys in one call; the result holds an entry for each key found. */
export type BatchLookup<V> = (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>;

/**
 * Coalesces lookups: the keys asked for during one turn of the event loop are read together by
 * one call (one database round trip instead of one per request), made on the next turn
 * (`setImmediate`). Each caller gets its own key's value (undefined when missing), or the
 * call's error. Nothing is cached: every lookup reads the database as it is now.
 */
export class LookupBatcher<V> {
  private waiting = new Map<
    string,
    { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]
  >();
  private scheduled = false;

  constructor(
    private readonly lookup: BatchLookup<V>,
    private readonly maxKeys = 500,
  ) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = this.waiting;
    this.waiting = new Map();
    const keys = [...all.keys()];
    for (let i = 0; i < keys.length; i += this.maxKeys) {
      const chunk = keys.slice(i, i + this.maxKeys);
      this.lookup(chunk).then(
        (found) => {
          for (const key of chunk) for (const c of all.get(key)!) c.resolve(found.get(key));
        },
        (err: unknown) => {
          for (const key of chunk) for (const c of all.get(key)!) c.reject(err);
        },
      );
    }
  }
}
