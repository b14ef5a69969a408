import fs from 'node:fs';
import path from 'node:path';
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
 * The web build's hashed scripts and styles get only the two headers that mean something for a
 * subresource: the rest (CSP, framing, referrer...) apply to documents, and a dashboard loads
 * some fifty such files, where they would add about 40 KB on the wire.
 */
/** Where the web build's hashed files are served (scripts, styles, fonts, images). */
const ASSETS_PREFIX = '/assets/';
const ASSET_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * The `script-src` sources that allow the web build's inline scripts (the theme set before first
 * paint): their hashes, which the build writes to `.vite/csp.json` (apps/web/scripts/postbuild.mjs)
 * from the pages' exact text. None without a build, or with a build that has no inline script.
 */
export function inlineScriptSources(webDist: string | null): string[] {
  if (!webDist) return [];
  const file = path.join(webDist, '.vite', 'csp.json');
  if (!fs.existsSync(file)) return [];
  const { scriptSrc } = JSON.parse(fs.readFileSync(file, 'utf8')) as { scriptSrc?: unknown };
  if (!Array.isArray(scriptSrc)) throw new Error(`${file}: no scriptSrc list`);
  return scriptSrc.map((source: unknown) => {
    if (typeof source !== 'string' || !/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(source))
      throw new Error(`${file}: ${JSON.stringify(source)} is not a script hash source`);
    return source;
  });
}

export function registerSecurityHeaders(app: App, config: Config): void {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDist)],
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
      if (request.url.startsWith(ASSETS_PREFIX)) {
        void reply.headers(ASSET_HEADERS);
        return done();
      }
      apply(request.raw, reply.raw, (err?: unknown) =>
        done(err instanceof Error ? err : undefined),
      );
    },
  );
}
