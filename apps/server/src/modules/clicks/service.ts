import { createHmac, randomBytes } from 'node:crypto';
import type { ClickClass, ClickSource, OpenChoice } from '@mailtokit/contracts/analytics';
import { storableHeaderText } from '@mailtokit/contracts/fields';
import { mailtoOfStored, type StoredMailtoFields } from '@mailtokit/mailto';
import type { Conn, Db } from '../../db/database';
import type { TrackingOpens } from '../../db/types';
import type { AccountData } from '../../lib/account-data';
import type { Clock } from '../../lib/clock';
import { clientKey } from '../../lib/client-key';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { noObserver, type Observer } from '../../lib/metrics';
import { ClickRecorder } from './click-recorder';
import {
  applyClickInbox,
  applyClickRulesSqlite,
  countClickInbox,
  countClicksWaitingSqlite,
  INBOX_APPLY_LIMIT,
  queueClicksBySlugPostgres,
  queueClicksSqlite,
  SQLITE_APPLY_CHUNK,
  type ClickFields,
  type ClickRecord,
  type SlugClick,
} from './click-store';
import { InboxApplier } from './inbox-applier';
import { SqliteRulesApplier } from './sqlite-applier';
import { LookupBatcher } from './lookup-batcher';
import { MailtoUrlCache } from './mailto-cache';
import * as repo from './targets-repo';
import { referrerHost, USER_AGENT_MAX, UserAgentClassifier } from './user-agent';
import { HitClassifier, type ClickFilterList } from './classify';
import * as owners from './owner-repo';
import { FilteredRowBudget, InflationGuard } from './inflation';
import { loadGeoLocator, type PlaceLocator } from './geo';
import { recordChoice } from './choices';

export { loadClickFilterList } from './classify';
export { CHOICE_WINDOW_MS } from './choices';
export { loadGeoLocator, type PlaceLocator } from './geo';
export {
  applyClickRulesSqlite,
  markClicksApplied,
  rebuildClickDaily,
  SQLITE_APPLY_LIMIT,
} from './click-store';
export {
  DIMENSIONS,
  FILTERED_DIMENSION,
  NO_COUNTRY,
  NO_REFERRER,
  rebuildClickDimensions,
  type Dimension,
} from './dimensions';
import { VisitorHasher } from './visitor';

/** Where a tracking URL redirects: the stored link's fields, encoded by packages/mailto. */
export interface ResolvedTarget {
  trackingLinkId: number;
  mailtoLinkId: number;
  mailtoUrl: string;
  /** `direct`: answer with the 302; `choose`: with the chooser page. */
  opens: TrackingOpens;
  /** The stored link's fields (the chooser page builds its web-mail links from them). */
  fields: StoredMailtoFields;
}

/** The parts of a request a click records (the IP only ever goes into hashes). */
export interface ClickClient {
  ip: string;
  userAgent: string;
  referer: string | string[] | undefined;
  /** GET unless said; HEAD is a prefetch. */
  method?: string;
  /** What the classifier reads besides the agent (see HitRequest). */
  accept?: string;
  acceptLanguage?: string;
  secFetchMode?: string;
  secFetchDest?: string;
  purpose?: string;
  /** How the visitor came: `link` unless said (`qr`: the scan address). */
  source?: ClickSource;
}

/** A click that could not be stored; `target` is the link's when it could be read (else null). */
export class ClickNotStored extends Error {
  constructor(
    cause: unknown,
    readonly target: ResolvedTarget | null,
  ) {
    super(target ? 'click not recorded' : 'tracking link lookup failed', { cause });
  }
}

/** Options of the click path: the operator's extra filter list; where apply errors go. */
export interface TrackingOptions {
  clickFilter?: ClickFilterList;
  /** Where a click's place is read from; the bundled country database when absent. */
  geo?: PlaceLocator;
  /**
   * How long after a batch commits its clicks' rules are applied (more batches join them),
   * unless a read comes first; `APPLY_DELAY_MS` when absent.
   */
  applyDelayMs?: number;
  /** Told when applying the clicks' rules fails (it is retried). */
  onApplyError?: (err: unknown) => void;
}

/**
 * The click pipeline: follows a tracking link (classifies the hit, stores it with its rules,
 * answers its target), reads redirect targets, and tells readers when the clicks are applied.
 * Following a tracking link needs nothing.
 */
export class ClickService {
  /**
   * The click batches. SQLite: clicks by tracking link (looked up first), each batch stored
   * with its rules in one transaction. PostgreSQL: clicks by slug, each batch committed to the
   * inbox in one statement, which returns their targets (no separate lookup).
   */
  private readonly clicks:
    | { by: 'link'; recorder: ClickRecorder<ClickRecord> }
    | { by: 'slug'; recorder: ClickRecorder<SlugClick, repo.RedirectTarget | undefined> };
  /** PostgreSQL: applies the click inbox the redirects commit to; null on SQLite. */
  private readonly applier: InboxApplier | null;
  /** SQLite: applies the rules of the clicks the redirects commit; null on PostgreSQL. */
  private readonly sqliteApplier: SqliteRulesApplier | null;
  private readonly onApplyError: (err: unknown) => void;
  private readonly visitors: VisitorHasher;
  private readonly agents = new UserAgentClassifier();
  private readonly hits: HitClassifier;
  private readonly geo: PlaceLocator;
  private readonly inflation = new InflationGuard();
  /** The repeat guard of chooser choices: it spares the database a visitor hammering doors. */
  private readonly choiceInflation = new InflationGuard();
  /** Left-out hits each address may store as rows per minute; the rest are tallied. */
  private readonly filteredRows = new FilteredRowBudget();
  /** Keys client addresses in the inflation windows (never kept raw, not even in memory). */
  private readonly addressKey = randomBytes(16);
  /** PostgreSQL: slugs looked up together (HEAD requests; a failed click's 503 page). */
  private readonly targets: LookupBatcher<repo.RedirectTarget> | null;
  /** Built `mailto:` URLs per link version: encoding one was ~10% of a redirect's CPU. */
  private readonly urls = new MailtoUrlCache(mailtoOfStored);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Called after a commit that queued webhook events. */
    private readonly onClickEvents: () => void = () => undefined,
    observer: Observer = noObserver,
    options: TrackingOptions = {},
  ) {
    this.hits = new HitClassifier(options.clickFilter);
    this.geo = options.geo ?? loadGeoLocator(null);
    const onApplyError =
      options.onApplyError ?? ((err: unknown) => console.error('Applying clicks failed:', err));
    this.onApplyError = onApplyError;
    const driver = db.driver;
    const applier =
      driver.dialect === 'postgres'
        ? new InboxApplier({
            apply: () => applyClickInbox(driver.pool),
            limit: INBOX_APPLY_LIMIT,
            onEvents: () => this.onClickEvents(),
            onError: onApplyError,
            delayMs: options.applyDelayMs,
          })
        : null;
    this.applier = applier;
    const sqliteApplier =
      driver.dialect === 'sqlite'
        ? new SqliteRulesApplier({
            sqlite: driver.sqlite,
            apply: (limit) => applyClickRulesSqlite(driver.sqlite, limit),
            limit: SQLITE_APPLY_CHUNK,
            onEvents: () => this.onClickEvents(),
            onError: onApplyError,
            delayMs: options.applyDelayMs,
          })
        : null;
    this.sqliteApplier = sqliteApplier;
    // A redirect waits for its batch's commit only: SQLite commits the raw clicks, whose rules
    // the SQLite applier applies shortly after; PostgreSQL commits them to the inbox, which the
    // inbox applier applies shortly after.
    const timed = async <R>(rows: readonly unknown[], write: () => Promise<R>): Promise<R> => {
      const started = performance.now();
      const result = await write();
      observer.clickBatch(rows.length, (performance.now() - started) / 1000);
      return result;
    };
    this.clicks =
      driver.dialect === 'postgres' && applier
        ? {
            by: 'slug',
            recorder: new ClickRecorder(
              async (rows) => {
                const targets = await timed(rows, () =>
                  queueClicksBySlugPostgres(driver.pool, db.kysely, rows),
                );
                applier.queued();
                return targets;
              },
              1000,
              isDatabaseUnavailable,
            ),
          }
        : {
            by: 'link',
            recorder: new ClickRecorder(
              async (rows) => {
                await timed(rows, () => queueClicksSqlite(db, rows));
                sqliteApplier?.queued();
              },
              1000,
              isDatabaseUnavailable,
            ),
          };
    this.visitors = new VisitorHasher(db, clock);
    this.targets =
      driver.dialect === 'postgres'
        ? new LookupBatcher((slugs) =>
            repo.findRedirectTargetsPostgres(driver.pool, db.kysely, slugs),
          )
        : null;
  }

  /**
   * The country of a client address (offline database, nothing kept) and the browser and OS
   * families of a user agent, as clicks record them: for the list of signed-in sessions.
   */
  countryOf(ip: string): string | null {
    return this.geo.locate(ip).country;
  }

  /** Browser and OS families of a user agent (`Other` when unknown). */
  agentOf(userAgent: string): { browser: string; os: string } {
    const { browser, os } = this.agents.classify(userAgent);
    return { browser, os };
  }

  /**
   * Where a slug leads: from the stored link as read now (the URL is rebuilt whenever the
   * link's `updated_at` or fields differ from the cached ones), so an edit of the link changes
   * the target at once; null for unknown and deleted slugs and for deleted links.
   */
  async resolve(slug: string): Promise<ResolvedTarget | null> {
    const driver = this.db.driver;
    const target =
      driver.dialect === 'postgres'
        ? await this.targets!.get(slug)
        : (
            repo.findRedirectTargetSqlite(driver.sqlite, this.db.kysely, slug) ?? {
              target: await repo.findRedirectTarget(this.db.kysely, slug),
            }
          ).target;
    return target ? this.targetOf(target) : null;
  }

  private targetOf(target: repo.RedirectTarget): ResolvedTarget {
    return {
      trackingLinkId: target.trackingLinkId,
      mailtoLinkId: target.mailtoLinkId,
      mailtoUrl: this.urls.urlOf(target),
      opens: target.opens,
      fields: target,
    };
  }

  /**
   * Follows a tracking link: records the hit on the slug, dated by the app clock and classified
   * (a person's click, or left out of the counts with its reason), and returns its target once
   * the click is committed; null for unknown and deleted slugs (nothing is recorded). Throws
   * `ClickNotStored` when the click could not be stored, with the target when it is known.
   * On PostgreSQL the click and the lookup are one statement per batch.
   */
  async follow(slug: string, client: ClickClient): Promise<ResolvedTarget | null> {
    const clicks = this.clicks;
    if (clicks.by === 'slug') {
      const click = await this.clickOf(slug, client);
      let found: repo.RedirectTarget | undefined;
      try {
        found = await clicks.recorder.record({ slug, ...click });
      } catch (err) {
        // The 503 page offers the link when it can still be read; not when the database is
        // out of reach (the lookup would only wait for it again).
        const target = isDatabaseUnavailable(err)
          ? null
          : await this.resolve(slug).catch(() => null);
        throw new ClickNotStored(err, target);
      }
      return found ? this.targetOf(found) : null;
    }
    let target: ResolvedTarget | null;
    try {
      target = await this.resolve(slug);
    } catch (err) {
      throw new ClickNotStored(err, null);
    }
    if (!target) return null;
    const click = await this.clickOf(slug, client);
    // A chooser page view waits for its visitor's choice (`none` until one comes).
    if (target.opens === 'choose' && click.is_bot === 0) click.opened_with = 'none';
    try {
      await clicks.recorder.record({
        ...click,
        tracking_link_id: target.trackingLinkId,
        mailto_link_id: target.mailtoLinkId,
      });
    } catch (err) {
      throw new ClickNotStored(err, target);
    }
    return target;
  }

  /** A hit as a click row (but for its link): dated, parsed, hashed and classified. */
  private async clickOf(slug: string, client: ClickClient): Promise<ClickFields> {
    const at = this.clock();
    const occurredAt = at.toISOString();
    // Header text may hold control characters (latin-1 bytes a client sent): never stored.
    const userAgent = storableHeaderText(client.userAgent).slice(0, USER_AGENT_MAX);
    const agent = this.agents.classify(userAgent);
    // Visitors, repeats and the stored-row budget are counted per client key (an IPv6 client
    // per /64 network); scanner address ranges still match the full address.
    const clientNet = clientKey(client.ip);
    const visitorHash = await this.visitors.hash(occurredAt.slice(0, 10), clientNet, userAgent);
    let classification: ClickClass = this.hits.classify({
      method: client.method ?? 'GET',
      ip: client.ip,
      userAgent,
      accept: client.accept,
      acceptLanguage: client.acceptLanguage,
      secFetchMode: client.secFetchMode,
      secFetchDest: client.secFetchDest,
      purpose: client.purpose,
    });
    const address = createHmac('sha256', this.addressKey).update(clientNet).digest('base64');
    // A slug names one tracking link for good (slugs are never reused).
    if (
      classification === 'human' &&
      !this.inflation.admit(slug, address, visitorHash, at.getTime())
    )
      classification = 'repeat';
    // Past the address's rate, a left-out hit is tallied instead of stored as a row.
    const tallied = classification !== 'human' && !this.filteredRows.admit(address, at.getTime());
    // Only the place is kept (and only of a stored row); the address never is.
    const place = tallied ? null : this.geo.locate(client.ip);
    return {
      ...(tallied ? { tallied } : {}),
      occurred_at: occurredAt,
      referrer_host: referrerHost(client.referer),
      browser: agent.browser,
      os: agent.os,
      device: agent.device,
      is_bot: classification === 'human' ? 0 : 1,
      classification,
      visitor_hash: visitorHash,
      country: place?.country ?? null,
      region: place?.region ?? null,
      city: place?.city ?? null,
      source: client.source ?? 'link',
    };
  }

  /**
   * A chooser page's choice (`door`: a link on the page, a navigation; `beacon`: the page's
   * copy beacon): classified like a click (a beacon without the navigation checks), passed
   * through a repeat guard of its own, then stored with the visitor's page view that awaits a
   * choice, if any (choices.ts: one choice per page view). Resolves true when a page view took
   * it. The visitor is told nothing either way: a door answers its redirect all the same.
   */
  async choose(
    slug: string,
    target: ResolvedTarget,
    choice: OpenChoice,
    client: ClickClient,
    kind: 'door' | 'beacon',
  ): Promise<boolean> {
    const at = this.clock();
    const userAgent = storableHeaderText(client.userAgent).slice(0, USER_AGENT_MAX);
    const classification = this.hits.classify(
      {
        method: client.method ?? 'GET',
        ip: client.ip,
        userAgent,
        accept: client.accept,
        acceptLanguage: client.acceptLanguage,
        secFetchMode: client.secFetchMode,
        secFetchDest: client.secFetchDest,
        purpose: client.purpose,
      },
      kind === 'beacon',
    );
    if (classification !== 'human') return false;
    const clientNet = clientKey(client.ip);
    const occurredAt = at.toISOString();
    const visitorHash = await this.visitors.hash(occurredAt.slice(0, 10), clientNet, userAgent);
    const address = createHmac('sha256', this.addressKey).update(clientNet).digest('base64');
    if (!this.choiceInflation.admit(slug, address, visitorHash, at.getTime())) return false;
    // PostgreSQL: the page view may still wait in this instance's inbox.
    await this.readBarrier();
    const { recorded, events } = await recordChoice(this.db, {
      trackingLinkId: target.trackingLinkId,
      mailtoLinkId: target.mailtoLinkId,
      visitorHash,
      choice,
      at: occurredAt,
    });
    if (events > 0) this.onClickEvents();
    return recorded;
  }

  /** Clicks waiting for the next commit: a queue here means the database path is busy. */
  get clicksWaiting(): number {
    return this.clicks.recorder.pending;
  }

  /**
   * Before a query that reads what the click rules write (analytics, click totals, the webhook
   * outbox): a promise of this instance's waiting clicks being applied, or undefined when none
   * wait. It never rejects: if applying fails (and is retried), the query reads what is applied.
   */
  readBarrier(): Promise<void> | undefined {
    // SQLite: applied now, synchronously (the query that waits holds the one connection).
    this.sqliteApplier?.barrier();
    const applier = this.applier;
    if (!applier?.pending) return undefined;
    return applier.settle().catch(this.onApplyError);
  }

  /**
   * Applies what a previous run left waiting (SQLite: clicks past the mark; PostgreSQL: the
   * click inbox), then keeps applying.
   */
  async start(): Promise<void> {
    this.sqliteApplier?.start();
    await this.applier?.start();
  }

  /**
   * Clicks stored whose rules are not applied yet: PostgreSQL, those in the inbox (this and
   * every other instance's); SQLite, those past the mark. Read straight from the driver: no
   * read barrier.
   */
  async clicksUnapplied(): Promise<number> {
    const driver = this.db.driver;
    return driver.dialect === 'postgres'
      ? countClickInbox(driver.pool)
      : countClicksWaitingSqlite(driver.sqlite);
  }

  /**
   * The account's deletion: the click data of every link the user wrote goes (before the
   * links). `click_owner_daily`, `click_owner_dims` and `click_owner_places` go with the links
   * themselves (see owner-repo.ts). The export counts clicks per tracking link through
   * `clickTotals`, which the tracking module asks.
   */
  readonly accountData: AccountData = {
    tables: ['click_owner_daily', 'click_owner_dims', 'click_owner_places'],
    deleteFor: (trx, user) => owners.deleteClicksOfAuthor(trx, user.id),
  };

  /** Human and left-out clicks per tracking link (the account export's counts). */
  clickTotals(
    db: Conn,
    trackingLinkIds: readonly number[],
  ): Promise<Map<number, owners.ClickTotals>> {
    return owners.clickTotals(db, trackingLinkIds);
  }

  /** The account export's hook: human clicks per tracking link, country and city. */
  clickPlaces(
    db: Conn,
    trackingLinkIds: readonly number[],
  ): Promise<Map<number, owners.PlaceCount[]>> {
    return owners.clickPlaces(db, trackingLinkIds);
  }

  /** Waits for clicks being written (on shutdown), then applies them. */
  async drain(): Promise<void> {
    await this.clicks.recorder.drain();
    this.sqliteApplier?.stop();
    await this.applier?.stop();
  }
}
