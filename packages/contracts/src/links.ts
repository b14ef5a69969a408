import {
  MESSAGES as ADDRESS_MESSAGES,
  normalizeAddressList,
  validateAddressList,
} from '@mailtokit/mailto';
import { z } from 'zod';
import { text } from './fields';
import { MESSAGES } from './messages';

export const LINK_NAME_MAX = 100;
/** Longest stored to, cc or bcc list (after normalisation to `a@x.org, b@y.org`). */
export const LINK_ADDRESSES_MAX = 2000;
/** RFC 5322 line length limit. */
export const LINK_SUBJECT_MAX = 998;
export const LINK_BODY_MAX = 20_000;
/** Page size of the saved-links list when the client does not ask for one. */
export const LINK_LIST_DEFAULT_LIMIT = 100;
/** The most links one list call returns. */
export const LINK_LIST_MAX_LIMIT = 500;
/** Largest id or offset the API accepts (PostgreSQL `integer`). */
export const MAX_INT = 2_147_483_647;

/** The link form's messages (spec section 5), plus the server's own. */
export const LINK_MESSAGES = {
  nameRequired: 'Name is required',
  toRequired: ADDRESS_MESSAGES.linkFormToRequired,
  invalidAddresses: ADDRESS_MESSAGES.linkFormInvalidAddresses,
  teamInvalid: 'Invalid team',
  notTeamMember: 'You are not a member of this team',
  teamMoveAuthorOnly: 'Only the author can share this link with another team',
  notFound: 'Link not found',
} as const;

/**
 * A comma-separated address list, validated by packages/mailto exactly as the web form does,
 * stored normalised (`' a@x.org ,b@y.org '` -> `'a@x.org, b@y.org'`).
 */
const addressList = (required: boolean) =>
  text(required ? LINK_MESSAGES.toRequired : LINK_MESSAGES.invalidAddresses)
    .trim()
    .superRefine((value, ctx) => {
      const problem = validateAddressList(value, {
        required,
        requiredMessage: LINK_MESSAGES.toRequired,
        invalidMessage: LINK_MESSAGES.invalidAddresses,
      });
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeAddressList)
    .pipe(z.string().max(LINK_ADDRESSES_MAX, MESSAGES.tooLong(LINK_ADDRESSES_MAX)))
    .meta({
      description: `Comma-separated e-mail addresses, stored as \`a@x.org, b@y.org\` (at most ${LINK_ADDRESSES_MAX} characters)`,
    });

/** An optional address list: blank, only separators, null or missing becomes null. */
const optionalAddressList = () =>
  addressList(false)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional free text: trimmed; blank, null or missing becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Create and update payload of a saved link (PUT replaces every field). `isShared` is
 * accepted for the spec's client but derived by the server: true exactly when `teamId` is set.
 */
export const LinkBody = z
  .object({
    name: text(LINK_MESSAGES.nameRequired)
      .trim()
      .min(1, LINK_MESSAGES.nameRequired)
      .max(LINK_NAME_MAX, MESSAGES.tooLong(LINK_NAME_MAX)),
    to: addressList(true),
    cc: optionalAddressList(),
    bcc: optionalAddressList(),
    subject: optionalText(LINK_SUBJECT_MAX),
    body: optionalText(LINK_BODY_MAX),
    isShared: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    teamId: z
      .int({ error: LINK_MESSAGES.teamInvalid })
      .min(1, LINK_MESSAGES.teamInvalid)
      .max(MAX_INT, LINK_MESSAGES.teamInvalid)
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'LinkBody' });
/** What a client sends. */
export type LinkBody = z.input<typeof LinkBody>;
/** What the server works with after validation (trimmed, normalised, blanks as null). */
export type LinkInput = z.output<typeof LinkBody>;

/** A saved mailto link as the API returns it. */
export const MailtoLink = z
  .object({
    id: z.number().int(),
    /** The creator. */
    userId: z.number().int(),
    /** Team the link is shared with; null = private. */
    teamId: z.number().int().nullable(),
    teamName: z.string().nullable(),
    name: z.string(),
    /** Normalised list: `a@x.org, b@y.org`. */
    to: z.string(),
    cc: z.string().nullable(),
    bcc: z.string().nullable(),
    subject: z.string().nullable(),
    body: z.string().nullable(),
    isShared: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The RFC 6068 link built from the stored fields by packages/mailto: use it as is. */
    mailtoUrl: z.string(),
    /** Whether the signed-in user may update and delete this link. */
    canEdit: z.boolean(),
  })
  .meta({ id: 'MailtoLink' });
export type MailtoLink = z.infer<typeof MailtoLink>;

/**
 * The signed-in user's links, newest first, one page at a time: `limit` (default 100, at
 * most 500) from `offset` (default 0). The `X-Total-Count` response header holds the total.
 */
export const MailtoLinkList = z.array(MailtoLink).meta({ id: 'MailtoLinkList' });
export type MailtoLinkList = z.infer<typeof MailtoLinkList>;

const pageNumber = (message: string) => z.coerce.number({ error: message }).int(message);

/**
 * Query of the list call. No `.meta({ id })`: @fastify/swagger expands a querystring schema
 * into parameters and cannot follow a `$ref` there.
 */
export const LinkListQuery = z.object({
  limit: pageNumber(`limit must be a whole number from 1 to ${LINK_LIST_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${LINK_LIST_MAX_LIMIT}`)
    .max(LINK_LIST_MAX_LIMIT, `limit must be a whole number from 1 to ${LINK_LIST_MAX_LIMIT}`)
    .default(LINK_LIST_DEFAULT_LIMIT),
  offset: pageNumber('offset must be a whole number, 0 or more')
    .min(0, 'offset must be a whole number, 0 or more')
    .max(MAX_INT, 'offset is too large')
    .default(0),
});
export type LinkListQuery = z.input<typeof LinkListQuery>;
