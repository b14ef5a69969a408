import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '@mailtokit/contracts/webhooks';
import { RefusedAddressError, resolveWebhookHost } from './address';

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
}

/**
 * POSTs one signed event. The host is resolved and checked here, at every attempt (DNS may
 * have changed since the webhook was created), and the connection goes to exactly the
 * checked address. Redirects are not followed: a 3xx is a failed attempt.
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
  let addresses;
  try {
    addresses = await resolveWebhookHost(url, opts.allowPrivate);
  } catch (err) {
    return { status: null, error: err instanceof RefusedAddressError ? err.message : 'DNS error' };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const done = (a: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'MailtoKit-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `Timed out after ${timeoutMs / 1000} s` });
    }, timeoutMs);
    req.on('response', (res) => {
      // The body is read (and dropped) so the attempt ends when the answer does.
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? null, error: null }));
      res.on('error', () => done({ status: res.statusCode ?? null, error: null }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: null, error: (err.code ?? err.message).slice(0, 200) }),
    );
    req.end(body);
  });
}
