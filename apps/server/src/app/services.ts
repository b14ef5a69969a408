import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_WEBHOOKS, publicBaseUrl, type Config } from '../config';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Limiter } from '../lib/limiter';
import type { Passwords } from '../lib/password-gate';
import type { Observer } from '../lib/metrics';
// Imported in this order (tracking first) so that the OpenAPI document lists its schemas in a
// stable order: the contracts register them as their modules load.
import { ClickService, loadClickFilterList, loadGeoLocator } from '../modules/clicks/service';
import { TrackingService } from '../modules/tracking/service';
import type { Mailer } from '../modules/mail/service';
import { AccessService } from '../modules/access/service';
import { AccountService } from '../modules/account/service';
import { AuditService } from '../modules/audit/service';
import { SecurityLogService } from '../modules/security-log/service';
import { AnalyticsService } from '../modules/analytics/service';
import { AuthService } from '../modules/auth/service';
import { PasswordResetService } from '../modules/auth/password-reset';
import { ContactService } from '../modules/contact/service';
import { LinksService } from '../modules/links/service';
import { SystemService } from '../modules/system/service';
import { TokensService } from '../modules/tokens/service';
import { WebhooksService } from '../modules/webhooks/service';
import type { WebhookWorker } from '../modules/webhooks/worker';
import { TeamsService } from '../modules/teams/service';
import { InvitationsService } from '../modules/teams/invitations';
import { UsersService } from '../modules/users/service';

export interface Services {
  access: AccessService;
  securityLog: SecurityLogService;
  audit: AuditService;
  account: AccountService;
  auth: AuthService;
  passwordReset: PasswordResetService;
  users: UsersService;
  links: LinksService;
  tracking: TrackingService;
  clicks: ClickService;
  analytics: AnalyticsService;
  teams: TeamsService;
  invitations: InvitationsService;
  contact: ContactService;
  system: SystemService;
  tokens: TokensService;
  webhooks: WebhooksService;
}

/** What the services share: the process's infrastructure, built by `buildApp`. */
export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  limiter: Limiter;
  passwords: Passwords;
  mailer: Mailer;
  webhookWorker: WebhookWorker;
  observer: Observer;
  log: FastifyBaseLogger;
  /** See `AppOptions.clickRulesDelayMs`. */
  clickRulesDelayMs?: number;
}

/**
 * The composition root: every service, built once, each handed the others it uses. Modules
 * never build each other; what one module must do when another changes something (links
 * unshared when memberships end) is a hook wired here.
 */
export function buildServices(deps: ServiceDeps): Services {
  const { config, db, clock, limiter, passwords, mailer, webhookWorker, observer, log } = deps;
  const baseUrl = publicBaseUrl(config);
  // Each account's security log, appended by the modules that change its security.
  const securityLog = new SecurityLogService(db, clock);
  const users = new UsersService(db, clock, { limiter, mailer, baseUrl, securityLog });
  const tokens = new TokensService(db, users, clock, securityLog);
  const access = new AccessService(db, clock);
  // Every change to a team's content and membership is appended to its log here.
  const audit = new AuditService(db, access, clock);
  const links = new LinksService(
    db,
    access,
    clock,
    audit,
    () => webhookWorker.writeOutQueued(),
    config.linksPerUserMax,
  );
  const clicks = new ClickService(db, clock, () => webhookWorker.nudge(), observer, {
    clickFilter: config.clickFilterFile ? loadClickFilterList(config.clickFilterFile) : {},
    geo: loadGeoLocator(config.geoipDbFile ?? null),
    onApplyError: (err) => log.error({ err }, 'applying clicks failed (retried)'),
    applyDelayMs: deps.clickRulesDelayMs,
  });
  const auth = new AuthService(
    db,
    users,
    passwords,
    {
      defaultTier: config.defaultTier,
      sessionTtlMs: config.sessionTtlMs,
      clients: clicks,
    },
    clock,
    securityLog,
    limiter,
  );
  const tracking = new TrackingService(
    db,
    () => links,
    clock,
    audit,
    () => clicks,
  );
  // A member who leaves (or is removed) takes their links back from the team; a deleted
  // team gives every shared link back to its author: in the teams module's transaction.
  const teams = new TeamsService(db, users, clock, audit, (conn, teamId, userId) =>
    links.unshareAll(conn, teamId, userId),
  );
  const contact = new ContactService(db, clock);
  const webhooks = new WebhooksService(
    db,
    () => links,
    config.webhooks ?? DEFAULT_WEBHOOKS,
    clock,
    securityLog,
    limiter,
    () => webhookWorker.nudge(),
  );
  // Every module that keeps rows of a user: what it exports and deletes with the account. In
  // the order deletion runs (one transaction): teams first (they refuse while the user owns a
  // team with other members), then click data, tracking links and webhooks before the links
  // they point at, the user's own row last.
  const accountData = [
    teams.accountData,
    clicks.accountData,
    tracking.accountData,
    webhooks.accountData,
    links.accountData,
    tokens.accountData,
    auth.accountData,
    contact.accountData,
    securityLog.accountData,
    users.accountData,
  ];
  return {
    access,
    audit,
    securityLog,
    account: new AccountService(
      db,
      clock,
      limiter,
      passwords,
      () => accountData,
      () => webhookWorker.writeOutQueued(),
    ),
    auth,
    passwordReset: new PasswordResetService(
      db,
      { users, tokens, securityLog },
      mailer,
      clock,
      limiter,
      passwords,
      { baseUrl, log },
    ),
    users,
    links,
    tracking,
    clicks,
    analytics: new AnalyticsService(db, () => links, clock),
    teams,
    invitations: new InvitationsService(db, users, mailer, clock, limiter, baseUrl, audit),
    contact,
    system: new SystemService(db),
    tokens,
    webhooks,
  };
}
