import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxApplied } from './click-store';
import { InboxApplier } from './inbox-applier';

/**
 * A stand-in for the inbox: clicks waiting, each apply statement taking up to `limit` of them.
 * Statements can be held open (`hold`) to commit clicks while a pass runs.
 */
function fakeInbox(limit: number) {
  const state = {
    waiting: 0,
    applied: 0,
    statements: 0,
    eventsPerStatement: 0,
    fail: null as Error | null,
    gate: null as Promise<void> | null,
  };
  const apply = async (): Promise<InboxApplied> => {
    state.statements += 1;
    // A statement sees the clicks committed before it began.
    const seen = state.waiting;
    if (state.gate) await state.gate;
    if (state.fail) throw state.fail;
    const n = Math.min(limit, seen);
    state.waiting -= n;
    state.applied += n;
    return { applied: n, events: n > 0 ? state.eventsPerStatement : 0 };
  };
  const hold = () => {
    let open = () => undefined as void;
    state.gate = new Promise<void>((resolve) => {
      open = () => {
        state.gate = null;
        resolve();
      };
    });
    return open;
  };
  return { state, apply, hold };
}

describe('InboxApplier', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(limit = 10) {
    const inbox = fakeInbox(limit);
    const errors: unknown[] = [];
    const onEvents = vi.fn();
    const applier = new InboxApplier({
      apply: inbox.apply,
      limit,
      onEvents,
      onError: (err) => errors.push(err),
      delayMs: 50,
      sweepMs: 5000,
      retryMs: 1000,
    });
    return { inbox, applier, errors, onEvents };
  }

  it('applies a committed batch one delay later, not before', async () => {
    const { inbox, applier } = setUp();
    inbox.state.waiting = 3;
    applier.queued();
    expect(applier.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(49);
    expect(inbox.state.applied).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(inbox.state.applied).toBe(3);
    expect(applier.pending).toBe(false);
  });

  it('lets many batches share one pass', async () => {
    const { inbox, applier } = setUp();
    for (let i = 0; i < 5; i++) {
      inbox.state.waiting += 1;
      applier.queued();
      await vi.advanceTimersByTimeAsync(5);
    }
    await vi.advanceTimersByTimeAsync(50);
    expect(inbox.state.applied).toBe(5);
    expect(inbox.state.statements).toBe(1);
  });

  it('goes on while a statement applies its full limit', async () => {
    const { inbox, applier } = setUp(10);
    inbox.state.waiting = 25;
    await applier.settle(); // nothing queued by this instance: no pass
    expect(inbox.state.statements).toBe(0);
    applier.queued();
    await applier.settle();
    expect(inbox.state.applied).toBe(25);
    expect(inbox.state.statements).toBe(3);
  });

  it('makes a reader that comes during a pass wait for the next one, which takes what came meanwhile', async () => {
    const { inbox, applier } = setUp();
    inbox.state.waiting = 2;
    applier.queued();
    const open = inbox.hold();
    await vi.advanceTimersByTimeAsync(50); // the pass has started and holds its statement
    expect(inbox.state.statements).toBe(1);
    inbox.state.waiting += 4; // committed while the pass runs, after its statement's snapshot
    applier.queued();
    let settled = false;
    const reader = applier.settle().then(() => {
      settled = true;
    });
    open();
    await reader;
    expect(settled).toBe(true);
    expect(inbox.state.applied).toBe(6);
  });

  it('asks nothing of the database when no click of its own waits', async () => {
    const { inbox, applier } = setUp();
    await applier.settle();
    expect(inbox.state.statements).toBe(0);
  });

  it('tells of webhook events after the statement that queued them', async () => {
    const { inbox, applier, onEvents } = setUp();
    inbox.state.eventsPerStatement = 2;
    inbox.state.waiting = 1;
    applier.queued();
    await applier.settle();
    expect(onEvents).toHaveBeenCalledTimes(1);
  });

  it('reports a failed pass, keeps the clicks pending and tries again later', async () => {
    const { inbox, applier, errors } = setUp();
    inbox.state.waiting = 3;
    inbox.state.fail = new Error('connection refused');
    applier.queued();
    await vi.advanceTimersByTimeAsync(50);
    expect(errors).toHaveLength(1);
    expect(applier.pending).toBe(true);
    await expect(applier.settle()).rejects.toThrow('connection refused');

    inbox.state.fail = null;
    await vi.advanceTimersByTimeAsync(1000);
    expect(inbox.state.applied).toBe(3);
    expect(applier.pending).toBe(false);
  });

  it('applies what a previous run left when it starts, and sweeps for clicks of other instances', async () => {
    const { inbox, applier } = setUp();
    inbox.state.waiting = 4;
    await applier.start();
    expect(inbox.state.applied).toBe(4);

    inbox.state.waiting = 2; // another instance's clicks: this one was not told
    await vi.advanceTimersByTimeAsync(5000);
    expect(inbox.state.applied).toBe(6);
    await applier.stop();
  });

  it('applies the rest when it stops, then schedules nothing more', async () => {
    const { inbox, applier } = setUp();
    await applier.start();
    inbox.state.waiting = 3;
    applier.queued();
    await applier.stop();
    expect(inbox.state.applied).toBe(3);

    const statements = inbox.state.statements;
    inbox.state.waiting = 1;
    applier.queued();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(inbox.state.statements).toBe(statements);
  });
});
