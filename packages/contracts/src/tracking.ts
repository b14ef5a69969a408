import { z } from './zod';
import { dateTime, nameText, url } from './fields';
import { MAX_INT } from './ids';
import { MESSAGES } from './messages';
import { TRACKING_LABEL_MAX } from './tracking-messages';

export * from './tracking-messages';

/**
 * How a tracking link opens: `direct` answers with a 302 to the `mailto:` URL (the default);
 * `choose` answers with a small page on which the visitor picks the mail app, Gmail,
 * Outlook.com, Yahoo Mail or copies the address.
 */
export const TrackingOpens = z
  .enum(['direct', 'choose'], {
    error: 'opens must be "direct" or "choose"',
  })
  .meta({
    id: 'TrackingOpens',
    description:
      'How the tracking link opens: `direct` (302 to the `mailto:` URL, the default) or `choose` (a page that lets the visitor choose the mail app, Gmail, Outlook.com, Yahoo Mail or copy the address)',
  });
export type TrackingOpens = z.infer<typeof TrackingOpens>;

/**
 * Create a tracking link for a saved link. `mailtoUrl` is accepted because older clients send
 * it, but the redirect target is always built from the stored link (never this value).
 */
export const CreateTrackingBody = z
  .object({
    mailtoLinkId: z
      .number({ error: 'mailtoLinkId is required' })
      .int('mailtoLinkId must be a whole number')
      .positive('mailtoLinkId must be positive')
      .max(MAX_INT, 'mailtoLinkId is too large'),
    mailtoUrl: z.string().max(100_000).optional(),
    label: nameText()
      .max(TRACKING_LABEL_MAX, MESSAGES.tooLong(TRACKING_LABEL_MAX))
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Left out: the account's default (`GET /api/v1/settings`), `direct` until changed. */
    opens: TrackingOpens.optional().meta({
      description:
        'How the tracking link opens; when left out, the account’s default (`trackingOpens` of `GET /api/v1/settings`, `direct` unless changed)',
    }),
  })
  .meta({ id: 'CreateTrackingBody' });
export type CreateTrackingBody = z.input<typeof CreateTrackingBody>;

/**
 * What a tracking URL's scan address adds to it (`/t/<slug>/q`): the address MailtoKit's QR
 * codes encode, so that their hits count as scans. Short, to keep the codes small.
 */
export const TRACKING_SCAN_SUFFIX = '/q';

export const TrackingLink = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    /** `PUBLIC_URL/t/<slug>` (or the request's origin when PUBLIC_URL is unset). */
    trackingUrl: url(),
    /**
     * `trackingUrl` + `/q`: the address to put in a QR code. It answers like `trackingUrl`, and
     * its clicks count as QR code scans (source `qr`) in the analytics.
     */
    scanUrl: url(),
    mailtoLinkId: z.number().int(),
    label: z.string().nullable(),
    createdAt: dateTime(),
    /** Human clicks so far, all time (bots excluded). */
    clicks: z.number().int(),
    opens: TrackingOpens,
  })
  .meta({ id: 'TrackingLink' });
export type TrackingLink = z.infer<typeof TrackingLink>;

/** Changes a tracking link: how it opens. Its slug, link and clicks stay. */
export const UpdateTrackingBody = z
  .object({ opens: TrackingOpens })
  .meta({ id: 'UpdateTrackingBody' });
export type UpdateTrackingBody = z.input<typeof UpdateTrackingBody>;

/** A link's active tracking links, newest first (at most TRACKING_LINKS_PER_LINK_MAX). */
export const TrackingLinkList = z.array(TrackingLink).meta({ id: 'TrackingLinkList' });
