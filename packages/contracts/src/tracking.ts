import { z } from './zod';
import { MAX_INT } from './ids';
import { MESSAGES } from './messages';

export const TRACKING_LABEL_MAX = 100;
/** Most active (not deleted) tracking links one saved link may have. */
export const TRACKING_LINKS_PER_LINK_MAX = 50;
/** Characters of a slug: base62, about 71 bits of randomness. */
export const TRACKING_SLUG_LENGTH = 12;

export const TRACKING_MESSAGES = {
  created: 'Tracking link created',
  notFound: 'Tracking link not found',
  tooMany: `A link can have at most ${TRACKING_LINKS_PER_LINK_MAX} tracking links. Delete one first.`,
} as const;

/**
 * Create a tracking link for a saved link. `mailtoUrl` is accepted because older clients send
 * it, but the redirect target is always built from the stored link (never this value).
 */
export const CreateTrackingBody = z
  .object({
    mailtoLinkId: z.coerce
      .number({ error: 'mailtoLinkId is required' })
      .int('mailtoLinkId must be a whole number')
      .positive('mailtoLinkId must be positive')
      .max(MAX_INT, 'mailtoLinkId is too large'),
    mailtoUrl: z.string().max(100_000).optional(),
    label: z
      .string()
      .trim()
      .max(TRACKING_LABEL_MAX, MESSAGES.tooLong(TRACKING_LABEL_MAX))
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'CreateTrackingBody' });
export type CreateTrackingBody = z.input<typeof CreateTrackingBody>;

export const TrackingLink = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    /** `PUBLIC_URL/t/<slug>` (or the request's origin when PUBLIC_URL is unset). */
    trackingUrl: z.string(),
    mailtoLinkId: z.number().int(),
    label: z.string().nullable(),
    createdAt: z.string(),
    /** Human clicks so far, all time (bots excluded). */
    clicks: z.number().int(),
  })
  .meta({ id: 'TrackingLink' });
export type TrackingLink = z.infer<typeof TrackingLink>;

/** A link's active tracking links, newest first (at most TRACKING_LINKS_PER_LINK_MAX). */
export const TrackingLinkList = z.array(TrackingLink).meta({ id: 'TrackingLinkList' });
