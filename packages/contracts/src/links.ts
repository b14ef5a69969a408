import {
  MESSAGES as ADDRESS_MESSAGES,
  normalizeAddressList,
  validateAddressList,
} from '@mailtokit/mailto';
import { z } from './zod';
import { dateTime, multiLineText, nameText, queryInteger, singleLineText, url } from './fields';
import { MAX_INT } from './ids';
import { MESSAGES } from './messages';
import { LinkTag, LinkTagNames, tagName } from './tags';

export const LINK_NAME_MAX = 100;
/** Longest stored to, cc or bcc list (after normalisation to `a@x.org, b@y.org`). */
export const LINK_ADDRESSES_MAX = 2000;
/** RFC 5322 line length limit. */
export const LINK_SUBJECT_MAX = 998;
export const LINK_BODY_MAX = 20_000;
/** Page size of the saved-links list when the client does not ask for one. */
export const LINK_LIST_DEFAULT_LIMIT = 100;
/** The most links one list call returns. */
export const LINK_LIST_MAX_LIMIT = 200;
/** Longest search text of the list call. */
export const LINK_SEARCH_MAX = 200;
export { LINKS_PER_USER_MAX } from './caps';
/** Orders of the list call: newest first by default. */
export const LINK_SORTS = ['createdAt', 'updatedAt', 'name', 'clicks'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

/** The link form's messages, plus the server's own. */
export const LINK_MESSAGES = {
  nameRequired: 'Name is required',
  toRequired: ADDRESS_MESSAGES.linkFormToRequired,
  invalidAddresses: ADDRESS_MESSAGES.linkFormInvalidAddresses,
  teamInvalid: 'Invalid team',
  notTeamMember: 'You are not a member of this team',
  teamMoveAuthorOnly: 'Only the author can share this link with another team',
  notFound: 'Link not found',
  alreadyArchived: 'This link is archived already',
  notArchived: 'This link is not archived',
  tooMany: (max: number) =>
    `You can save at most ${max.toLocaleString('en')} links. Delete some first.`,
} as const;

/**
 * A comma-separated address list, validated by packages/mailto exactly as the web form does,
 * stored normalised (`' a@x.org ,b@y.org '` -> `'a@x.org, b@y.org'`).
 */
const addressList = (required: boolean) =>
  multiLineText(required ? LINK_MESSAGES.toRequired : LINK_MESSAGES.invalidAddresses)
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
      description: `Comma-separated email addresses, stored as \`a@x.org, b@y.org\` (at most ${LINK_ADDRESSES_MAX} characters)`,
    });

/** An optional address list: blank, only separators, null or missing becomes null. */
const optionalAddressList = () =>
  addressList(false)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Optional free text: trimmed; blank, null or missing becomes null. Tab and line breaks are
 * kept (a subject's become spaces in the mailto link); other control characters are refused.
 */
const optionalText = (max: number) =>
  multiLineText()
    .max(max, MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Create and update payload of a saved link (PUT replaces every field). `isShared` is
 * accepted from older clients but derived by the server: true exactly when `teamId` is set.
 */
export const LinkBody = z
  .object({
    name: nameText(LINK_MESSAGES.nameRequired)
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
    tags: LinkTagNames.optional().meta({
      description:
        "Tag names (at most 10; missing ones are created in the author's account). Left out: an update keeps the link's tags as they are. Only the link's author may change them (403 otherwise).",
    }),
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
    createdAt: dateTime(),
    updatedAt: dateTime(),
    /** The RFC 6068 link built from the stored fields by packages/mailto: use it as is. */
    mailtoUrl: url(),
    /** Whether the signed-in user may update and delete this link. */
    canEdit: z.boolean(),
    archivedAt: dateTime().nullable().meta({
      description:
        'When the link was archived (left out of the list unless `archived=true`; its tracking links still redirect and count); null while it is in the list',
    }),
    tags: z.array(LinkTag).meta({
      description: "The link's tags (its author's), by name; team members see them too",
    }),
  })
  .meta({ id: 'MailtoLink' });
export type MailtoLink = z.infer<typeof MailtoLink>;

/** Days `clicks30d` of a listed link covers: today (UTC) and the 29 days before. */
export const LINK_LIST_CLICK_DAYS = 30;

/** A saved link in the list, with what its row shows of its tracking. */
export const ListedMailtoLink = MailtoLink.extend({
  clicks30d: z
    .number()
    .int()
    .min(0)
    .meta({
      description: `Human clicks on the link's tracking links (retired ones included) over the last ${LINK_LIST_CLICK_DAYS} UTC days, today included; bots, previews, mail scanners, prefetches and repeats are left out`,
    }),
  trackingLinkCount: z.number().int().min(0).meta({
    description: 'Tracking links of the link that still redirect (deleted ones left out)',
  }),
  trackingUrl: url().nullable().meta({
    description:
      'The newest tracking link that still redirects (`PUBLIC_URL/t/<slug>`): the address to share, as it counts clicks; null when the link has none',
  }),
}).meta({ id: 'ListedMailtoLink' });
export type ListedMailtoLink = z.infer<typeof ListedMailtoLink>;

/**
 * The links the signed-in user can see (own ones and those shared with the user's teams), one
 * page at a time: `limit` (default 100, at most 200) from `offset` (default 0), filtered by
 * `q`, `teamId` and `shared`, in the order of `sort` and `order`. The `X-Total-Count` response
 * header holds the number of matches.
 */
export const MailtoLinkList = z.array(ListedMailtoLink).meta({ id: 'MailtoLinkList' });
export type MailtoLinkList = z.infer<typeof MailtoLinkList>;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LINK_LIST_MAX_LIMIT}`;

/**
 * Query of the list call. No `.meta({ id })`: @fastify/swagger expands a querystring schema
 * into parameters and cannot follow a `$ref` there.
 */
export const LinkListQuery = z.object({
  q: singleLineText('q must be text')
    .max(LINK_SEARCH_MAX, `q must be at most ${LINK_SEARCH_MAX} characters`)
    .optional()
    .meta({
      description:
        'Search text: links whose name, recipients (to, cc, bcc), subject or tag names contain it, ignoring case',
    }),
  teamId: queryInteger('teamId must be a team id', 1, MAX_INT)
    .optional()
    .meta({ description: 'Only links shared with this team' }),
  shared: z
    .enum(['true', 'false'], { error: 'shared must be true or false' })
    .optional()
    .meta({ description: '`true`: only links shared with a team; `false`: only private links' }),
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .default('false')
    .meta({
      description: '`false` (default): the links in the list; `true`: only the archived ones',
    }),
  tag: tagName()
    .optional()
    .meta({ description: 'Only links carrying a tag of this name (ignoring case)' }),
  sort: z
    .enum(LINK_SORTS, { error: `sort must be one of ${LINK_SORTS.join(', ')}` })
    .default('createdAt')
    .meta({ description: 'Order by creation time (default), last change, name or total clicks' }),
  order: z
    .enum(['asc', 'desc'], { error: 'order must be asc or desc' })
    .optional()
    .meta({ description: 'Default: `asc` for `name`, `desc` for the others' }),
  limit: queryInteger(LIMIT_MESSAGE, 1, LINK_LIST_MAX_LIMIT)
    .default(LINK_LIST_DEFAULT_LIMIT)
    .meta({
      description: `Links per page: ${LINK_LIST_MAX_LIMIT} at most (default ${LINK_LIST_DEFAULT_LIMIT})`,
    }),
  offset: queryInteger('offset must be a whole number, 0 or more', 0, MAX_INT)
    .default(0)
    .meta({ description: 'Matches to skip (default 0)' }),
});
export type LinkListQuery = z.input<typeof LinkListQuery>;
export type LinkListFilter = z.output<typeof LinkListQuery>;

/** Columns of the links CSV (export and import), in this order. */
export const LINK_CSV_COLUMNS = [
  'name',
  'to',
  'cc',
  'bcc',
  'subject',
  'body',
  'team',
  'tags',
] as const;
export type LinkCsvColumn = (typeof LINK_CSV_COLUMNS)[number];
/** Largest CSV file one import takes (bytes). */
export const LINK_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most links one import creates. */
export const LINK_IMPORT_MAX_ROWS = 10_000;
/** Most invalid rows one import answer lists. */
export const LINK_IMPORT_MAX_ERRORS = 200;
/** `all`: every row valid or nothing created; `partial`: the valid rows, the others skipped. */
export const LINK_IMPORT_MODES = ['all', 'partial'] as const;
export type LinkImportMode = (typeof LINK_IMPORT_MODES)[number];
/** Rows of the file an import answer shows back as a preview. */
export const LINK_IMPORT_PREVIEW_ROWS = 5;

export const LINK_IMPORT_MESSAGES = {
  unknownTeam: 'You are not a member of a team with this name',
  ambiguousTeam: 'More than one of your teams has this name',
  tooMany: (rows: number, room: number, max: number) =>
    `The file has ${rows.toLocaleString('en')} links, but there is room for ${room.toLocaleString('en')} more (at most ${max.toLocaleString('en')} saved links per account). Nothing was imported.`,
} as const;

/** One row of an import as read from the file (after formula protection is undone). */
export const LinkImportRow = z
  .object({
    /** Its row number as a spreadsheet shows it: the header is row 1. */
    row: z.number().int(),
    name: z.string(),
    to: z.string(),
    cc: z.string(),
    bcc: z.string(),
    subject: z.string(),
    body: z.string(),
    team: z.string(),
    tags: z.string().meta({ description: 'Tag names separated by commas' }),
  })
  .meta({ id: 'LinkImportRow' });
export type LinkImportRow = z.infer<typeof LinkImportRow>;

/** What is wrong with one row: column name -> message. */
export const LinkImportRowError = z
  .object({
    row: z
      .number()
      .int()
      .meta({ description: 'Row number as a spreadsheet shows it (header = 1)' }),
    errors: z.record(z.string(), z.string()),
  })
  .meta({ id: 'LinkImportRowError' });
export type LinkImportRowError = z.infer<typeof LinkImportRowError>;

/**
 * 201 of an import (`created` links), or 200 of a dry run (`created: 0`). In `partial` mode
 * the invalid rows are skipped and listed in `skipped`; in `all` mode there are none.
 */
export const LinkImportResult = z
  .object({
    created: z.number().int(),
    dryRun: z.boolean(),
    /** Rows read from the file. */
    rows: z.number().int(),
    /** Valid rows: the links created, or that an import would create after a dry run. */
    valid: z.number().int(),
    /** Invalid rows left out (`partial` mode), first ones first (at most LINK_IMPORT_MAX_ERRORS). */
    skipped: z.array(LinkImportRowError),
    /** How many rows were left out in all. */
    skippedCount: z.number().int(),
    preview: z.array(LinkImportRow),
  })
  .meta({ id: 'LinkImportResult' });
export type LinkImportResult = z.infer<typeof LinkImportResult>;

/** 400 of an import with invalid rows: nothing was created. */
export const LinkImportInvalid = z
  .object({
    detail: z.string(),
    code: z.string(),
    /** Rows read from the file. */
    rowCount: z.number().int(),
    /** The invalid rows, first ones first (at most LINK_IMPORT_MAX_ERRORS). */
    rows: z.array(LinkImportRowError),
    /** How many rows are invalid in all. */
    invalidCount: z.number().int(),
    preview: z.array(LinkImportRow),
  })
  .meta({ id: 'LinkImportInvalid' });
export type LinkImportInvalid = z.infer<typeof LinkImportInvalid>;

export const LinkImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .meta({ description: '`true`: validate every row and create nothing' }),
  mode: z.enum(LINK_IMPORT_MODES, { error: 'mode must be all or partial' }).optional().meta({
    description:
      '`all` (the default): any invalid row and nothing is created (400). `partial`: the valid rows are created and the invalid ones skipped and listed (400 only when no row is valid)',
  }),
});
