import { describe, expect, it } from 'vitest';
import { LookupBatcher } from './lookup-batcher';

describe('LookupBatcher (slug lookups of concurrent clicks)', () => {
  it('reads the keys asked for in one turn with one call, each caller getting its own', async () => {
    const calls: string[][] = [];
    const batcher = new LookupBatcher<number>(async (keys) => {
      calls.push([...keys]);
      return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k.length]));
    });
    const answers = await Promise.all(['a', 'bb', 'a', 'gone', 'ccc'].map((k) => batcher.get(k)));
    expect(answers).toEqual([1, 2, 1, undefined, 3]);
    expect(calls).toEqual([['a', 'bb', 'gone', 'ccc']]);
    // Nothing is cached: a later lookup reads again.
    expect(await batcher.get('a')).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('gives every caller of a failed call its error, and the next call goes out as usual', async () => {
    let fail = true;
    const batcher = new LookupBatcher<string>(async (keys) => {
      if (fail) throw new Error('database unavailable');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const results = await Promise.allSettled([batcher.get('x'), batcher.get('y')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.get('x')).toBe('X');
  });

  it('splits a turn with more keys than one call takes', async () => {
    const sizes: number[] = [];
    const batcher = new LookupBatcher<string>(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    }, 2);
    const got = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => batcher.get(k)));
    expect(got).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sizes).toEqual([2, 2, 1]);
  });
});
