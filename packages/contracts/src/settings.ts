import { z } from './zod';
import { TrackingOpens } from './tracking';

/**
 * The account's settings kept on the server (each applies wherever the account works).
 * `emailNotifications` false: no e-mail goes to the account unless it is about its security
 * (password reset and change, e-mail address change, two-step sign-in turned off), which always
 * goes.
 */
export const UserSettings = z
  .object({
    trackingOpens: TrackingOpens.meta({
      description:
        'How new tracking links open when their request leaves `opens` out, and the choice the new-tracking-link dialog starts with',
    }),
    emailNotifications: z.boolean().meta({
      description:
        'Emails other than security ones (team invitations) may go to the account; security emails always go',
    }),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

/** Changes some of the account's settings; a setting left out stays as it is. */
export const UpdateUserSettingsBody = z
  .strictObject({
    trackingOpens: TrackingOpens.optional(),
    emailNotifications: z.boolean().optional(),
  })
  .meta({ id: 'UpdateUserSettingsBody' });
export type UpdateUserSettingsBody = z.input<typeof UpdateUserSettingsBody>;
