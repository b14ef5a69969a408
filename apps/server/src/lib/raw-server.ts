import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerFactory } from 'fastify';

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

/**
 * The client's address as Fastify's `request.ip` reports it: with `trustProxy`, the first
 * address of X-Forwarded-For (every hop trusted), else the socket's peer (undefined once the
 * client has hung up).
 */
export function clientIpOf(trustProxy: boolean): (req: IncomingMessage) => string | undefined {
  if (!trustProxy) return (req) => req.socket.remoteAddress;
  const trustAll = () => true;
  return (req) => {
    const addrs = proxyAddr.all(req, trustAll);
    return addrs[addrs.length - 1];
  };
}
