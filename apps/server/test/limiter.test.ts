import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { Limiter } from '../src/lib/limiter';
import { createTestApp, dialect, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The AppError a call throws (or fails the test). */
async function errorOf(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected the call to throw');
}

describe(`limiter (${dialect})`, () => {
  it('spends a named budget per key and answers 429 with Retry-After once it is spent', async () => {
    const limiter = new Limiter(t.db, { resetMail: { points: 2, durationMs: 60 * 60_000 } });
    expect(await limiter.consume('resetMail', 'ada@example.com')).toMatchObject({ remaining: 1 });
    expect(await limiter.consume('resetMail', 'ada@example.com')).toMatchObject({ remaining: 0 });
    const err = await errorOf(limiter.consume('resetMail', 'ada@example.com'));
    expect(err.status).toBe(429);
    expect(err.code).toBe('RATE_LIMITED');
    const retry = Number(err.headers?.['retry-after']);
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    // Another key has its own budget.
    expect(await limiter.consume('resetMail', 'bob@example.com')).toMatchObject({ remaining: 1 });
    limiter.close();
  });

  it('is shared by limiters on the same database (what two instances are)', async () => {
    const rule = { contactUs: { points: 3, durationMs: 60_000 } };
    const one = new Limiter(t.db, rule);
    const two = new Limiter(t.db, rule);
    await one.consume('contactUs', '10.0.0.1');
    await two.consume('contactUs', '10.0.0.1');
    await one.consume('contactUs', '10.0.0.1');
    expect((await errorOf(two.consume('contactUs', '10.0.0.1'))).status).toBe(429);
    one.close();
    two.close();
  });

  it('counts failures with check + penalty, gives points back with reward, forgets with reset', async () => {
    const limiter = new Limiter(t.db, { failures: { points: 2, durationMs: 60_000 } });
    const key = 'carol';
    await limiter.check('failures', key);
    await limiter.penalty('failures', key);
    await limiter.penalty('failures', key);
    expect((await errorOf(limiter.check('failures', key))).status).toBe(429);
    await limiter.reward('failures', key);
    expect(await limiter.check('failures', key)).toMatchObject({ remaining: 1 });
    await limiter.penalty('failures', key);
    await limiter.reset('failures', key);
    expect(await limiter.check('failures', key)).toMatchObject({ remaining: 2 });
    limiter.close();
  });

  it('consumeAll spends every budget or none: a refusal gives back what came before it', async () => {
    const limiter = new Limiter(t.db, {
      wide: { points: 10, durationMs: 60_000 },
      narrow: { points: 2, durationMs: 60_000 },
    });
    const spends = [
      ['wide', 'addr'],
      ['narrow', 'acct'],
    ] as const;
    await limiter.consumeAll(spends);
    await limiter.consumeAll(spends);
    for (let i = 0; i < 5; i++)
      expect((await errorOf(limiter.consumeAll(spends))).status).toBe(429);
    // The refused attempts cost `wide` nothing: 2 spent, 8 left.
    expect(await limiter.check('wide', 'addr')).toMatchObject({ remaining: 8 });
    limiter.close();
  });

  it('consumeAll lets exactly as many parallel calls through as the smallest budget allows', async () => {
    const limiter = new Limiter(t.db, {
      outer: { points: 40, durationMs: 60_000 },
      inner: { points: 5, durationMs: 60_000 },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        limiter.consumeAll([
          ['outer', 'p'],
          ['inner', 'p'],
        ]),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    limiter.close();
  });

  it('hashes keys too long for the store and still limits them', async () => {
    const limiter = new Limiter(t.db, { long: { points: 1, durationMs: 60_000 } });
    const key = 'x'.repeat(5000);
    await limiter.consume('long', key);
    expect((await errorOf(limiter.consume('long', key))).status).toBe(429);
    limiter.close();
  });

  it('rejects unknown limits and bad rules at once', () => {
    const limiter = new Limiter(t.db);
    expect(() => limiter.define('bad name', { points: 1, durationMs: 60_000 })).toThrow();
    expect(() => limiter.define('zero', { points: 0, durationMs: 60_000 })).toThrow();
    return expect(limiter.consume('nope', 'k')).rejects.toThrow(/Unknown rate limit/);
  });
});
