import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DEFAULT_WEBHOOKS, type Config } from './config';
import type { Db } from './db/database';
import { startWalCheckpointer } from './db/wal-checkpointer';
import { registerAuthHook } from './lib/auth-hook';
import { registerRequestClient } from './lib/request-client';
import { openapiOptions } from './lib/openapi';
import { registerSecurityHeaders } from './lib/security-headers';
import { errorHandler } from './lib/error-handler';
import { foldOutageLines, logRecovery, OutageLog } from './lib/db-errors';
import { httpEdgeOptions, registerHttpEdges, type HttpTimeouts } from './lib/http-edges';
import { Limiter } from './lib/limiter';
import { defaultHashingLimits, HashGate, Passwords } from './lib/password-gate';
import { Metrics, noObserver, type Observer } from './lib/metrics';
import type { App } from './lib/types';
import { systemClock, type Clock } from './lib/clock';
import { buildServices, type Services } from './app/services';
import { Mailer, type Wait } from './modules/mail/service';
import { accountRoutes } from './modules/account/routes';
import { securityLogRoutes } from './modules/security-log/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { linkRoutes } from './modules/links/routes';
import { registerMetrics } from './modules/metrics/routes';
import { systemRoutes } from './modules/system/routes';
import { teamRoutes } from './modules/teams/routes';
import { auditRoutes } from './modules/audit/routes';
import { tokenRoutes } from './modules/tokens/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { WebhookWorker } from './modules/webhooks/worker';
import { invitationRoutes } from './modules/teams/invitations-routes';
import { siteRoutes } from './modules/site/routes';
import {
  registerRawRedirect,
  redirectRoutes,
  registerRedirectFastPath,
  trackingRoutes,
} from './modules/tracking/routes';
import {
  clientIpOf,
  proxyTrustOf,
  serverWithHandlerAhead,
  type RawHandler,
} from './lib/raw-server';
import { userRoutes } from './modules/users/routes';
import { csrfGuard } from './app/csrf';
import { limitRules } from './app/limits';
import { registerSpa } from './app/spa';

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
    /** Every password hash of the process: budgets, then a bounded number at once. */
    passwords: Passwords;
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
  /** How long after a click batch commits its rules are applied, unless a read comes first. */
  clickRulesDelayMs?: number;
}

/** Largest JSON body accepted; larger ones get 413. */
export const BODY_LIMIT = 256 * 1024;

/** Smallest response body worth compressing on the fly. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Builds the whole application (API, docs, SPA) on an open, migrated database.
 * Does not listen: main.ts does, tests use inject().
 */
export async function buildApp(config: Config, db: Db, opts: AppOptions = {}): Promise<App> {
  const outage = new OutageLog(() => (opts.clock ?? systemClock)().getTime());
  // The click redirect, answered by node:http ahead of Fastify once the app is built.
  let rawRedirect: RawHandler | null = null;
  // One trust function for Fastify's `request.ip` and the redirect's own reading of it.
  const proxyTrust = proxyTrustOf(config.trustProxy);
  const app = Fastify({
    serverFactory: serverWithHandlerAhead(() => rawRedirect),
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, hooks: { logMethod: foldOutageLines(outage) } },
    trustProxy: proxyTrust,
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
  // SQLite: the write-ahead log is copied back into the file by a worker thread, not by the
  // commit of a request that happens to cross the threshold.
  const checkpointer =
    db.driver.dialect === 'sqlite'
      ? startWalCheckpointer(db.driver.sqlite, {
          onError: (err) => app.log.warn({ err }, 'WAL checkpoints are back on the request thread'),
        })
      : null;
  const limiter = new Limiter(db, limitRules(config));
  const { cost, ...hashingLimits } = config.hashing ?? {};
  const hashGate = new HashGate({
    ...defaultHashingLimits(hashingLimits.concurrency),
    ...hashingLimits,
  });
  const passwords = new Passwords(limiter, hashGate, cost);
  app.decorate('passwords', passwords);
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
      'SMTP_URL is not set: no email is sent (password-reset links come from `npm run admin -- reset-link <username>`)',
    );
  app.decorate('limiter', limiter);
  const metrics: Metrics | null = config.metricsToken
    ? new Metrics({
        clicksWaiting: () => app.services.clicks.clicksWaiting,
        clicksUnapplied: () => app.services.clicks.clicksUnapplied(),
        webhookBacklog: () => webhookWorker.backlog(),
        pool: () => poolUse(db),
        passwordHashing: () => ({
          ...hashGate.state,
          refused: { busy: hashGate.counts.busy, client: hashGate.counts.perClient },
        }),
      })
    : null;
  const observer: Observer = metrics ?? noObserver;
  const webhookWorker = new WebhookWorker(
    db,
    config.webhooks ?? DEFAULT_WEBHOOKS,
    clock,
    app.log,
    () => app.services.clicks.clicksWaiting,
    observer,
  );
  app.decorate('webhookWorker', webhookWorker);
  app.decorate(
    'services',
    buildServices({
      config,
      db,
      clock,
      limiter,
      passwords,
      mailer,
      webhookWorker,
      observer,
      log: app.log,
      clickRulesDelayMs: opts.clickRulesDelayMs,
    }),
  );
  // Every query first waits for the clicks this process answered to be applied.
  db.setReadBarrier(() => app.services.clicks.readBarrier());

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
  registerRequestClient(app);
  registerAuthHook(app);
  registerMetrics(app, metrics);

  // Layer 3: routes.
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(securityLogRoutes);
  await app.register(linkRoutes);
  await app.register(teamRoutes);
  await app.register(auditRoutes);
  await app.register(invitationRoutes);
  await app.register(tokenRoutes);
  await app.register(webhookRoutes);
  await app.register(contactRoutes);
  await app.register(trackingRoutes);
  await app.register(analyticsRoutes);
  await app.register(redirectRoutes);
  await app.register(siteRoutes);

  registerSpa(app, config.webDist);
  rawRedirect = registerRawRedirect(app, {
    clientIp: clientIpOf(proxyTrust),
    timed: metrics ? (route, status, s) => metrics.request('GET', route, status, s) : undefined,
  });
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('preClose', async () => webhookWorker.stop());
  app.addHook('onClose', async () => {
    await app.services.passwordReset.idle();
    await app.mailer.close();
    limiter.close();
    await checkpointer?.stop();
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
