import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '@mailtokit/contracts/webhooks';
import { RefusedAddressError, resolveWebhookHost, type ResolvedAddress } from './address';

/** How long one attempt may take, connection to last byte. */
export const DELIVERY_TIMEOUT_MS = 5_000;

/** `whsec_` + 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** `MailtoKit-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface Attempt {
  /** The receiver's HTTP status; null when none came back. */
  status: number | null;
  /** Why it failed without a status (network, timeout, refused address). */
  error: string | null;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Keep-alive connections to reuse (a new connection per attempt when absent). */
  agents?: ReceiverAgents;
}

/** Idle kept-alive connections close after this (below the 5 s common to HTTP servers). */
const IDLE_SOCKET_MS = 4_000;

/**
 * Keep-alive connection pools, one per receiver origin and checked address set: a connection
 * only ever goes to the addresses that were checked when it was opened, and an attempt whose
 * check resolves the host elsewhere gets another pool. The least recently used pools beyond
 * `max` are closed.
 */
export class ReceiverAgents {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly max = 100) {}

  agentFor(url: URL, addresses: readonly ResolvedAddress[]): http.Agent {
    const key = `${url.protocol}//${url.host} ${addresses.map((a) => a.address).join(',')}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key);
      this.agents.set(key, agent);
      return agent;
    }
    const lookup = pinnedLookup(addresses);
    const options = { keepAlive: true, timeout: IDLE_SOCKET_MS, lookup };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    this.agents.set(key, agent);
    for (const [oldest, old] of this.agents) {
      if (this.agents.size <= this.max) break;
      this.agents.delete(oldest);
      old.destroy();
    }
    return agent;
  }

  /** Closes every connection (on shutdown). */
  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/** A `lookup` that answers only the checked addresses, whatever DNS says by then. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/**
 * POSTs one signed event. The host is resolved and checked here, at every attempt (DNS may
 * have changed since the webhook was created), and the connection goes to exactly the
 * checked address (a kept-alive one from `opts.agents` was opened to it too). Redirects are
 * not followed: a 3xx is a failed attempt.
 */
export async function sendEvent(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: SendOptions,
): Promise<Attempt> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { status: null, error: 'Invalid URL' };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveWebhookHost(url, opts.allowPrivate);
  } catch (err) {
    return { status: null, error: err instanceof RefusedAddressError ? err.message : 'DNS error' };
  }
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const first = await post(url, addresses, headers, body, opts.agents, timeoutMs, timeoutMs);
  // A kept-alive connection the receiver closed just as it was reused: the request never
  // reached it, so it goes again at once on a new connection.
  if (first.staleConnection && Date.now() < deadline)
    return post(url, addresses, headers, body, opts.agents, deadline - Date.now(), timeoutMs);
  return { status: first.status, error: first.error };
}

function post(
  url: URL,
  addresses: readonly ResolvedAddress[],
  headers: Record<string, string>,
  body: string,
  agents: ReceiverAgents | undefined,
  timeoutMs: number,
  /** The whole attempt's timeout, for the message. */
  attemptMs: number,
): Promise<Attempt & { staleConnection?: boolean }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Attempt & { staleConnection?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = client.request(url, {
      method: 'POST',
      ...(agents
        ? { agent: agents.agentFor(url, addresses) }
        : { agent: false, lookup: pinnedLookup(addresses) }),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'MailtoKit-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `Timed out after ${attemptMs / 1000} s` });
    }, timeoutMs);
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      // The body is read (and dropped) so the attempt ends when the answer does.
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? null, error: null }));
      res.on('error', () => done({ status: res.statusCode ?? null, error: null }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({
        status: null,
        error: (err.code ?? err.message).slice(0, 200),
        staleConnection: req.reusedSocket && !answered && err.code === 'ECONNRESET',
      }),
    );
    req.end(body);
  });
}
