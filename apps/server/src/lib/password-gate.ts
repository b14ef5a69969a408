import { availableParallelism } from 'node:os';
import { AppError, tooManyRequests } from './errors';
import type { Limiter } from './limiter';
import { dummyHash, hashPassword, PASSWORD_COST, verifyPassword } from './password';

/** How many password hashes this process computes at once, and how many may wait. */
export interface HashingLimits {
  /** Hashes computed at the same time (each takes a thread of Node's pool and a core). */
  concurrency: number;
  /** Requests waiting for a hash slot, per kind (checks, new passwords); past it: 503. */
  queue: number;
  /** Hashes one client (an IPv4 address or an IPv6 /64) has in flight; as many more may wait. */
  perClient: number;
}

/**
 * The default size: one hash per core, leaving at least one thread of libuv's pool (4 unless
 * `UV_THREADPOOL_SIZE` says otherwise) to file reads and DNS look-ups.
 */
export function defaultHashingLimits(
  concurrency = Math.max(
    1,
    Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1),
  ),
): HashingLimits {
  return { concurrency, queue: 2 * concurrency, perClient: 2 };
}

export const HASHING_BUSY_DETAIL =
  'The server is busy checking passwords. Please try again in a moment.';
export const HASHING_PER_CLIENT_DETAIL =
  'Too many password checks at once from your network. Please wait for the ones under way.';

/** 503 with `Retry-After: 1`: every hash slot is taken and the queue is full. */
export function hashingBusy(): AppError {
  const err = new AppError(503, 'SERVICE_UNAVAILABLE', HASHING_BUSY_DETAIL);
  err.headers = { 'retry-after': '1' };
  return err;
}

function perClientLimited(): AppError {
  const err = tooManyRequests(HASHING_PER_CLIENT_DETAIL);
  err.headers = { 'retry-after': '1' };
  return err;
}

/**
 * `check`: a password compared with a stored hash (sign-in, a password asked for under a
 * session). `new`: a new password hashed (sign-up, change, reset). New passwords never take
 * the last slot, so a flood of sign-ups cannot keep sign-ins waiting.
 */
export type HashKind = 'check' | 'new';

interface ClientSlots {
  inFlight: number;
  waiting: Array<() => void>;
}

/**
 * Bounds the password hashing of this process: at most `concurrency` hashes at once (new
 * passwords at most `concurrency - 1` of them, when there are two slots or more), a short queue
 * per kind (checks are served first), and per client at most `perClient` in flight with as many
 * waiting. Past a queue a request is refused at once: 503 when the process is busy, 429 when
 * its own client has too many under way. Kept in memory: it bounds this process's CPU.
 */
export class HashGate {
  private running = 0;
  private runningNew = 0;
  private readonly waiting: Record<HashKind, Array<() => void>> = { check: [], new: [] };
  private readonly clients = new Map<string, ClientSlots>();
  /** Requests refused since start: busy (503) and per client (429), for the metrics. */
  readonly counts = { busy: 0, perClient: 0 };

  constructor(readonly limits: HashingLimits) {
    if (!(limits.concurrency >= 1 && limits.queue >= 0 && limits.perClient >= 1))
      throw new Error('Hashing needs concurrency >= 1, queue >= 0 and perClient >= 1');
  }

  /** Hashes running now and waiting for a slot (metrics). */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.check.length + this.waiting.new.length };
  }

  /**
   * Takes one of the client's slots for the whole password operation (budget checks, look-up
   * and hash); the returned function gives it back. Throws 429 when the client already has
   * `perClient` in flight and as many waiting.
   */
  async enterClient(client: string): Promise<() => void> {
    let slots = this.clients.get(client);
    if (!slots) {
      slots = { inFlight: 0, waiting: [] };
      this.clients.set(client, slots);
    }
    const own = slots;
    if (own.inFlight < this.limits.perClient) own.inFlight += 1;
    else if (own.waiting.length < this.limits.perClient)
      await new Promise<void>((resolve) => own.waiting.push(resolve));
    else {
      this.counts.perClient += 1;
      throw perClientLimited();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = own.waiting.shift();
      // The slot passes straight to the next waiter of the same client.
      if (next) next();
      else {
        own.inFlight -= 1;
        if (own.inFlight === 0) this.clients.delete(client);
      }
    };
  }

  /** Runs `hash` in a slot of its kind; 503 at once when none is free and the queue is full. */
  async run<T>(kind: HashKind, hash: () => Promise<T>): Promise<T> {
    if (this.canStart(kind)) this.start(kind);
    else if (this.waiting[kind].length < this.limits.queue)
      await new Promise<void>((resolve) => this.waiting[kind].push(resolve));
    else {
      this.counts.busy += 1;
      throw hashingBusy();
    }
    try {
      return await hash();
    } finally {
      this.finish(kind);
    }
  }

  private canStart(kind: HashKind): boolean {
    if (this.running >= this.limits.concurrency) return false;
    return kind === 'check' || this.runningNew < Math.max(1, this.limits.concurrency - 1);
  }

  private start(kind: HashKind): void {
    this.running += 1;
    if (kind === 'new') this.runningNew += 1;
  }

  private finish(kind: HashKind): void {
    this.running -= 1;
    if (kind === 'new') this.runningNew -= 1;
    for (const next of ['check', 'new'] as const)
      while (this.waiting[next].length > 0 && this.canStart(next)) {
        this.start(next);
        this.waiting[next].shift()?.();
      }
  }
}

/** The budgets one password check spends from: `[limit name, key]`, in the order spent. */
export type PasswordBudgets = ReadonlyArray<readonly [name: string, key: string]>;

/**
 * The budget of a password check made under a signed-in session (password change, account
 * deletion, e-mail change): wrong passwords per account, the `passwordChange` limit.
 */
export const passwordCheckBudgets = (userId: number): PasswordBudgets => [
  ['passwordChange', String(userId)],
];

export interface PasswordCheck {
  /** The client's key (`clientKey` of its address). */
  client: string;
  budgets: PasswordBudgets;
  password: string;
  /** The stored hash, or its look-up, made only once the budgets allow the check. */
  stored: string | (() => Promise<string>);
  /** Budgets cleared, rather than given their point back, when the password is right. */
  forget?: readonly string[];
}

/** Every password hash of the process goes through here: budgets, then the gate. */
export class Passwords {
  /**
   * @param cost scrypt's cost of new hashes as log2 N (`PASSWORD_COST` unless given; the
   *   API tests lower it, as a stored hash names its own cost)
   */
  constructor(
    private readonly limiter: Limiter,
    readonly gate: HashGate,
    private readonly cost = PASSWORD_COST,
  ) {
    // Made at start-up, not by the first sign-in of an unknown user.
    this.dummy = dummyHash(cost);
  }

  private readonly dummy: Promise<string>;

  /** A hash of no one's password at this cost: what an unknown user's check is compared with. */
  dummyHash(): Promise<string> {
    return this.dummy;
  }

  /** Hashes a new password for storing (a `new` slot of the client's). */
  async hash(password: string, client: string): Promise<string> {
    const leave = await this.gate.enterClient(client);
    try {
      return await this.gate.run('new', () => hashPassword(password, this.cost));
    } finally {
      leave();
    }
  }

  /**
   * Checks a password under budgets of failed attempts. A point of every budget is spent before
   * the hash is computed (all or nothing, see `Limiter.consumeAll`), so parallel guesses get at
   * most as many verdicts as the smallest budget allows and the rest a 429 that cost no hashing.
   * A right password gives its points back; the budgets named in `forget` are cleared instead
   * (the owner got it right: earlier typos no longer count). A check that gives no verdict
   * (the process is busy: 503) gives its points back too.
   */
  async check({ client, budgets, password, stored, forget = [] }: PasswordCheck): Promise<boolean> {
    const leave = await this.gate.enterClient(client);
    try {
      await this.limiter.consumeAll(budgets);
      let ok: boolean;
      try {
        const hash = typeof stored === 'string' ? stored : await stored();
        ok = await this.gate.run('check', () => verifyPassword(password, hash));
      } catch (err) {
        await Promise.all(
          budgets.map(([name, key]) => this.limiter.reward(name, key).catch(() => undefined)),
        );
        throw err;
      }
      if (ok)
        await Promise.all(
          budgets.map(([name, key]) =>
            forget.includes(name) ? this.limiter.reset(name, key) : this.limiter.reward(name, key),
          ),
        );
      return ok;
    } finally {
      leave();
    }
  }
}
