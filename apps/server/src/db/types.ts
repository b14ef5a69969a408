import type {
  ClickClass,
  ClickSource,
  DeviceType,
  OpenedWith,
} from '@mailtokit/contracts/analytics';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings on both dialects (see
 * docs/decisions/0002-portable-schema.md); booleans are 0/1 integers.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  subscription_tier: 'FREE' | 'PREMIUM' | 'TEAM';
  subscription_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** How the account's new tracking links open unless the request says (`direct` until set). */
  tracking_opens: Generated<TrackingOpens>;
  /** 1: e-mails other than security ones may go to the account; 0: only security ones. */
  email_notifications: Generated<number>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
  /** When the user last confirmed their password in this session (null: never). */
  password_confirmed_at: string | null;
  /** The country the session signed in from (ISO 3166-1 alpha-2), null when unknown. */
  country: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

/** Browsers remembered after two-step sign-in: sha256 (hex) of the cookie's token. */
export interface RememberedBrowsersTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** An account's authenticator-app secret; `enabled_at` null while set-up waits for a code. */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  created_at: string;
  enabled_at: string | null;
  /** The TOTP time step of the last accepted code: a code is accepted once. */
  last_used_step: number | null;
}

/** Single-use recovery codes: sha256 (hex) of each; deleted when used. */
export interface RecoveryCodesTable {
  id: string;
  user_id: number;
  created_at: string;
}

/** A sign-in that passed the password and waits for its second step. */
export interface SignInChallengesTable {
  /** sha256 (hex) of the token given to the client. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** A passkey (WebAuthn credential) of an account. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /**
   * The authenticator's signature counter (0 for those that keep none); only goes up. bigint
   * on PostgreSQL, which pg returns as a string.
   */
  counter: number | string;
  /** Space-separated transports the browser reported. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A passkey ceremony under way in one browser; single-use, short-lived. */
export interface PasskeyChallengesTable {
  /** sha256 (hex) of the token in the browser's cookie. */
  id: string;
  purpose: 'register' | 'sign_in' | 'second_factor' | 'confirm';
  /** The base64url challenge the browser must sign. */
  challenge: string;
  /** The account (registration, second step, confirmation); null for a sign-in with no username. */
  user_id: number | null;
  /**
   * The sign-in challenge (sha256) a second step completes; for a confirmation, the id of the
   * session it confirms (also a sha256).
   */
  sign_in_challenge_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetTokensTable {
  /** sha256 (hex) of the token sent by e-mail; the token itself is never stored. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: number | null;
  created_at: string;
}

export interface MailtoLinksTable {
  id: Generated<number>;
  /** The creator; links go with their user (on delete cascade). */
  user_id: number;
  /** Team the link is shared with; null = private. */
  team_id: number | null;
  name: string;
  /** Normalised address lists: `a@x.org, b@y.org`. */
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string | null;
  body: string | null;
  /** 0/1: 1 exactly when team_id is set. */
  is_shared: number;
  created_at: string;
  updated_at: string;
  /** name, to, cc, bcc, subject and tag names in lower case (`searchTextOf`); set by every write. */
  search_text: Generated<string>;
  /** When the link was archived (out of the list, its tracking links still redirecting); null = in the list. */
  archived_at: Generated<string | null>;
}
/**
 * One row per link: what its search reads (author, team, search text), kept in step with
 * `mailto_links` by triggers (migration 012); never written by the server.
 */
export interface MailtoLinkSearchTable {
  link_id: number;
  user_id: number;
  team_id: number | null;
  search_text: string;
  /** Human clicks in all (the sum of `click_daily.clicks`), kept by triggers (migration 013). */
  clicks: Generated<number>;
  /** 0/1: 1 while the link is archived, kept by triggers (migration 030). */
  archived: Generated<number>;
}
export type LinkRow = Selectable<MailtoLinksTable>;

/** A user's tag (migration 049): `name_key` is the name in lower case, unique per user. */
export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  name_key: string;
  /** One of TAG_COLORS. */
  color: string;
  created_at: string;
}
export type TagRow = Selectable<TagsTable>;

/** Which tags a link carries (the tags of its author). */
export interface LinkTagsTable {
  link_id: number;
  tag_id: number;
}
export type NewLink = Insertable<MailtoLinksTable>;
export type LinkUpdate = Updateable<MailtoLinksTable>;

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** Always also holds a team_members row with role OWNER. */
  owner_id: number;
  created_at: string;
  updated_at: string;
  /** 1: members need two-step sign-in to read the team's links. */
  require_two_factor: Generated<number>;
}
export type TeamRow = Selectable<TeamsTable>;
export type NewTeam = Insertable<TeamsTable>;

export interface TeamMembersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  created_at: string;
  updated_at: string;
}
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type NewTeamMember = Insertable<TeamMembersTable>;

/** A pending team invitation (accepted, declined or revoked ones are deleted). */
export interface TeamInvitationsTable {
  id: Generated<number>;
  team_id: number;
  invited_by: number;
  role: 'ADMIN' | 'MEMBER';
  /** The username the inviter typed (by-username invitations), else null. */
  username: string | null;
  /** The address the inviter typed, in lower case (by-e-mail invitations), else null. */
  email: string | null;
  /** The account the username named when invited; null for e-mail or unknown usernames. */
  invitee_id: number | null;
  /** sha256 (hex) of the e-mailed link's token; the token itself is never stored. */
  token_hash: string | null;
  created_at: string;
  expires_at: string;
}
export type TeamInvitationRow = Selectable<TeamInvitationsTable>;
export type NewTeamInvitation = Insertable<TeamInvitationsTable>;

/** Addresses (sha256 of the lower-case address) that asked for no invitation e-mails. */
export interface InvitationMailStopsTable {
  email_hash: string;
  created_at: string;
}

/** The one-click "stop invitation e-mails" link of each invitation e-mail. */
export interface InvitationStopTokensTable {
  /** sha256 (hex) of the link's token. */
  token_hash: string;
  email_hash: string;
  created_at: string;
  expires_at: string;
}

/** A team an address declined, and when. */
export interface InvitationDeclinesTable {
  team_id: number;
  email_hash: string;
  declined_at: string;
}

/** One entry of a team's audit log (appended, never changed; deleted with the team). */
export interface TeamAuditTable {
  id: Generated<number>;
  team_id: number;
  /** The person who acted; no foreign key, so the entry outlives their account. */
  actor_id: number | null;
  /** Their username at the time. */
  actor_username: string;
  action: string;
  subject_type: string;
  subject_id: number | null;
  subject_name: string | null;
  /** Changed fields, space-separated (edits); '' otherwise. */
  fields: string;
  /** JSON object of strings (roles from/to and the like); '{}' when none. */
  details: string;
  user_agent: string | null;
  country: string | null;
  created_at: string;
}
export type TeamAuditRow = Selectable<TeamAuditTable>;
export type NewTeamAuditEntry = Insertable<TeamAuditTable>;

/** One event of an account's security log (appended; deleted with the account). */
export interface SecurityLogTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  detail: string | null;
  user_agent: string | null;
  country: string | null;
  created_at: string;
}
export type SecurityLogRow = Selectable<SecurityLogTable>;

export interface TrackingLinksTable {
  id: Generated<number>;
  /** Random base62, the public part of `/t/<slug>`. */
  slug: string;
  mailto_link_id: number;
  /** Null once the creator's account is deleted. */
  created_by: number | null;
  label: string | null;
  created_at: string;
  /** Set when deleted: the slug answers 404, its clicks stay in the analytics. */
  retired_at: string | null;
  /** `direct`: the 302 to the `mailto:` URL; `choose`: the page that lets the visitor choose. */
  opens: Generated<TrackingOpens>;
}
/** How a tracking link opens. */
export type TrackingOpens = 'direct' | 'choose';
export type TrackingLinkRow = Selectable<TrackingLinksTable>;
export type NewTrackingLink = Insertable<TrackingLinksTable>;

export interface ClicksTable {
  id: Generated<number>;
  tracking_link_id: number;
  occurred_at: string;
  /** Host name of the Referer (lowercase), null when absent or invalid. */
  referrer_host: string | null;
  browser: string;
  os: string;
  device: DeviceType;
  /** 0/1: 1 for every hit left out of clicks and visitors (any classification but human). */
  is_bot: number;
  /** `human`, or why the hit is left out: bot, preview, scanner, prefetch, repeat, embedded. */
  classification: Generated<ClickClass>;
  /** sha256 hex of (daily salt, IP, user agent); never the IP itself. */
  visitor_hash: string;
  /** ISO 3166-1 alpha-2 country of the client address; null when unknown. Never the address. */
  country: string | null;
  /** The first subdivision's ISO code, from an operator's City database only. */
  region: string | null;
  /** The city's English name, from an operator's City database only. */
  city: string | null;
  /** How the visitor came: `link`, or `qr` (the scan address MailtoKit's QR codes encode). */
  source: Generated<ClickSource>;
  /**
   * What the visitor of a chooser page chose (`mail-app`, `gmail`, `outlook`, `yahoo`,
   * `copy`), `none` until a choice comes; null when the click showed no chooser.
   */
  opened_with: OpenedWith | null;
}
export type ClickRow = Selectable<ClicksTable>;
export type NewClick = Insertable<ClicksTable>;

/** Per link and UTC day: clicks, bot clicks and distinct visitors (rollup of `clicks`). */
export interface ClickDailyTable {
  mailto_link_id: number;
  day: string;
  clicks: number;
  bot_clicks: number;
  visitors: number;
  last_click_at: string | null;
}

/** A link's clicks per day and breakdown value, kept by the click batch (migrations 019, 021). */
/** The daily rollup by country (migration 045): one row per link, dimension, country, day, value. */
export interface ClickDailyPlacesTable {
  mailto_link_id: number;
  /** `clicks`, `visitors`, `tracking`, `referrer`, `browser`, `os`, `device`, `city` or `filtered`. */
  dim: string;
  /** ISO 3166-1 alpha-2 code; '' when unknown. */
  country: string;
  day: string;
  /** '' for `clicks` and `visitors`; else as in `click_daily_dims` ('' for an unknown city). */
  value: string;
  clicks: number;
}

export interface ClickDailyDimsTable {
  mailto_link_id: number;
  /** `tracking`, `referrer`, `browser`, `os`, `device` (human clicks) or `filtered`. */
  dim: string;
  day: string;
  /** The tracking link's id, the referrer host ('' for none), ... or the classification. */
  value: string;
  clicks: number;
}

/** `click_daily` added up per link and month (`YYYY-MM`), kept by triggers (migration 019). */
export interface ClickMonthlyTable {
  mailto_link_id: number;
  month: string;
  clicks: number;
  bot_clicks: number;
  visitors: number;
  last_click_at: string | null;
}

/** Per author, breakdown (`country`, `source`, `opened`), day and value: human clicks. */
export interface ClickOwnerDimsTable {
  user_id: number;
  dim: string;
  day: string;
  value: string;
  clicks: number;
}

/**
 * Per author, dimension (`clicks`, `visitors`, `filtered`, `source`, `opened`, `city`),
 * country, day and value: the rollup by country of every link the author wrote (migration 058).
 */
export interface ClickOwnerPlacesTable {
  user_id: number;
  dim: string;
  country: string;
  day: string;
  value: string;
  clicks: number;
}

/**
 * Per link, dimension (`clicks`, `visitors`, `filtered`: every reason together), country and
 * month (`YYYY-MM`): the rollup by country added up per month (migration 058).
 */
export interface ClickMonthlyPlacesTable {
  mailto_link_id: number;
  dim: string;
  country: string;
  month: string;
  clicks: number;
}

/**
 * Every link of one author added up per day: human clicks, visitors (per link and day, added
 * up) and left-out hits by reason; kept by triggers (migration 019).
 */

export interface ClickOwnerDailyTable {
  user_id: number;
  day: string;
  clicks: number;
  visitors: number;
  bot: number;
  preview: number;
  scanner: number;
  prefetch: number;
  repeat: number;
  embedded: number;
}

/**
 * Left-out hits counted without a `clicks` row each (past a client's per-address rate): per
 * tracking link, hour (`YYYY-MM-DDTHH`) and reason, how many (migration 029).
 */
export interface FilteredHitsTable {
  tracking_link_id: number;
  hour: string;
  reason: ClickClass;
  hits: number;
}

/** Visitors each link has seen per day; only recent days are kept (for the rollup). */
export interface DailyVisitorsTable {
  mailto_link_id: number;
  day: string;
  visitor_hash: string;
  /** The country of the visitor's first click of the day ('' unknown; null: seen before 059). */
  country: string | null;
}

/** One random salt per UTC day; salts older than two days are deleted. */
export interface VisitorSaltsTable {
  day: string;
  salt: string;
  created_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Space-separated scopes. */
  scopes: string;
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  secret: string;
  /** Space-separated event types. */
  events: string;
  /** 0/1: 1 covers every link the owner created; 0 the links in `webhook_links`. */
  all_links: number;
  consecutive_failures: Generated<number>;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}
export type WebhookRow = Selectable<WebhooksTable>;

export interface WebhookLinksTable {
  webhook_id: number;
  mailto_link_id: number;
}

/** Click events not yet written out as deliveries: one row per click batch and webhook. */
export interface WebhookOutboxTable {
  id: Generated<number>;
  webhook_id: number;
  event_key: string;
  /** Comma-separated click ids, ascending. */
  click_ids: string;
  created_at: string;
  /** `link.clicked`, or `link.opened_with` (a chooser page view's choice). */
  event: Generated<string>;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** The outbox of webhook events and their delivery log. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: string;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_attempt_at: string | null;
  response_status: number | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewWebhookDelivery = Insertable<WebhookDeliveriesTable>;

/** rate-limiter-flexible's store: points spent per `<limit>:<subject>` until `expire` (epoch ms). */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** bigint on PostgreSQL, which pg returns as a string. */
  expire: number | string | null;
}

/** Keys the server signs with, by what they sign; made once, shared by every instance. */
export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  remembered_browsers: RememberedBrowsersTable;
  password_reset_tokens: PasswordResetTokensTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  contact_messages: ContactMessagesTable;
  mailto_links: MailtoLinksTable;
  mailto_link_search: MailtoLinkSearchTable;
  tags: TagsTable;
  link_tags: LinkTagsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  invitation_mail_stops: InvitationMailStopsTable;
  invitation_stop_tokens: InvitationStopTokensTable;
  invitation_declines: InvitationDeclinesTable;
  team_audit: TeamAuditTable;
  security_log: SecurityLogTable;
  tracking_links: TrackingLinksTable;
  clicks: ClicksTable;
  click_daily: ClickDailyTable;
  click_daily_dims: ClickDailyDimsTable;
  click_daily_places: ClickDailyPlacesTable;
  click_owner_places: ClickOwnerPlacesTable;
  click_monthly_places: ClickMonthlyPlacesTable;
  filtered_hits: FilteredHitsTable;
  click_monthly: ClickMonthlyTable;
  click_owner_daily: ClickOwnerDailyTable;
  click_owner_dims: ClickOwnerDimsTable;
  daily_visitors: DailyVisitorsTable;
  visitor_salts: VisitorSaltsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_links: WebhookLinksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_outbox: WebhookOutboxTable;
  rate_limits: RateLimitsTable;
  server_secrets: ServerSecretsTable;
}
