import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteRulesApplier } from './sqlite-applier';

/** A stand-in for the rules: `waiting` clicks, taken `limit` at a time, each call recorded. */
function fakeRules(waiting: number) {
  const state = { waiting, calls: [] as number[], inTransaction: false, fail: false };
  const apply = (limit: number) => {
    if (state.fail) throw new Error('disk full');
    const applied = Math.min(limit, state.waiting);
    state.waiting -= applied;
    state.calls.push(applied);
    return { applied, events: applied > 0 ? 1 : 0 };
  };
  return { state, apply };
}

describe('SqliteRulesApplier', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function applierOf(rules: ReturnType<typeof fakeRules>, onError = vi.fn()) {
    const onEvents = vi.fn();
    const sqlite = rules.state as unknown as SQLite.Database;
    const applier = new SqliteRulesApplier({
      sqlite,
      apply: rules.apply,
      limit: 100,
      onEvents,
      onError,
      delayMs: 200,
      retryMs: 1000,
    });
    return { applier, onEvents, onError };
  }

  it('applies a batch 200 ms after it commits, one transaction per turn of the event loop', async () => {
    const rules = fakeRules(250);
    const { applier, onEvents } = applierOf(rules);
    applier.queued();
    await vi.advanceTimersByTimeAsync(199);
    expect(rules.state.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // One transaction, then the loop turns before the next.
    expect(rules.state.calls).toEqual([100]);
    expect(applier.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(rules.state.calls).toEqual([100, 100, 50]);
    expect(applier.pending).toBe(false);
    expect(onEvents).toHaveBeenCalledTimes(3);
  });

  it('applies everything at once before a read', () => {
    const rules = fakeRules(250);
    const { applier } = applierOf(rules);
    applier.queued();
    applier.barrier();
    expect(rules.state.calls).toEqual([100, 100, 50]);
    expect(applier.pending).toBe(false);
    // Nothing waits: a read costs no query.
    applier.barrier();
    expect(rules.state.calls).toEqual([100, 100, 50]);
  });

  it('waits while another query holds a transaction open on the connection', async () => {
    const rules = fakeRules(10);
    const { applier } = applierOf(rules);
    rules.state.inTransaction = true;
    applier.queued();
    await vi.advanceTimersByTimeAsync(250);
    expect(rules.state.calls).toEqual([]);
    rules.state.inTransaction = false;
    await vi.advanceTimersByTimeAsync(10);
    expect(rules.state.calls).toEqual([10]);
    expect(applier.pending).toBe(false);
  });

  it('reports a failure, keeps the clicks waiting and tries again', async () => {
    const rules = fakeRules(10);
    const { applier, onError } = applierOf(rules);
    rules.state.fail = true;
    applier.queued();
    await vi.advanceTimersByTimeAsync(200);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(applier.pending).toBe(true);
    // A read goes on with what is applied; the failure is reported again.
    applier.barrier();
    expect(onError).toHaveBeenCalledTimes(2);
    rules.state.fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(rules.state.calls).toEqual([10]);
    expect(applier.pending).toBe(false);
  });

  it('applies the rest when it stops, and schedules nothing after', async () => {
    const rules = fakeRules(150);
    const { applier } = applierOf(rules);
    applier.queued();
    applier.stop();
    expect(rules.state.calls).toEqual([100, 50]);
    applier.queued();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rules.state.calls).toEqual([100, 50]);
  });
});
