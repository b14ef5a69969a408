import { summarize } from './report';
import type { ServerProcess } from './server';

/** How many calls are made: `warmup` discarded first, then `runs` timed. */
export interface TimingOptions {
  warmup: number;
  runs: number;
  /** Sent as `Authorization: Bearer …`. */
  token: string;
  /**
   * CPU ms used so far by each process that serves the calls (the server, and PostgreSQL's
   * backends of its pool), read before and after the timed calls; null when unknown.
   */
  cpu?: () => Promise<Map<number, number> | null>;
}

/** One call's timings (ms) and the last timed answer, for the caller's sanity checks. */
export interface CallTiming {
  min: number;
  median: number;
  p95: number;
  runs: number;
  /**
   * CPU time the serving processes spent per timed call (ms), when `cpu` was given: the
   * work itself, which a busy machine stretches in wall time but hardly changes.
   */
  cpuPerCall: number | null;
  last: { text: string; headers: Headers };
}

/**
 * Times `GET <path>` against a running server over HTTP, the whole round trip from the
 * request to the last byte of the body: `warmup` calls first (discarded), then `runs` timed
 * calls one after the other. Any answer but 200 stops the benchmark; so does a failed
 * request, with the server's exit status when the server is gone (a crash, a kill from
 * outside) so that the cause is visible, not only the client's "other side closed".
 */
export async function timeGet(
  server: ServerProcess,
  path: string,
  opts: TimingOptions,
): Promise<CallTiming> {
  const once = async (n: number) => {
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${opts.token}` },
      });
      text = await res.text();
    } catch (err) {
      throw new Error(`GET ${path} (call ${n + 1}) failed: ${describeFailure(err, server)}`, {
        cause: err,
      });
    }
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
    return { elapsed, text, headers: res.headers };
  };
  let call = 0;
  for (let i = 0; i < opts.warmup; i += 1) await once(call++);
  const samples: number[] = [];
  let last: CallTiming['last'] = { text: '', headers: new Headers() };
  const cpuBefore = opts.cpu ? await opts.cpu() : null;
  for (let i = 0; i < opts.runs; i += 1) {
    const { elapsed, text, headers } = await once(call++);
    samples.push(elapsed);
    last = { text, headers };
  }
  const cpuAfter = opts.cpu ? await opts.cpu() : null;
  let cpuPerCall: number | null = null;
  if (cpuBefore && cpuAfter) {
    // A process that started during the calls (a new pool connection) counts from zero.
    let used = 0;
    for (const [pid, ms] of cpuAfter) used += ms - (cpuBefore.get(pid) ?? 0);
    cpuPerCall = used / opts.runs;
  }
  return { ...summarize(samples), runs: opts.runs, cpuPerCall, last };
}

function describeFailure(err: unknown, server: ServerProcess): string {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  const message = `${err instanceof Error ? err.message : String(err)}${cause}`;
  const exit = server.exitStatus;
  return exit
    ? `${message}; the server had exited (${exit})`
    : `${message}; the server is still running (pid ${server.pid ?? '?'})`;
}
