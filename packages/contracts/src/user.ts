import { z } from './zod';
import { dateTime, emailAddress } from './fields';

export const TIERS = ['FREE', 'PREMIUM', 'TEAM'] as const;
export const Tier = z.enum(TIERS);
export type Tier = z.infer<typeof Tier>;

/** The current user as the API returns it. Never carries a password hash. */
export const User = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: emailAddress().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    subscriptionTier: Tier.meta({
      description: 'The tier in force: FREE once a paid tier has passed its end',
    }),
    subscriptionExpiresAt: dateTime()
      .nullable()
      .meta({ description: 'When the paid tier ends (ISO 8601); null: no end' }),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** premium = PREMIUM or TEAM. */
export function isPremium(tier: Tier): boolean {
  return tier === 'PREMIUM' || tier === 'TEAM';
}

/**
 * The tiers that include the premium features (webhooks among them), for queries that apply
 * `isPremium` in SQL. A stored tier is in force while its end date is null or later.
 */
export const PREMIUM_TIERS: readonly Tier[] = TIERS.filter(isPremium);

/** Display name: first name, else username. */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  const first = user.firstName?.trim();
  return first ? first : user.username;
}

/**
 * The account's settings kept on the server. `emailNotifications` false: no e-mail goes to the
 * account unless it is about its security (password reset and change, e-mail address change,
 * two-step sign-in turned off), which always goes.
 */
export const UserSettings = z
  .object({
    emailNotifications: z.boolean().meta({
      description:
        'E-mails other than security ones (team invitations) may go to the account; security e-mails always go',
    }),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

/** A change of settings: the fields given change, the others stay. */
export const UserSettingsPatch = z
  .strictObject({
    emailNotifications: z.boolean().optional(),
  })
  .meta({ id: 'UserSettingsPatch' });
export type UserSettingsPatch = z.infer<typeof UserSettingsPatch>;
