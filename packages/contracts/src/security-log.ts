import { z } from './zod';
import { dateTime, queryInteger } from './fields';
import { MAX_INT } from './ids';

/** What an account's security log records (Settings > Security, and the account export). */
export const SECURITY_EVENTS = [
  'sign_in',
  'sign_in_failed',
  'other_sessions_signed_out',
  'session_signed_out',
  'password_changed',
  'password_reset',
  'email_changed',
  'api_token_created',
  'api_token_revoked',
  'webhook_created',
  'webhook_deleted',
  'passkey_added',
  'passkey_removed',
] as const;
export const SecurityEventType = z.enum(SECURITY_EVENTS);
export type SecurityEventType = z.infer<typeof SecurityEventType>;

export const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in (wrong password)',
  other_sessions_signed_out: 'Other sessions signed out',
  session_signed_out: 'A session signed out from another browser',
  password_changed: 'Password changed',
  password_reset: 'Password reset by email link',
  email_changed: 'Email address changed',
  api_token_created: 'API token created',
  api_token_revoked: 'API token revoked',
  webhook_created: 'Webhook created',
  webhook_deleted: 'Webhook deleted',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
};

export const SECURITY_LOG_DEFAULT_LIMIT = 50;
export const SECURITY_LOG_MAX_LIMIT = 200;
/** Most events the account export holds (the newest). */
export const SECURITY_LOG_EXPORT_MAX = 10_000;

export const SecurityEvent = z
  .object({
    id: z.number().int(),
    event: SecurityEventType,
    /** What it concerned: a token's name, a webhook's address, the new e-mail address. */
    detail: z.string().nullable(),
    /** The client's user agent (never its address). */
    userAgent: z.string().nullable(),
    /** Two-letter country code, when known. */
    country: z.string().nullable(),
    createdAt: dateTime(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof SecurityEvent>;

export const SecurityEventList = z.array(SecurityEvent).meta({ id: 'SecurityEventList' });
export type SecurityEventList = z.infer<typeof SecurityEventList>;

export const SecurityLogQuery = z.object({
  limit: queryInteger(
    `limit must be a whole number from 1 to ${SECURITY_LOG_MAX_LIMIT}`,
    1,
    SECURITY_LOG_MAX_LIMIT,
  ).default(SECURITY_LOG_DEFAULT_LIMIT),
  offset: queryInteger('offset must be a whole number, 0 or more', 0, MAX_INT).default(0),
});
export type SecurityLogQuery = z.input<typeof SecurityLogQuery>;
