import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@mailtokit/contracts/errors';
import { AppError, notFound, serviceUnavailable } from './errors';
import type { App } from './types';

/** How long a request's headers and body may take to arrive in full before a 408. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpTimeouts {
  /** Headers and body must have arrived within this many ms (default REQUEST_TIMEOUT_MS). */
  requestMs?: number;
}

/**
 * Fastify's server options for the edges of HTTP: slow requests are cut off with a 408, and
 * what Node answers on its own (malformed requests, oversized headers, timeouts) uses the API's
 * `{detail, code}` body. Node looks for late requests every `connectionsCheckingInterval`
 * (30 s by default, which would double the wait): here a small fraction of the timeout.
 */
export function httpEdgeOptions(timeouts: HttpTimeouts = {}) {
  const requestMs = timeouts.requestMs ?? REQUEST_TIMEOUT_MS;
  return {
    requestTimeout: requestMs,
    http: {
      headersTimeout: requestMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestMs / 4))),
    },
    clientErrorHandler,
    // Answered by the onRequest hook of registerHttpEdges, in the API's format.
    return503OnClosing: false,
  };
}

/** What Node's parser or timer reported, as the status and body the client gets. */
function clientErrorAnswer(code: string | undefined): [number, ErrorCode, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time'];
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'HEADERS_TOO_LARGE', 'Request headers are too large'];
  return [400, 'BAD_REQUEST', 'Malformed HTTP request'];
}

/**
 * Answers a request Node could not hand to the app (a malformed or oversized request line or
 * header, or one that arrived too slowly) in the API's JSON error format, then closes the
 * connection, as Node's own handler does.
 */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail] = clientErrorAnswer(err.code);
  this.log.debug({ err }, `client error: ${status}`);
  // Node keeps the response being written on the socket; once it has started, another
  // answer would corrupt it, so the connection is only closed.
  const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ detail, code } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}

/**
 * The request's path as the router matched it: query left out, percent-encoding decoded, an
 * absolute-form target (`GET http://host/path`) reduced to its path, duplicate slashes merged.
 * Every decision about "which part of the site is this" is made on it, so a spelling such as
 * `/%61pi/...` is the API like `/api/...`.
 */
export function requestPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      /* not a URL: decided on as it is */
    }
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    /* malformed escapes: the router refuses it */
  }
  return path.replace(/\/{2,}/g, '/');
}

/** True for a path under `/api` (any letter case: nothing else lives there). */
export function isApiPath(path: string): boolean {
  const p = path.toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}

/** True when the request reached an API route, or names an API path however it is spelled. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && isApiPath(route)) || isApiPath(requestPath(request.url));
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods that have a route for `url` (for `Allow`); empty when the path has none. */
export function allowedMethods(app: App, url: string): string[] {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/**
 * The API's answer to a request no route took: 405 with `Allow` when the path exists with
 * other methods, else a JSON 404 (never the web app's page).
 */
export function apiNotFound(app: App, request: FastifyRequest): AppError {
  const allow = allowedMethods(app, request.url);
  if (allow.length > 0) {
    const err = new AppError(
      405,
      'METHOD_NOT_ALLOWED',
      `${request.method} is not allowed here; allowed: ${allow.join(', ')}`,
    );
    err.headers = { allow: allow.join(', ') };
    return err;
  }
  return notFound(`No route ${request.method} ${requestPath(request.url)}`);
}

/** Longest request target (path and query) accepted; longer ones get 414. */
export const MAX_URL_LENGTH = 8192;

/**
 * A request target over MAX_URL_LENGTH gets 414 (Node itself refuses a request line and headers
 * over 16 KB with 431). While the server shuts down, requests still arriving on open keep-alive
 * connections get a 503 in the API's format and the connection is closed (a proxy retries them
 * elsewhere).
 */
export function registerHttpEdges(app: App): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH)
      throw new AppError(
        414,
        'URI_TOO_LONG',
        `The URL is longer than ${MAX_URL_LENGTH} characters`,
      );
    if (!closing) return;
    void reply.header('connection', 'close');
    throw serviceUnavailable();
  });
}
