import autocannon, { type Instance, type Options, type Result } from 'autocannon';
import { BROWSER_UA, REFERER } from './server';

export interface LoadOptions {
  url: string;
  connections?: number;
  /** Seconds. */
  duration: number;
  /** Per-request paths and headers (the realistic mix); default: `url` with fixed headers. */
  requests?: Options['requests'];
}

/** What a load run measured; latencies in ms. */
export interface LoadSummary {
  url: string;
  connections: number;
  durationS: number;
  reqPerSecMean: number;
  requestsTotal: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  redirects302: number;
  non302: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  /**
   * The measured run's start and end on the monotonic clock, in µs (`process.hrtime`, the
   * clock of V8's CPU profiles on the same machine): a profile can be cut to this window.
   */
  windowUs?: [number, number];
  /**
   * CPU time (user + system, ms, from /proc) the measured processes used during the measured
   * run (not the warm-up); null where /proc is not there. With `cpuOf` only.
   */
  cpuMs?: number | null;
}

/**
 * Starts autocannon in this process against `url`: GET with a real browser's user agent and a
 * Referer, redirects not followed. Every response is counted once fully received (autocannon
 * counts a response when its parser completes the message: a response cut off by a crash is
 * never counted). Returns the running instance and a counter of completed 302 responses.
 */
export function startLoad(opts: LoadOptions): { instance: Instance; completed302: () => number } {
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.duration,
    pipelining: 1,
    timeout: 10,
    headers: { 'user-agent': BROWSER_UA, referer: REFERER, accept: 'text/html' },
    ...(opts.requests ? { requests: opts.requests } : {}),
  });
  let n302 = 0;
  instance.on('response', (_client, statusCode) => {
    if (statusCode === 302) n302 += 1;
  });
  return { instance, completed302: () => n302 };
}

export function summarize(url: string, connections: number, r: Result): LoadSummary {
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const redirects302 = statusCodes['302'] ?? 0;
  const all = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    url,
    connections,
    durationS: r.duration,
    reqPerSecMean: r.requests.average,
    requestsTotal: all,
    latencyMs: {
      mean: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    redirects302,
    non302: all - redirects302,
    statusCodes,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** A complete run: warm-up (discarded), then the measured run. */
export async function measure(
  url: string,
  {
    warmupS = 2,
    durationS = 10,
    connections = 50,
    requests,
    cpuOf,
  }: {
    warmupS?: number;
    durationS?: number;
    connections?: number;
    requests?: Options['requests'];
    /**
     * CPU time used so far by each process to measure (the server, and PostgreSQL's backends),
     * by pid: read before and after the measured run.
     */
    cpuOf?: () => Promise<Map<number, number> | null>;
  } = {},
): Promise<LoadSummary> {
  if (warmupS > 0) await startLoad({ url, duration: warmupS, connections, requests }).instance;
  const cpuBefore = cpuOf ? await cpuOf() : null;
  const from = nowUs();
  const result = await startLoad({ url, duration: durationS, connections, requests }).instance;
  const windowUs: [number, number] = [from, nowUs()];
  const cpuAfter = cpuOf ? await cpuOf() : null;
  let cpuMs: number | null = null;
  if (cpuBefore && cpuAfter) {
    cpuMs = 0;
    // A process started during the run (a new PostgreSQL backend) counts from zero.
    for (const [pid, ms] of cpuAfter) cpuMs += ms - (cpuBefore.get(pid) ?? 0);
  }
  return {
    ...summarize(url, connections, result),
    windowUs,
    ...(cpuOf ? { cpuMs } : {}),
  };
}
