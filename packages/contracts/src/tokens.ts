import { z } from './zod';
import { currentPasswordField } from './auth';
import { dateTime, nameText } from './fields';

/**
 * What a personal API token may do, one area per scope. A token never manages tokens, the
 * password, the session or the account itself: those calls need a signed-in session.
 */
export const TOKEN_SCOPES = [
  'links:read',
  'links:write',
  'analytics:read',
  'teams:read',
  'teams:write',
  'webhooks:write',
  'audit:read',
] as const;
export const TokenScope = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof TokenScope>;

/** What each scope allows, for the API document and the token form. */
export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  'links:read': 'Read saved links and their tracking links',
  'links:write': 'Create, edit and delete saved links and tracking links',
  'analytics:read': 'Read analytics, the overview and the clicks CSV',
  'teams:read': 'Read teams and their members',
  'teams:write': 'Create and delete teams; add, change and remove members',
  'webhooks:write': 'Create, list, test and delete webhooks',
  'audit:read': 'Read the audit log of teams you own or administer, and its CSV',
};

/** Every token starts with this, so that secret scanners and our auth hook recognise it. */
export const TOKEN_PREFIX = 'mtk_';
export const TOKEN_NAME_MAX = 100;
export const TOKEN_EXPIRY_DAYS_MAX = 365;
/** Most tokens one user may hold at a time. */
export const TOKENS_PER_USER_MAX = 50;

export const CreateTokenBody = z
  .object({
    name: nameText('name is required')
      .min(1, 'name is required')
      .max(TOKEN_NAME_MAX, `name must be at most ${TOKEN_NAME_MAX} characters`),
    scopes: z
      .array(TokenScope, { error: `scopes must be a list of: ${TOKEN_SCOPES.join(', ')}` })
      .min(1, 'choose at least one scope')
      .transform((s) => TOKEN_SCOPES.filter((k) => s.includes(k))),
    expiresInDays: z
      .number({ error: 'expiresInDays must be a number' })
      .int('expiresInDays must be a whole number')
      .min(1, 'expiresInDays must be between 1 and 365')
      .max(TOKEN_EXPIRY_DAYS_MAX, 'expiresInDays must be between 1 and 365')
      .nullish(),
    currentPassword: currentPasswordField(),
  })
  .meta({ id: 'CreateTokenBody' });
export type CreateTokenBody = z.input<typeof CreateTokenBody>;

/** A token as listed: never its secret. */
export const ApiToken = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(TokenScope),
    createdAt: dateTime(),
    /** Null: never expires. */
    expiresAt: dateTime().nullable(),
    /** Updated at most once a minute. */
    lastUsedAt: dateTime().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer to a creation: the only time `token` is ever shown. */
export const CreatedApiToken = ApiToken.extend({
  token: z.string().meta({ description: '`mtk_` + 43 characters; shown in this response only' }),
}).meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokenList = z.array(ApiToken).meta({ id: 'ApiTokenList' });
export type ApiTokenList = z.infer<typeof ApiTokenList>;
