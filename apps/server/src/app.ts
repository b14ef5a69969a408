import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DEFAULT_WEBHOOKS, type Config } from './config';
import type { Db } from './db/database';
import { registerAuthHook } from './lib/auth-hook';
import { openapiOptions } from './lib/openapi';
import { registerSecurityHeaders } from './lib/security-headers';
import { AppError, notFound } from './lib/errors';
import { errorHandler } from './lib/error-handler';
import { foldOutageLines, logRecovery, OutageLog } from './lib/db-errors';
import {
  apiNotFound,
  httpEdgeOptions,
  isApiPath,
  isApiRequest,
  registerHttpEdges,
  requestPath,
  type HttpTimeouts,
} from './lib/http-edges';
import { Limiter, type LimitRule } from './lib/limiter';
import { Metrics, noObserver, type Observer } from './lib/metrics';
import type { App } from './lib/types';
import { systemClock, type Clock } from './lib/clock';
import { loadClickFilterList } from './modules/tracking/service';
import { Mailer, type Wait } from './modules/mail/service';
import { AccessService } from './modules/access/service';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { analyticsRoutes } from './modules/analytics/routes';
import { AnalyticsService } from './modules/analytics/service';
import { authRoutes } from './modules/auth/routes';
import { AuthService, LOGIN_THROTTLED, PASSWORD_THROTTLED } from './modules/auth/service';
import { EXPORTS_THROTTLED } from '@mailtokit/contracts/account';
import { PasswordResetService } from './modules/auth/password-reset';
import { contactRoutes } from './modules/contact/routes';
import { ContactService } from './modules/contact/service';
import { linkRoutes } from './modules/links/routes';
import { registerMetrics } from './modules/metrics/routes';
import { LinksService } from './modules/links/service';
import { systemRoutes } from './modules/system/routes';
import { SystemService } from './modules/system/service';
import { teamRoutes } from './modules/teams/routes';
import { tokenRoutes } from './modules/tokens/routes';
import { TokensService } from './modules/tokens/service';
import { webhookRoutes } from './modules/webhooks/routes';
import { WebhooksService } from './modules/webhooks/service';
import { WebhookWorker } from './modules/webhooks/worker';
import { TeamsService } from './modules/teams/service';
import { INVITATIONS_LIMIT, InvitationsService } from './modules/teams/invitations';
import { invitationRoutes } from './modules/teams/invitations-routes';
import { INVITATION_MESSAGES } from '@mailtokit/contracts/invitations';
import { siteRoutes } from './modules/site/routes';
import {
  redirectRoutes,
  registerRedirectFastPath,
  trackingRoutes,
} from './modules/tracking/routes';
import { TrackingService } from './modules/tracking/service';
import { userRoutes } from './modules/users/routes';
import { EMAIL_CHANGES_THROTTLED, UsersService } from './modules/users/service';

export interface Services {
  account: AccountService;
  auth: AuthService;
  passwordReset: PasswordResetService;
  users: UsersService;
  links: LinksService;
  tracking: TrackingService;
  analytics: AnalyticsService;
  teams: TeamsService;
  invitations: InvitationsService;
  contact: ContactService;
  system: SystemService;
  tokens: TokensService;
  webhooks: WebhooksService;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    services: Services;
    /** Outgoing e-mail (sent in the background; nothing when SMTP_URL is unset). */
    mailer: Mailer;
    /** The current time, for timestamps and rules that expire (sessions, reset links); tests move it. */
    clock: Clock;
    limiter: Limiter;
    /** Sends webhook deliveries in the background (started when the app is ready). */
    webhookWorker: WebhookWorker;
  }
}

/** What tests (and only tests) replace in the app. */
export interface AppOptions {
  clock?: Clock;
  /** Pauses between e-mail retries, and how they are waited for. */
  mailRetryDelaysMs?: readonly number[];
  mailWait?: Wait;
  /** How long a request may take to arrive (tests shorten it). */
  http?: HttpTimeouts;
}

/** Largest JSON body accepted; larger ones get 413. */
export const BODY_LIMIT = 256 * 1024;

/** Smallest response body worth compressing on the fly. */
export const COMPRESS_THRESHOLD = 1024;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Builds the whole application (API, docs, SPA) on an open, migrated database.
 * Does not listen: main.ts does, tests use inject().
 */
export async function buildApp(config: Config, db: Db, opts: AppOptions = {}): Promise<App> {
  const outage = new OutageLog(() => (opts.clock ?? systemClock)().getTime());
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, hooks: { logMethod: foldOutageLines(outage) } },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    ...httpEdgeOptions(opts.http),
    // A malformed URL (bad percent-encoding) gets the same `{detail, code}` body as any error.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // Only JSON bodies: a text/plain or form POST is how cross-site requests sneak in.
  app.removeContentTypeParser(['text/plain']);

  db.onConnectionError((err) =>
    app.log.error({ err }, 'database connection error (the pool reconnects on the next query)'),
  );
  logRecovery(db, outage, app.log);
  const limiter = new Limiter(db, limitRules(config));
  app.decorate('db', db);
  app.decorate('config', config);
  const clock = opts.clock ?? systemClock;
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    retryDelaysMs: opts.mailRetryDelaysMs,
    wait: opts.mailWait,
  });
  app.decorate('clock', clock);
  app.decorate('mailer', mailer);
  if (!config.smtpUrl)
    app.log.warn(
      'SMTP_URL is not set: no e-mail is sent (password-reset links come from `npm run admin -- reset-link <username>`)',
    );
  app.decorate('limiter', limiter);
  const webhookSettings = config.webhooks ?? DEFAULT_WEBHOOKS;
  const metrics: Metrics | null = config.metricsToken
    ? new Metrics({
        clicksWaiting: () => app.services.tracking.clicksWaiting,
        webhookBacklog: () => webhookWorker.backlog(),
        pool: () => poolUse(db),
      })
    : null;
  const observer: Observer = metrics ?? noObserver;
  const webhookWorker = new WebhookWorker(
    db,
    webhookSettings,
    clock,
    app.log,
    () => app.services.tracking.clicksWaiting,
    observer,
  );
  app.decorate('webhookWorker', webhookWorker);
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const users = new UsersService(db, clock, { limiter, mailer, baseUrl });
  const tokens = new TokensService(db, users, clock);
  const access = new AccessService(db);
  app.decorate('services', {
    account: new AccountService(db, clock, limiter, () => webhookWorker.writeOutQueued()),
    auth: new AuthService(
      db,
      users,
      limiter,
      {
        defaultTier: config.defaultTier,
        sessionTtlMs: config.sessionTtlMs,
      },
      clock,
    ),
    passwordReset: new PasswordResetService(db, { users, tokens }, mailer, clock, limiter, {
      baseUrl,
      log: app.log,
    }),
    users,
    links: new LinksService(
      db,
      access,
      clock,
      () => webhookWorker.writeOutQueued(),
      config.linksPerUserMax,
    ),
    tracking: new TrackingService(
      db,
      () => app.services.links,
      clock,
      () => webhookWorker.nudge(),
      observer,
      { clickFilter: config.clickFilterFile ? loadClickFilterList(config.clickFilterFile) : {} },
    ),
    analytics: new AnalyticsService(db, () => app.services.links, clock),
    // A member who leaves (or is removed) takes their links back from the team; a deleted
    // team gives every shared link back to its author: in the teams module's transaction.
    teams: new TeamsService(db, users, clock, (conn, teamId, userId) =>
      app.services.links.unshareAll(conn, teamId, userId),
    ),
    invitations: new InvitationsService(db, users, mailer, clock, limiter),
    contact: new ContactService(db, clock),
    system: new SystemService(db),
    tokens,
    webhooks: new WebhooksService(
      db,
      () => app.services.links,
      webhookSettings,
      clock,
      limiter,
      () => webhookWorker.nudge(),
    ),
  });

  // The click redirect answers ahead of every other hook (tracking/routes.ts).
  registerRedirectFastPath(app);
  // Layer 1: external plugins.
  registerSecurityHeaders(app, config);
  // JSON (and other text) answers of 1 KB or more go out brotli or gzip, as the client accepts.
  // Built web assets are compressed once at build time instead (see registerSpa); the
  // tracking redirect opts out (`compress: false`). Request bodies are never inflated.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, openapiOptions(config));
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles; our pages allow the same.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });

  // Layer 2: our cross-cutting hooks.
  registerHttpEdges(app);
  app.addHook('onRequest', csrfGuard(config));
  registerAuthHook(app);
  registerMetrics(app, metrics);

  // Layer 3: routes.
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(linkRoutes);
  await app.register(teamRoutes);
  await app.register(invitationRoutes);
  await app.register(tokenRoutes);
  await app.register(webhookRoutes);
  await app.register(contactRoutes);
  await app.register(trackingRoutes);
  await app.register(analyticsRoutes);
  await app.register(redirectRoutes);
  await app.register(siteRoutes);

  registerSpa(app, config.webDist);
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('preClose', async () => webhookWorker.stop());
  app.addHook('onClose', async () => {
    await app.services.passwordReset.idle();
    await app.mailer.close();
    limiter.close();
    await db.destroy();
  });
  return app;
}

/** PostgreSQL pool connections running a query and queries waiting for one; null on SQLite. */
function poolUse(db: Db): { inUse: number; waiting: number } | null {
  if (db.driver.dialect !== 'postgres') return null;
  const { pool } = db.driver;
  return { inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
}

/** The limits every instance shares (through the database); modules may define more. */
function limitRules(config: Config): Record<string, LimitRule> {
  const { limits } = config;
  const signIn = { detail: LOGIN_THROTTLED };
  const ceiling = { durationMs: limits.loginCeilingWindowMs, ...signIn };
  return {
    loginIp: { points: limits.loginFailuresPerIp, ...ceiling },
    loginPair: {
      points: limits.loginFailuresPerUserAndIp,
      durationMs: limits.loginWindowMs,
      ...signIn,
    },
    loginUser: { points: limits.loginFailuresPerUser, ...ceiling },
    passwordChange: {
      points: limits.loginFailuresPerUserAndIp,
      durationMs: limits.loginWindowMs,
      detail: PASSWORD_THROTTLED,
    },
    passwordResetConfirm: {
      points: limits.passwordResetConfirmsPerIp,
      durationMs: limits.loginWindowMs,
    },
    emailChange: {
      points: limits.emailChangesPerHour,
      durationMs: 60 * 60_000,
      detail: EMAIL_CHANGES_THROTTLED,
    },
    register: { points: limits.registrationsPerHour, durationMs: 60 * 60_000 },
    contact: { points: limits.contactPerHour, durationMs: 60 * 60_000 },
    passwordReset: { points: limits.passwordResetsPerHour, durationMs: 60 * 60_000 },
    [INVITATIONS_LIMIT]: {
      points: limits.invitationsPerDay,
      durationMs: 24 * 60 * 60_000,
      detail: INVITATION_MESSAGES.dailyLimit,
    },
    accountExport: {
      points: limits.accountExportsPerHour,
      durationMs: 60 * 60_000,
      detail: EXPORTS_THROTTLED,
    },
  };
}

/**
 * CSRF defence for cookie sessions: unsafe methods must carry a JSON body (enforced by the
 * content-type parsers) and, when the browser sends an Origin, it must be our own.
 */
function csrfGuard(config: Config) {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  return async (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin)
      throw new AppError(403, 'CSRF_REJECTED', 'Cross-site request rejected');
  };
}

/** Headers `@fastify/static` sets that an immutable hashed asset has no use for. */
const ASSET_HEADERS_LEFT_OUT = ['etag', 'last-modified', 'accept-ranges'] as const;

/** `app.js.br` -> `app.js`: the file a pre-compressed variant stands for. */
const uncompressedName = (filePath: string) => filePath.replace(/\.(br|gz)$/, '');

/**
 * Serves the built web app; any non-API path falls back to index.html (client routing).
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text file, so a
 * request gets the smallest variant its `Accept-Encoding` allows, with `Vary: Accept-Encoding`.
 */
function registerSpa(app: App, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasSpa = index !== null && fs.existsSync(index);
  const prerendered = hasSpa && webDist ? prerenderedPages(webDist) : new Map<string, string>();
  if (hasSpa && webDist) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, filePath) => {
        const file = uncompressedName(filePath);
        // Vite's hashed assets never change: cached for a year, never revalidated, so they
        // carry no validators (ETag, Last-Modified) and no Accept-Ranges: ~100 bytes fewer on
        // each of the dozens of files a page loads. Everything else revalidates.
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
          for (const name of ASSET_HEADERS_LEFT_OUT) res.removeHeader(name);
        }
        // The page itself always revalidates, so a deploy never leaves it pointing at old chunks.
        else if (file.endsWith('.html')) res.header('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const where = requestPath(request.url);
    if (isApiPath(where)) throw apiNotFound(app, request);
    // A missing hashed file (an old build's chunk) is a 404, never the app's HTML in its place.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !where.startsWith('/assets/');
    if (!isPage) throw notFound(`No route ${request.method} ${where}`);
    if (!hasSpa)
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
    const page = prerendered.get(where);
    return reply.header('Cache-Control', 'no-cache').sendFile(page ?? 'index.html');
  });
}

/**
 * The public pages the web build prerendered (`dist/pages/<name>.html`, `index` for `/`):
 * served with their content and their own title, instead of the empty app shell.
 */
function prerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(webDist, 'pages');
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, `pages/${file}`);
  }
  return pages;
}
