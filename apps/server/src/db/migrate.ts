import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database';
import { m001UsersSessions } from './migrations/001-users-sessions';
import { m002ContactMessages } from './migrations/002-contact-messages';
import { m003MailtoLinks } from './migrations/003-mailto-links';
import { m004Teams } from './migrations/004-teams';
import { m005Tracking } from './migrations/005-tracking';
import { m006ClicksDimensionsIndex } from './migrations/006-clicks-dimensions-index';
import { m007TokensWebhooks } from './migrations/007-tokens-webhooks';
import { m008PasswordResets } from './migrations/008-password-resets';
import { m009RateLimits } from './migrations/009-rate-limits';
import { m010LinksSearch } from './migrations/010-links-search';
import { m011LinksNameOrder } from './migrations/011-links-name-order';
import { m012LinksSearchTable } from './migrations/012-links-search-table';
import { m013LinksClickTotal } from './migrations/013-links-click-total';
import { m014WebhookOutbox } from './migrations/014-webhook-outbox';
import { m015LinksSearchByUser } from './migrations/015-links-search-by-user';
import { m016TeamInvitations } from './migrations/016-team-invitations';
import { m017ClickClassification } from './migrations/017-click-classification';
import { m019ClickDimensions } from './migrations/019-click-dimensions';
import { m021ClickDimensionsPerBatch } from './migrations/021-click-dimensions-per-batch';
import { m022ClickInbox } from './migrations/022-click-inbox';
import { m023DimsTriggerWhen } from './migrations/023-dims-trigger-when';
import { m024ServerSecrets } from './migrations/024-server-secrets';
import { m026InvitationMailLimits } from './migrations/026-invitation-mail-limits';
import { m027SessionPasswordConfirmed } from './migrations/027-session-password-confirmed';
import { m033TeamAudit } from './migrations/033-team-audit';
import { m034SecurityLog } from './migrations/034-security-log';
import { m028EmbeddedHits } from './migrations/028-embedded-hits';
import { m029FilteredHitTally } from './migrations/029-filtered-hit-tally';
import { m030LinksArchive } from './migrations/030-links-archive';
import { m038ClickPlaces } from './migrations/038-click-places';
import { m040TrackingOpens } from './migrations/040-tracking-opens';
import { m052ListedLinksIndexes } from './migrations/052-listed-links-indexes';
import { m053PlacesSourcesAndChoices } from './migrations/053-places-sources-and-choices';
import { m055SqliteClickRulesApplied } from './migrations/055-sqlite-click-rules-applied';
import { m056PlacesKnownCitiesOnly } from './migrations/056-places-known-cities-only';
import { m057ClickOwnerDims } from './migrations/057-click-owner-dims';
import { m058ClickPlacesByAuthorAndMonth } from './migrations/058-click-places-by-author-and-month';
import { m059DailyVisitorCountry } from './migrations/059-daily-visitor-country';
import { m060StatementRollupTriggers } from './migrations/060-statement-rollup-triggers';
import { m046ClickSourceAndChoice } from './migrations/046-click-source-and-choice';
import { m047UnchosenClicksIndex } from './migrations/047-unchosen-clicks-index';
import { m045ClickPlacesRollup } from './migrations/045-click-places-rollup';
import { m036TwoFactor } from './migrations/036-two-factor';
import { m048UserTrackingOpens } from './migrations/048-user-tracking-opens';
import { m042Passkeys } from './migrations/042-passkeys';
import { m051UserEmailNotifications } from './migrations/051-user-email-notifications';
import { m049LinkTags } from './migrations/049-link-tags';
import { m043SessionsRememberedBrowsers } from './migrations/043-sessions-remembered-browsers';
import { m044TeamRequireTwoFactor } from './migrations/044-team-require-two-factor';
import type { DialectMigration } from './migrations/types';

/** Ordered list; names sort in order. Never edit a migration that has shipped: add one. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001-users-sessions': m001UsersSessions,
  '002-contact-messages': m002ContactMessages,
  '003-mailto-links': m003MailtoLinks,
  '004-teams': m004Teams,
  '005-tracking': m005Tracking,
  '006-clicks-dimensions-index': m006ClicksDimensionsIndex,
  '007-tokens-webhooks': m007TokensWebhooks,
  '008-password-resets': m008PasswordResets,
  '009-rate-limits': m009RateLimits,
  '010-links-search': m010LinksSearch,
  '011-links-name-order': m011LinksNameOrder,
  '012-links-search-table': m012LinksSearchTable,
  '013-links-click-total': m013LinksClickTotal,
  '014-webhook-outbox': m014WebhookOutbox,
  '015-links-search-by-user': m015LinksSearchByUser,
  '016-team-invitations': m016TeamInvitations,
  '017-click-classification': m017ClickClassification,
  '019-click-dimensions': m019ClickDimensions,
  '021-click-dimensions-per-batch': m021ClickDimensionsPerBatch,
  '022-click-inbox': m022ClickInbox,
  '023-dims-trigger-when': m023DimsTriggerWhen,
  '024-server-secrets': m024ServerSecrets,
  '026-invitation-mail-limits': m026InvitationMailLimits,
  '027-session-password-confirmed': m027SessionPasswordConfirmed,
  '033-team-audit': m033TeamAudit,
  '034-security-log': m034SecurityLog,
  '028-embedded-hits': m028EmbeddedHits,
  '029-filtered-hit-tally': m029FilteredHitTally,
  '030-links-archive': m030LinksArchive,
  '038-click-places': m038ClickPlaces,
  '040-tracking-opens': m040TrackingOpens,
  '052-listed-links-indexes': m052ListedLinksIndexes,
  '053-places-sources-and-choices': m053PlacesSourcesAndChoices,
  '055-sqlite-click-rules-applied': m055SqliteClickRulesApplied,
  '056-places-known-cities-only': m056PlacesKnownCitiesOnly,
  '057-click-owner-dims': m057ClickOwnerDims,
  '058-click-places-by-author-and-month': m058ClickPlacesByAuthorAndMonth,
  '059-daily-visitor-country': m059DailyVisitorCountry,
  '060-statement-rollup-triggers': m060StatementRollupTriggers,
  '036-two-factor': m036TwoFactor,
  '048-user-tracking-opens': m048UserTrackingOpens,
  '042-passkeys': m042Passkeys,
  '046-click-source-and-choice': m046ClickSourceAndChoice,
  '047-unchosen-clicks-index': m047UnchosenClicksIndex,
  '045-click-places-rollup': m045ClickPlacesRollup,
  '051-user-email-notifications': m051UserEmailNotifications,
  '049-link-tags': m049LinkTags,
  '043-sessions-remembered-browsers': m043SessionsRememberedBrowsers,
  '044-team-require-two-factor': m044TeamRequireTwoFactor,
};

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(MIGRATIONS).map(([k, m]) => [k, m(this.dialect)])),
    );
  }
}

/**
 * Brings the schema up to date, or only up to the migration named `upTo` (tests of a
 * migration's data changes start there). Throws if a migration fails.
 */
export async function migrateToLatest(db: Db, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new InCodeProvider(db.dialect) });
  const { error, results } =
    upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
