import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import type { App } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on routes that set their own security headers (the tracking redirect). */
    securityHeaders?: boolean;
  }
}

/**
 * Security headers on every response (CSP included). The helmet middleware is built once;
 * building it per request (as the Fastify plugin does) costs a large share of a small request.
 */
export function registerSecurityHeaders(app: App, config: Config): void {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicUrl?.startsWith('https://') ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (request.routeOptions.config.securityHeaders === false) return done();
      apply(request.raw, reply.raw, (err?: unknown) =>
        done(err instanceof Error ? err : undefined),
      );
    },
  );
}
