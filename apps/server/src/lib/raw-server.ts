import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerFactory } from 'fastify';
import type { TrustProxy } from '../config';

/** Answers a request itself (true) or leaves it untouched for Fastify (false). */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would make (same server options,
 * timeouts and limits), asking `ahead()` first for each request; what it does not answer goes
 * to Fastify. `ahead` is read per request, so the handler can be set once the app is built.
 */
export function serverWithHandlerAhead(ahead: () => RawHandler | null): FastifyServerFactory {
  return (handler, options) => {
    // The options as Fastify has filled them in (its defaults applied).
    const o = options as {
      http?: http.ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(o.http ?? {}, (req, res) => {
      if (!ahead()?.(req, res)) handler(req, res);
    });
    if (o.keepAliveTimeout !== undefined) server.keepAliveTimeout = o.keepAliveTimeout;
    if (o.requestTimeout !== undefined) server.requestTimeout = o.requestTimeout;
    if (o.connectionTimeout !== undefined) server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}

/** Whether the `i`-th hop back (0: the socket's peer) is a proxy whose header is believed. */
export type ProxyTrust = (addr: string, i: number) => boolean;

/**
 * The trust function of a `TRUST_PROXY` setting, handed to Fastify (`trustProxy`) and used by
 * `clientIpOf` alike, so both read the same client from the same request. `true` trusts every
 * hop (the left-most `X-Forwarded-For` entry wins, which the client writes itself when a proxy
 * appends); a hop count trusts the nearest `hops` peers; a list trusts peers at those
 * addresses or networks (compiled by proxy-addr). `false` when nothing is trusted.
 */
export function proxyTrustOf(setting: TrustProxy): ProxyTrust | false {
  if (setting === false) return false;
  if (setting === true) return () => true;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_addr, i) => i < hops;
  }
  return proxyAddr.compile(setting.proxies);
}

/**
 * The client's address as Fastify's `request.ip` reports it with the same trust function:
 * the right-most address in the chain (socket peer, then `X-Forwarded-For` from right to left)
 * that is not a trusted proxy; without trust the socket's peer (undefined once the client has
 * hung up).
 */
export function clientIpOf(
  trust: ProxyTrust | false,
): (req: IncomingMessage) => string | undefined {
  if (!trust) return (req) => req.socket.remoteAddress;
  return (req) => {
    // proxy-addr reads a socket without an address as no client at all.
    if (!req.socket.remoteAddress) return undefined;
    return proxyAddr(req, trust);
  };
}
