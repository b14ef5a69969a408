import { z } from './zod';
import { TrackingOpens } from './tracking';

/** The account's settings kept on the server (each applies wherever the account works). */
export const UserSettings = z
  .object({
    trackingOpens: TrackingOpens.meta({
      description:
        'How new tracking links open when their request leaves `opens` out, and the choice the new-tracking-link dialog starts with',
    }),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettings>;

/** Changes some of the account's settings; a setting left out stays as it is. */
export const UpdateUserSettingsBody = z
  .object({ trackingOpens: TrackingOpens.optional() })
  .meta({ id: 'UpdateUserSettingsBody' });
export type UpdateUserSettingsBody = z.input<typeof UpdateUserSettingsBody>;
