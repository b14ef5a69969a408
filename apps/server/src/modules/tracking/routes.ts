import { OkResponse } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import {
  CreateTrackingBody,
  TrackingLink,
  TrackingLinkList,
  UpdateTrackingBody,
} from '@mailtokit/contracts/tracking';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { MAX_URL_LENGTH } from '../../lib/http-edges';
import { publicOrigin, withAliases } from '../../lib/routes';
import { premiumFirst } from '../../lib/tier-gate';
import type { App } from '../../lib/types';
import { TRACKING_REDIRECT_URL_MAX } from '@mailtokit/contracts/tracking-redirect';
import {
  errorPage,
  LONG_LINK_SCRIPT_SOURCE,
  longLinkPage,
  notFoundPage,
  redirectPage,
  unavailablePage,
} from './pages';
import { ClickNotStored, type ClickClient, type ResolvedTarget } from '../clicks/service';
import { SLUG_PATTERN } from './slug';
import { chooserLanguage } from './chooser/catalogue';
import { CHOOSER_CSP, choiceTarget, chooserPage, COPY_CHOICE, isDoorChoice } from './chooser/page';
import type { ClickSource, OpenChoice } from '@mailtokit/contracts/analytics';
import { TRACKING_SCAN_SUFFIX } from '@mailtokit/contracts/tracking';

/** The route of the scan address (`/t/<slug>/q`): a click there counts as a QR code scan. */
const SCAN_ROUTE = `/t/:slug${TRACKING_SCAN_SUFFIX}`;

/** Decimal digits (else 400); an id that names no row the caller may see answers 404. */
const IdParams = z.object({ id: idParam('Id (a positive integer)') });
const SlugParams = z.object({ slug: z.string() });
const DoorParams = z.object({ slug: z.string(), choice: z.string() });

const errors = { 401: ErrorBody, 403: ErrorBody };
const PREMIUM = 'Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).';

/** Tracking links: create, list per link, delete. */
export async function trackingRoutes(app: App) {
  for (const { url, hide } of withAliases('/api/v1/tracking', '/api/tracking')) {
    app.route({
      method: 'POST',
      url,
      schema: {
        hide,
        tags: ['tracking'],
        operationId: 'createTrackingLink',
        summary: 'Create a tracking link (`PUBLIC_URL/t/<slug>`) for a saved link',
        description: `The redirect always goes to the stored link, built by packages/mailto; \`mailtoUrl\` is accepted for older clients and ignored. Needs edit rights on the link (403 otherwise). At most 50 per link (409). ${PREMIUM}`,
        body: CreateTrackingBody,
        response: { 201: TrackingLink, 400: ErrorBody, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
      config: { auth: { token: 'links:write' } },
      preValidation: premiumFirst(app.clock, app.services.access),
      handler: async (request, reply) => {
        const created = await app.services.tracking.create(
          authOf(request).user,
          request.body,
          publicOrigin(app),
        );
        return reply.code(201).send(created);
      },
    });
  }

  app.route({
    method: 'GET',
    url: '/api/v1/mailto-links/:id/tracking-links',
    schema: {
      tags: ['tracking'],
      operationId: 'listTrackingLinks',
      summary: 'A link’s tracking links, newest first, with their human clicks',
      description: PREMIUM,
      params: IdParams,
      response: { 200: TrackingLinkList, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:read' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) =>
      app.services.tracking.list(authOf(request).user, request.params.id, publicOrigin(app)),
  });

  app.route({
    method: 'PATCH',
    url: '/api/v1/tracking/:id',
    schema: {
      tags: ['tracking'],
      operationId: 'updateTrackingLink',
      summary: 'Change how a tracking link opens (`direct` or `choose`); its URL and clicks stay',
      description: `Needs edit rights on the link (403 otherwise); a deleted tracking link answers 404. ${PREMIUM}`,
      params: IdParams,
      body: UpdateTrackingBody,
      response: { 200: TrackingLink, 400: ErrorBody, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) =>
      app.services.tracking.update(
        authOf(request).user,
        request.params.id,
        request.body,
        publicOrigin(app),
      ),
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/tracking/:id',
    schema: {
      tags: ['tracking'],
      operationId: 'deleteTrackingLink',
      summary: 'Delete a tracking link: its URL answers 404, its clicks stay in the analytics',
      description: `Needs edit rights on the link (403 otherwise). ${PREMIUM}`,
      params: IdParams,
      response: { 200: OkResponse, ...errors, 404: ErrorBody },
    },
    config: { auth: { token: 'links:write' } },
    preValidation: premiumFirst(app.clock, app.services.access),
    handler: async (request) => {
      await app.services.tracking.retire(authOf(request).user, request.params.id);
      return { ok: true as const };
    },
  });
}

function single(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * What a click records of its request, the same whether Fastify or the node:http fast path
 * answered it. A client without an address (one that already hung up) still counts, without a
 * visitor address.
 */
function clickClientOf(
  h: IncomingMessage['headers'],
  method: string,
  ip: string | undefined,
  source: ClickSource = 'link',
): ClickClient {
  return {
    source,
    ip: ip ?? '',
    userAgent: h['user-agent'] ?? '',
    referer: h.referer,
    method,
    accept: h.accept,
    acceptLanguage: h['accept-language'],
    secFetchMode: single(h['sec-fetch-mode']),
    secFetchDest: single(h['sec-fetch-dest']),
    purpose: purposeOf(h),
  };
}

/** The headers in which a client says it is prefetching or previewing, joined. */
function purposeOf(h: IncomingMessage['headers']): string | undefined {
  const parts = [h.purpose, h['sec-purpose'], h['x-purpose'], h['x-moz']]
    .map(single)
    .filter((v): v is string => v !== undefined);
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** The CSP of every page under /t/, with the script sources it allows (none by default). */
function pageCsp(scriptSrc: string | null): string {
  const script = scriptSrc ? `; script-src ${scriptSrc}` : '';
  return `default-src 'none'${script}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/**
 * Headers of every answer under /t/: never cached, never indexed, no Referer onwards, and a
 * CSP that fits these pages (no script but the long-link page's own, allowed by its hash). The
 * global security headers are skipped here (`config.securityHeaders: false`).
 */
function pageHeaders(
  publicUrl: string | null,
  scriptSrc: string | null,
  csp = pageCsp(scriptSrc),
): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(publicUrl?.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/**
 * What a failed click answers and logs: the page with the link when it could be read (the
 * click failed), the error page when not (the lookup failed).
 */
function notStored(err: unknown): { page: string; message: string; cause: unknown } {
  if (err instanceof ClickNotStored)
    return {
      page: err.target ? unavailablePage(err.target.mailtoUrl) : errorPage(),
      message: err.message,
      cause: err.cause,
    };
  return { page: errorPage(), message: 'tracking redirect failed', cause: err };
}

/** The chooser page of a `choose` link, in the visitor's language, for the visitor's device. */
function chooserOf(slug: string, target: ResolvedTarget, h: IncomingMessage['headers']): string {
  return chooserPage({
    slug,
    stored: target.fields,
    language: chooserLanguage(h['accept-language']),
    userAgent: h['user-agent'],
  });
}

/** The redirect's handlers, shared by its routes and its fast path. */
function redirectHandlers(app: App) {
  const clicks = app.services.clicks;
  const headers = pageHeaders(app.config.publicUrl, null);
  const longPageHeaders = pageHeaders(app.config.publicUrl, LONG_LINK_SCRIPT_SOURCE);
  const chooserHeaders = pageHeaders(app.config.publicUrl, null, CHOOSER_CSP);
  const trackingHeaders = (reply: FastifyReply) => reply.headers(headers);
  const notFound = (reply: FastifyReply) => trackingHeaders(reply).code(404).send(notFoundPage());

  /** The slug's target, or null once a 404 (or 503) page has been sent. */
  async function lookup(
    slug: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<ResolvedTarget | null> {
    try {
      const target = SLUG_PATTERN.test(slug) ? await clicks.resolve(slug) : null;
      if (!target) notFound(reply);
      return target;
    } catch (err) {
      request.log.error({ err }, 'tracking link lookup failed');
      trackingHeaders(reply).code(503).header('Retry-After', '1').send(errorPage());
      return null;
    }
  }

  /** The answer to a followed link: the chooser page for `choose` links, else the redirect. */
  function answer(
    request: FastifyRequest,
    slug: string,
    reply: FastifyReply,
    target: ResolvedTarget,
  ): FastifyReply {
    if (target.opens === 'choose')
      return reply
        .headers(chooserHeaders)
        .code(200)
        .send(chooserOf(slug, target, request.headers));
    return redirect(reply, target.mailtoUrl);
  }

  /** A 302 to `url`, or the page with a button when the URL is too long for a header. */
  function redirect(reply: FastifyReply, url: string): FastifyReply {
    if (url.length > TRACKING_REDIRECT_URL_MAX)
      return reply.headers(longPageHeaders).code(200).send(longLinkPage(url));
    return trackingHeaders(reply).code(302).header('Location', url).send(redirectPage(url));
  }

  async function follow(
    request: FastifyRequest<{ Params: { slug: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const slug = request.params.slug;
    if (!SLUG_PATTERN.test(slug)) return notFound(reply);
    let target: ResolvedTarget | null;
    try {
      target = await clicks.follow(
        slug,
        clickClientOf(
          request.headers,
          request.method,
          // A client that already hung up has no address any more (Node reports undefined).
          request.ip as string | undefined,
          request.routeOptions.url === SCAN_ROUTE ? 'qr' : 'link',
        ),
      );
    } catch (err) {
      const failure = notStored(err);
      request.log.error({ err: failure.cause, slug }, failure.message);
      return trackingHeaders(reply).code(503).header('Retry-After', '1').send(failure.page);
    }
    if (!target) return notFound(reply);
    return answer(request, slug, reply, target);
  }

  return { lookup, answer, redirect, follow, notFound };
}

/**
 * The public redirect `GET /t/:slug` (also spelled `/t/:slug/`): records the click, then
 * answers 302 to the link's mailto: URL. A URL longer than TRACKING_REDIRECT_URL_MAX does not
 * fit a header that proxies and clients accept: the answer is then 200 with a page whose
 * button opens it. The click is committed before the answer is sent; if it cannot be stored
 * the answer is a 503 page with the link (no uncounted redirect). `HEAD` answers the same
 * headers and records nothing. Any other path under /t/ (or /T/) is the tracking 404 page,
 * never the web app. Outside /api/: no session, CSRF or JSON error handling applies.
 */
export async function redirectRoutes(app: App) {
  const clicks = app.services.clicks;
  const { lookup, answer, redirect, notFound, follow } = redirectHandlers(app);
  const headers = pageHeaders(app.config.publicUrl, null);

  for (const url of ['/t/:slug', '/t/:slug/', SCAN_ROUTE]) {
    app.route({
      method: 'GET',
      url,
      // The HEAD route below records nothing; Fastify's automatic one would run this handler.
      exposeHeadRoute: false,
      config: { securityHeaders: false },
      // Never compressed: the answer is small and every microsecond of the redirect counts.
      compress: false,
      schema: { hide: true, params: SlugParams },
      handler: follow,
    });

    app.route({
      method: 'HEAD',
      url,
      config: { securityHeaders: false },
      compress: false,
      schema: { hide: true, params: SlugParams },
      handler: async (request, reply) => {
        const target = await lookup(request.params.slug, request, reply);
        return target ? answer(request, request.params.slug, reply, target) : reply;
      },
    });
  }

  /**
   * Stores a chooser choice with its page view (the clicks module decides whether it counts);
   * a failure is logged, never shown: the visitor's message matters more than the count.
   */
  async function chosen(
    request: FastifyRequest,
    slug: string,
    target: ResolvedTarget,
    choice: OpenChoice,
    kind: 'door' | 'beacon',
  ): Promise<void> {
    if (target.opens !== 'choose') return;
    try {
      await clicks.choose(
        slug,
        target,
        choice,
        clickClientOf(request.headers, request.method, request.ip as string | undefined),
        kind,
      );
    } catch (err) {
      request.log.error({ err, slug, choice }, 'chooser choice not recorded');
    }
  }

  // The chooser page's doors: each way to write is a 302 to the URL built from the stored
  // link (never from the request), the choice stored with the page view first; an unknown
  // choice is the tracking 404 page.
  app.route({
    method: 'GET',
    url: '/t/:slug/open/:choice',
    config: { securityHeaders: false },
    compress: false,
    schema: { hide: true, params: DoorParams },
    handler: async (request, reply) => {
      const { choice, slug } = request.params;
      if (!isDoorChoice(choice)) return notFound(reply);
      const target = await lookup(slug, request, reply);
      if (!target) return reply;
      await chosen(request, slug, target, choice, 'door');
      return redirect(reply, choiceTarget(choice, target.fields, target.mailtoUrl));
    },
  });

  // The chooser page's copy beacon (`navigator.sendBeacon` once something was copied): 204,
  // whatever happened to the count; any other choice here is the tracking 404 page.
  app.route({
    method: 'POST',
    url: '/t/:slug/open/:choice',
    config: { securityHeaders: false },
    compress: false,
    schema: { hide: true, params: DoorParams },
    handler: async (request, reply) => {
      const { choice, slug } = request.params;
      if (choice !== COPY_CHOICE) return notFound(reply);
      const target = await lookup(slug, request, reply);
      if (!target) return reply;
      await chosen(request, slug, target, COPY_CHOICE, 'beacon');
      return reply.headers(headers).code(204).send();
    },
  });

  // Every other spelling (`/t/`, `/t//<slug>`, `/t/<slug>/more`, `/T/<slug>`): not a tracking
  // link, and not a page of the web app either.
  for (const url of ['/t', '/t/*', '/T', '/T/*']) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      exposeHeadRoute: false,
      config: { securityHeaders: false },
      compress: false,
      schema: { hide: true },
      handler: async (_request, reply) => notFound(reply),
    });
  }

  // PostgreSQL: clicks a previous run left in the inbox are applied before the server serves.
  app.addHook('onReady', async () => clicks.start());
  // Clicks being written when the server stops are committed (and applied) before the
  // database closes.
  app.addHook('preClose', async () => clicks.drain());
}

/**
 * The click path ahead of the framework's general hooks, for the clicks that reach Fastify
 * (`app.inject`, a query string; over the network node:http answers the rest first, see
 * `rawRedirectHandler`): registered on the root before any other hook, it answers
 * `GET /t/<slug>` (and `/t/<slug>/`) itself, with the same handler,
 * headers and pages as the route, so no hook meant for the API or the web app (security
 * headers, URL length, CSRF, sessions) runs for a click. A URL over MAX_URL_LENGTH and requests
 * arriving while the server shuts down go on to those hooks (414, 503) as before.
 */
export function registerRedirectFastPath(app: App): void {
  let handlers: ReturnType<typeof redirectHandlers> | null = null;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (
      request.method !== 'GET' ||
      (route !== '/t/:slug' && route !== '/t/:slug/' && route !== SCAN_ROUTE) ||
      closing ||
      request.url.length > MAX_URL_LENGTH
    ) {
      done();
      return;
    }
    // Answered here: `done` is not called, so the request goes no further.
    handlers ??= redirectHandlers(app);
    handlers
      .follow(request as FastifyRequest<{ Params: { slug: string } }>, reply)
      .catch((err: unknown) => reply.send(err));
  });
}

/**
 * The path of a redirect node:http answers itself: `/t/<slug>`, `/t/<slug>/` or the scan
 * address `/t/<slug>/q`, no query.
 */
const RAW_PATH = /^\/t\/([A-Za-z0-9]{1,32})(?:\/|(\/q))?$/;

/** What the node:http redirect needs besides the app. */
export interface RawRedirectOptions {
  /** The client's address as Fastify's `request.ip` reports it (TRUST_PROXY included). */
  clientIp: (req: IncomingMessage) => string | undefined;
  /** True once the server shuts down: requests then go on to Fastify (503). */
  closing: () => boolean;
  /** Records an answered request (what the metrics hook does for routes Fastify answers). */
  timed?: (route: string, status: number, seconds: number) => void;
}

/**
 * The redirect answered straight from node:http, in front of Fastify (app.ts passes every
 * request through it first): `GET /t/<slug>` and `/t/<slug>/` with a well-formed slug and no
 * query string get the same status, headers and pages as the route, without Fastify's request
 * and reply objects, routing or `onSend` chain. Returns false, touching nothing, for anything
 * else (HEAD, other paths and spellings, a query string, requests while the server shuts
 * down), which Fastify then answers as before.
 */
export function rawRedirectHandler(
  app: App,
  { clientIp, closing, timed }: RawRedirectOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const clicks = app.services.clicks;
  const headers = pageHeaders(app.config.publicUrl, null);
  const longPageHeaders = pageHeaders(app.config.publicUrl, LONG_LINK_SCRIPT_SOURCE);
  const chooserHeaders = pageHeaders(app.config.publicUrl, null, CHOOSER_CSP);

  return (req, res) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || closing()) return false;
    const m = RAW_PATH.exec(url);
    if (!m) return false;
    const slug = m[1] as string;
    const scan = m[2] !== undefined;
    const route = scan ? SCAN_ROUTE : url.endsWith('/') ? '/t/:slug/' : '/t/:slug';
    const started = timed ? performance.now() : 0;
    const send = (
      status: number,
      body: string,
      extra: Record<string, string> = headers,
      more?: Record<string, string>,
    ) => {
      res.writeHead(status, {
        ...extra,
        ...more,
        'content-length': String(Buffer.byteLength(body)),
      });
      res.end(body);
      timed?.(route, status, (performance.now() - started) / 1000);
    };
    void (async () => {
      let target: ResolvedTarget | null;
      try {
        target = await clicks.follow(
          slug,
          clickClientOf(req.headers, 'GET', clientIp(req), scan ? 'qr' : 'link'),
        );
      } catch (err) {
        const failure = notStored(err);
        app.log.error({ err: failure.cause, slug }, failure.message);
        send(503, failure.page, headers, { 'retry-after': '1' });
        return;
      }
      if (!target) {
        send(404, notFoundPage());
        return;
      }
      if (target.opens === 'choose') {
        send(200, chooserOf(slug, target, req.headers), chooserHeaders);
        return;
      }
      const mailto = target.mailtoUrl;
      if (mailto.length > TRACKING_REDIRECT_URL_MAX)
        send(200, longLinkPage(mailto), longPageHeaders);
      else send(302, redirectPage(mailto), headers, { location: mailto });
    })().catch((err: unknown) => {
      app.log.error({ err, slug }, 'tracking redirect failed');
      if (!res.headersSent) send(500, errorPage());
      else res.destroy();
    });
    return true;
  };
}

/**
 * The node:http redirect of `rawRedirectHandler` for this app: it stops answering once the app
 * starts closing. Call before the app is ready.
 */
export function registerRawRedirect(
  app: App,
  options: Omit<RawRedirectOptions, 'closing'>,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  return rawRedirectHandler(app, { ...options, closing: () => closing });
}
