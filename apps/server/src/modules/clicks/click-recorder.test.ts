import { describe, expect, it } from 'vitest';
import { ClickRecorder } from './click-recorder';

/** A writer whose commits the test releases by hand. */
function manualWriter<T>() {
  const batches: T[][] = [];
  const gates: (() => void)[] = [];
  const write = (rows: readonly T[]) => {
    batches.push([...rows]);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const release = async () => {
    await new Promise((r) => setImmediate(r));
    gates.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, write, release };
}

describe('ClickRecorder (group commit)', () => {
  it('writes rows recorded in the same turn together, and resolves after the commit', async () => {
    const w = manualWriter<number>();
    const recorder = new ClickRecorder(w.write);
    let done = 0;
    const all = [1, 2, 3].map((n) => recorder.record(n).then(() => (done += 1)));
    await new Promise((r) => setImmediate(r));
    expect(w.batches).toEqual([[1, 2, 3]]);
    expect(done).toBe(0); // not before the commit
    await w.release();
    await Promise.all(all);
    expect(done).toBe(3);
  });

  it('queues rows while a commit is in flight and writes them in the next one', async () => {
    const w = manualWriter<number>();
    const recorder = new ClickRecorder(w.write);
    const first = recorder.record(1);
    await new Promise((r) => setImmediate(r));
    expect(w.batches).toEqual([[1]]);
    const later = [2, 3, 4, 5].map((n) => recorder.record(n));
    await new Promise((r) => setImmediate(r));
    expect(w.batches).toEqual([[1]]); // one transaction at a time
    await w.release();
    await first;
    expect(w.batches).toEqual([[1], [2, 3, 4, 5]]);
    await w.release();
    await Promise.all(later);
    expect(recorder.pending).toBe(0);
  });

  it('caps the batch size', async () => {
    const batches: number[] = [];
    const recorder = new ClickRecorder<number>(async (rows) => {
      batches.push(rows.length);
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => recorder.record(i)));
    expect(batches).toEqual([4, 4, 2]);
  });

  it('retries a failed batch row by row: only the bad row fails', async () => {
    const committed: number[] = [];
    const recorder = new ClickRecorder<number>(async (rows) => {
      if (rows.includes(13)) throw new Error('foreign key violation');
      committed.push(...rows);
    });
    const results = await Promise.allSettled([1, 13, 2].map((n) => recorder.record(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed.sort()).toEqual([1, 2]);
  });

  it('gives each row its own result from the commit, also when its batch was retried row by row', async () => {
    const batches: number[][] = [];
    const recorder = new ClickRecorder<number, string | undefined>(async (rows) => {
      batches.push([...rows]);
      if (rows.includes(13)) throw new Error('foreign key violation');
      // What the commit tells of each row, e.g. the link a click was stored for (none for 7).
      return rows.map((n) => (n === 7 ? undefined : `link ${n}`));
    });
    const all = await Promise.allSettled([1, 7, 13, 2].map((n) => recorder.record(n)));
    expect(all).toEqual([
      { status: 'fulfilled', value: 'link 1' },
      { status: 'fulfilled', value: undefined },
      { status: 'rejected', reason: new Error('foreign key violation') },
      { status: 'fulfilled', value: 'link 2' },
    ]);
    expect(batches).toEqual([[1, 7, 13, 2], [1], [7], [13], [2]]);
  });

  it('rejects the whole batch at once when the database is down, without a retry per row', async () => {
    const calls: number[][] = [];
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const recorder = new ClickRecorder<number>(
      (rows) => {
        calls.push([...rows]);
        return Promise.reject(down);
      },
      1000,
      (err) => err === down,
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => recorder.record(n)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('drains: resolves once everything recorded so far is written', async () => {
    const committed: number[] = [];
    const recorder = new ClickRecorder<number>(async (rows) => {
      await new Promise((r) => setTimeout(r, 5));
      committed.push(...rows);
    });
    void recorder.record(1);
    void recorder.record(2);
    await recorder.drain();
    expect(committed).toEqual([1, 2]);
    await recorder.drain(); // idle: resolves at once
  });
});
