import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { defaultHashingLimits, HashGate } from './password-gate';

/** A hash that finishes when the test says so. */
function pending() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('HashGate', () => {
  it('defaults to one hash per core, leaving a thread of the pool free, a queue of twice that', () => {
    const limits = defaultHashingLimits();
    expect(limits.concurrency).toBeGreaterThanOrEqual(1);
    expect(limits.concurrency).toBeLessThanOrEqual(3);
    expect(limits.queue).toBe(2 * limits.concurrency);
    expect(limits.perClient).toBe(2);
    expect(defaultHashingLimits(5)).toEqual({ concurrency: 5, queue: 10, perClient: 2 });
  });

  it('keeps a slot for checks: new passwords never take the last one', async () => {
    const gate = new HashGate({ concurrency: 2, queue: 1, perClient: 2 });
    const a = pending();
    const b = pending();
    const started: string[] = [];
    const first = gate.run('new', () => (started.push('new a'), a.work()));
    const second = gate.run('new', () => (started.push('new b'), b.work()));
    await tick();
    expect(started).toEqual(['new a']);
    // The queue of new passwords is full: the next is refused at once, 503 with Retry-After.
    const refused = await gate.run('new', async () => undefined).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect((refused as AppError).headers).toEqual({ 'retry-after': '1' });
    // A check still starts at once.
    const c = pending();
    const check = gate.run('check', () => (started.push('check'), c.work()));
    await tick();
    expect(started).toEqual(['new a', 'check']);
    a.finish();
    c.finish();
    await Promise.all([first, check]);
    await tick();
    expect(started).toEqual(['new a', 'check', 'new b']);
    b.finish();
    await second;
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });

  it('serves waiting checks before waiting new passwords', async () => {
    const gate = new HashGate({ concurrency: 1, queue: 2, perClient: 2 });
    const order: string[] = [];
    const first = pending();
    const running = gate.run('check', () => first.work());
    const waitingNew = gate.run('new', async () => void order.push('new'));
    const waitingCheck = gate.run('check', async () => void order.push('check'));
    await tick();
    expect(gate.state).toEqual({ running: 1, waiting: 2 });
    first.finish();
    await Promise.all([running, waitingNew, waitingCheck]);
    expect(order).toEqual(['check', 'new']);
  });

  it('lets a client hold 2 slots and wait for 2 more; the next is a 429 at once', async () => {
    const gate = new HashGate({ concurrency: 4, queue: 8, perClient: 2 });
    const leaves = [await gate.enterClient('198.51.100.1'), await gate.enterClient('198.51.100.1')];
    let third = false;
    const waitingThird = gate.enterClient('198.51.100.1').then((leave) => ((third = true), leave));
    const waitingFourth = gate.enterClient('198.51.100.1');
    const refused = await gate.enterClient('198.51.100.1').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(gate.counts.perClient).toBe(1);
    // Another client is not held back.
    (await gate.enterClient('198.51.100.2'))();
    await tick();
    expect(third).toBe(false);
    leaves[0]?.();
    const leaveThird = await waitingThird;
    expect(third).toBe(true);
    // Leaving twice gives back one slot only.
    leaves[0]?.();
    leaves[1]?.();
    leaveThird();
    (await waitingFourth)();
    // All given back: the client holds 2 again at once.
    const again = await Promise.all([
      gate.enterClient('198.51.100.1'),
      gate.enterClient('198.51.100.1'),
    ]);
    for (const leave of again) leave();
  });
});
