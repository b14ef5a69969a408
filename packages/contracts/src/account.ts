import { z } from './zod';
import { dateTime, emailAddress, secretText, url } from './fields';
import { SecurityEvent } from './security-log';
import { User } from './user';

/**
 * Everything an account holds, as `GET /api/v1/account/export` downloads it. Never a password
 * hash, a token or its hash, or a webhook secret.
 */
export const AccountExport = z
  .object({
    format: z.literal('mailtokit-account-export/1'),
    exportedAt: dateTime(),
    profile: User,
    savedLinks: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        to: z.string(),
        cc: z.string().nullable(),
        bcc: z.string().nullable(),
        subject: z.string().nullable(),
        body: z.string().nullable(),
        mailtoUrl: url(),
        /** The team the link is shared with, or null for a private link. */
        teamId: z.number().int().nullable(),
        createdAt: dateTime(),
        updatedAt: dateTime(),
      }),
    ),
    trackingLinks: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        trackingUrl: url(),
        mailtoLinkId: z.number().int(),
        label: z.string().nullable(),
        createdAt: dateTime(),
        /** When it was deleted (its slug stopped answering); null while it works. */
        retiredAt: dateTime().nullable(),
        /** Human clicks recorded, and clicks by bots and link previews. */
        clicks: z.number().int(),
        botClicks: z.number().int(),
        /** Human clicks through the scan address of its QR codes (counted in `clicks`). */
        qrClicks: z.number().int(),
        /**
         * Chooser page views (human clicks while it was set to `choose`) by what the visitor
         * chose; `none`: left without choosing.
         */
        openedWith: z.object({
          'mail-app': z.number().int(),
          gmail: z.number().int(),
          outlook: z.number().int(),
          yahoo: z.number().int(),
          copy: z.number().int(),
          none: z.number().int(),
        }),
        /**
         * Where the human clicks came from, most first: per country (ISO 3166-1 alpha-2, ZZ
         * when unknown) and city (null when the server's database names none). Derived from
         * the client address at the click; the address itself is never stored.
         */
        places: z.array(
          z.object({
            country: z.string(),
            city: z.string().nullable(),
            clicks: z.number().int(),
          }),
        ),
      }),
    ),
    teams: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        description: z.string().nullable(),
        role: z.enum(['OWNER', 'ADMIN', 'MEMBER']),
        joinedAt: dateTime(),
      }),
    ),
    apiTokens: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        scopes: z.array(z.string()),
        createdAt: dateTime(),
        expiresAt: dateTime().nullable(),
        lastUsedAt: dateTime().nullable(),
      }),
    ),
    webhooks: z.array(
      z.object({
        id: z.number().int(),
        url: url(),
        events: z.array(z.string()),
        /** True: every link of the account; else the links listed. */
        allLinks: z.boolean(),
        linkIds: z.array(z.number().int()),
        disabledAt: dateTime().nullable(),
        createdAt: dateTime(),
      }),
    ),
    sessions: z.array(
      z.object({
        createdAt: dateTime(),
        lastSeenAt: dateTime(),
        expiresAt: dateTime(),
        userAgent: z.string().nullable(),
        country: z.string().nullable(),
      }),
    ),
    /** Browsers remembered at the second step of a sign-in (their tokens are never exported). */
    rememberedBrowsers: z.array(z.object({ createdAt: dateTime(), expiresAt: dateTime() })),
    /** Two-step sign-in: when it was turned on, how many recovery codes are left (never them). */
    twoFactor: z.object({
      totpEnabledAt: dateTime().nullable(),
      recoveryCodesLeft: z.number().int(),
    }),
    /** Passkeys: their names and dates only (never a key, a credential id or a counter). */
    passkeys: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        createdAt: dateTime(),
        lastUsedAt: dateTime().nullable(),
      }),
    ),
    contactMessages: z.array(
      z.object({
        name: z.string(),
        email: emailAddress(),
        subject: z.string(),
        message: z.string(),
        createdAt: dateTime(),
      }),
    ),
    /**
     * Pending team invitations: those the user sent (with what they typed) and those addressed
     * to the user's username.
     */
    invitations: z.object({
      sent: z.array(
        z.object({
          id: z.number().int(),
          teamId: z.number().int(),
          teamName: z.string(),
          role: z.enum(['ADMIN', 'MEMBER']),
          username: z.string().nullable(),
          email: emailAddress().nullable(),
          createdAt: dateTime(),
          expiresAt: dateTime(),
        }),
      ),
      received: z.array(
        z.object({
          id: z.number().int(),
          teamId: z.number().int(),
          teamName: z.string(),
          role: z.enum(['ADMIN', 'MEMBER']),
          invitedBy: z.string(),
          createdAt: dateTime(),
          expiresAt: dateTime(),
        }),
      ),
    }),
    /** The account's security log, newest first (at most SECURITY_LOG_EXPORT_MAX events). */
    securityLog: z.array(SecurityEvent),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;

export const DeleteAccountBody = z
  .object({
    password: secretText('Password is required')
      .max(1024)
      .optional()
      .transform((v) => v || undefined)
      .meta({
        description:
          'The password; needed unless it (or a code) was confirmed in this session within the last 10 minutes',
      }),
  })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

export const WRONG_PASSWORD = 'The password is not correct.';

/** The 429's detail once the account's exports of the hour are spent. */
export const EXPORTS_THROTTLED =
  'This account has been exported several times in the last hour. Please try again later.';
