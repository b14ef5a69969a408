import { z } from './zod';
import { currentPasswordField } from './auth';
import { dateTime, singleLineText, url } from './fields';
import type { ClickSource, OpenChoice } from './analytics';

/**
 * Events a webhook can subscribe to: `link.clicked` (a person's click), `link.opened_with`
 * (what the visitor of a chooser page chose, after the click). `ping` is sent only by the test
 * call.
 */
export const WEBHOOK_EVENTS = ['link.clicked', 'link.opened_with'] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const WEBHOOK_URL_MAX = 2048;
/** Most webhooks one user may have. */
export const WEBHOOKS_PER_USER_MAX = 20;
/** Most links one webhook may list (more: leave the list out to cover every link). */
export const WEBHOOK_LINKS_MAX = 500;
/** Deliveries the log shows, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 100;
/** Attempts per delivery before it is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Failed deliveries in a row after which a webhook is disabled. */
export const WEBHOOK_FAILURES_TO_DISABLE = 20;
/**
 * Test pings one account may send per minute, all its webhooks together (more: 429). Deleting
 * and recreating a webhook gives nothing back.
 */
export const WEBHOOK_TESTS_PER_MINUTE = 10;
/** Test pings one target host may receive per minute, from every account together. */
export const WEBHOOK_TESTS_PER_HOST_PER_MINUTE = 30;
/** Every signing secret starts with this. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found',
  tooMany: `You can have at most ${WEBHOOKS_PER_USER_MAX} webhooks. Delete one first.`,
  disabled: 'This webhook is disabled. Enable it first.',
  badUrl: 'Enter an http:// or https:// URL',
  tooManyTests: `At most ${WEBHOOK_TESTS_PER_MINUTE} test pings a minute per account. Try again in a minute.`,
  tooManyTestsToHost: 'Too many test pings to this host right now. Try again in a minute.',
} as const;

const LinkId = z
  .number({ error: 'link ids must be numbers' })
  .int('link ids must be whole numbers')
  .positive('link ids must be positive')
  .max(2_147_483_647, 'link id is too large');

export const CreateWebhookBody = z
  .object({
    url: singleLineText('url is required')
      .min(1, 'url is required')
      .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
      .refine(
        (v) => /^https?:\/\/[^\s/?#@]*@?[^\s/?#]+(?:[/?#]\S*)?$/i.test(v),
        WEBHOOK_MESSAGES.badUrl,
      )
      .meta({ format: 'uri' }),
    events: z
      .array(WebhookEvent, { error: `events must be a list of: ${WEBHOOK_EVENTS.join(', ')}` })
      .min(1, 'choose at least one event')
      .default(['link.clicked'])
      .transform((e) => WEBHOOK_EVENTS.filter((k) => e.includes(k))),
    mailtoLinkIds: z
      .array(LinkId)
      .min(1, 'list at least one link, or leave mailtoLinkIds out to cover all of yours')
      .max(WEBHOOK_LINKS_MAX, `at most ${WEBHOOK_LINKS_MAX} links`)
      .nullish()
      .meta({ description: 'Links to report clicks of; absent or null: every link you created' }),
    currentPassword: currentPasswordField(),
  })
  .meta({ id: 'CreateWebhookBody' });
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
  })
  .meta({ id: 'UpdateWebhookBody' });
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBody>;

export const Webhook = z
  .object({
    id: z.number().int(),
    url: url(),
    events: z.array(WebhookEvent),
    /** Null: every link the owner created. */
    mailtoLinkIds: z.array(z.number().int()).nullable(),
    /** False once disabled (by its owner, or after too many failed deliveries in a row). */
    enabled: z.boolean(),
    /**
     * True while the owner's plan does not include webhooks (FREE, or a subscription that
     * ended): no events are queued, whatever `enabled` says, until the plan includes them.
     */
    pausedByPlan: z.boolean(),
    disabledAt: dateTime().nullable(),
    consecutiveFailures: z.number().int(),
    createdAt: dateTime(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof Webhook>;

/** The answer to a creation: the only time `secret` is shown. */
export const CreatedWebhook = Webhook.extend({
  secret: z.string().meta({ description: '`whsec_` + 43 characters; shown in this response only' }),
}).meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookList = z.array(Webhook).meta({ id: 'WebhookList' });
export type WebhookList = z.infer<typeof WebhookList>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

export const WebhookDelivery = z
  .object({
    id: z.number().int(),
    /** The event id: the `MailtoKit-Delivery` header, the same on every attempt. */
    eventId: z.string(),
    event: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** HTTP status of the last attempt; null when none answered. */
    responseStatus: z.number().int().nullable(),
    /** Why the last attempt failed (network error, timeout, refused address), if it did. */
    error: z.string().nullable(),
    createdAt: dateTime(),
    lastAttemptAt: dateTime().nullable(),
    /** When the next attempt is due; null once succeeded, failed or cancelled. */
    nextAttemptAt: dateTime().nullable(),
    completedAt: dateTime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.array(WebhookDelivery).meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

/** The body of a `link.clicked` event (never an IP address or a visitor hash). */
export interface LinkClickedEvent {
  id: string;
  type: 'link.clicked';
  createdAt: string;
  data: {
    mailtoLinkId: number;
    trackingLinkId: number;
    slug: string;
    label: string | null;
    referrerHost: string | null;
    browser: string;
    os: string;
    device: string;
    /** ISO 3166-1 alpha-2 country of the client address (never the address); null: unknown. */
    country: string | null;
    /** How the visitor came: `link`, or `qr` (the scan address of a QR code). */
    source: ClickSource;
  };
}

/**
 * The body of a `link.opened_with` event: the visitor of a chooser page chose how to write
 * (at most one per page view, after its `link.clicked` event). `createdAt`: the choice's time.
 */
export interface LinkOpenedWithEvent {
  id: string;
  type: 'link.opened_with';
  createdAt: string;
  data: {
    mailtoLinkId: number;
    trackingLinkId: number;
    slug: string;
    label: string | null;
    /** The page view's time: the `createdAt` of its `link.clicked` event. */
    clickedAt: string;
    source: ClickSource;
    /** `mail-app`, `gmail`, `outlook`, `yahoo` or `copy`. */
    openedWith: OpenChoice;
  };
}
