import { z } from './zod';
import { nameText } from './fields';
import { MAX_INT } from './ids';

/** Longest tag name, in characters (after trimming). */
export const TAG_NAME_MAX = 32;
/** Tags one account may hold. */
export const TAGS_PER_USER_MAX = 100;
/** Tags one link may carry. */
export const TAGS_PER_LINK_MAX = 10;

/**
 * The palette a tag's colour comes from: named, not free hex, so that every tag reads in both
 * themes (the web app maps each name to a light and a dark pair).
 */
export const TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'purple',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const TAG_MESSAGES = {
  nameRequired: 'Tag name is required',
  nameTooLong: `A tag name has at most ${TAG_NAME_MAX} characters`,
  nameComma: 'A tag name cannot contain a comma',
  colorInvalid: `Colour must be one of ${TAG_COLORS.join(', ')}`,
  duplicate: 'You already have a tag with this name',
  notFound: 'Tag not found',
  tooMany: `You can have at most ${TAGS_PER_USER_MAX} tags. Delete some first.`,
  tooManyOnLink: `A link carries at most ${TAGS_PER_LINK_MAX} tags`,
  authorOnly: "Only the link's author can change its tags",
} as const;

/**
 * A tag's name: 1-32 characters once trimmed, one line, no comma (the CSV's `tags` cell lists
 * them separated by commas). Unique per account ignoring case.
 */
export const tagName = () =>
  nameText(TAG_MESSAGES.nameRequired)
    .min(1, TAG_MESSAGES.nameRequired)
    .max(TAG_NAME_MAX, TAG_MESSAGES.nameTooLong)
    .refine((v) => !v.includes(','), TAG_MESSAGES.nameComma);

/** The key a tag name is unique under: Unicode lower case. */
export const tagKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

const tagColor = () => z.enum(TAG_COLORS, { error: TAG_MESSAGES.colorInvalid });

/** `POST /api/v1/tags`. */
export const TagBody = z
  .object({
    name: tagName(),
    color: tagColor().default('gray'),
  })
  .meta({ id: 'TagBody' });
export type TagBody = z.input<typeof TagBody>;

/** `PATCH /api/v1/tags/{id}`: rename, recolour, or both. */
export const TagPatch = z
  .object({
    name: tagName().optional(),
    color: tagColor().optional(),
  })
  .meta({ id: 'TagPatch' });
export type TagPatch = z.input<typeof TagPatch>;

/** A tag as a link carries it. */
export const LinkTag = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.enum(TAG_COLORS),
  })
  .meta({ id: 'LinkTag' });
export type LinkTag = z.infer<typeof LinkTag>;

/** One of the signed-in user's tags, with how many of their links carry it. */
export const Tag = LinkTag.extend({
  linkCount: z.number().int().min(0),
  createdAt: z.string().meta({ format: 'date-time' }),
}).meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

export const TagList = z.array(Tag).meta({ id: 'TagList' });
export type TagList = z.infer<typeof TagList>;

/**
 * The tags of a link in a create or update payload: names (missing ones are created in the
 * author's account, grey), at most 10, duplicates ignoring case dropped.
 */
export const LinkTagNames = z
  .array(tagName(), { error: 'tags must be a list of tag names' })
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((n) => {
      const key = tagKey(n);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(TAGS_PER_LINK_MAX, TAG_MESSAGES.tooManyOnLink));

/** Ids a bulk action takes per call. */
export const BULK_IDS_MAX = 100;
export const BULK_ACTIONS = [
  'archive',
  'restore',
  'delete',
  'share',
  'unshare',
  'tag',
  'untag',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const bulkId = z
  .int({ error: 'ids must be link ids' })
  .min(1, 'ids must be link ids')
  .max(MAX_INT, 'ids must be link ids');

/** `POST /api/v1/mailto-links/bulk`. */
export const BulkBody = z
  .object({
    ids: z
      .array(bulkId, { error: 'ids must be a list of link ids' })
      .min(1, 'ids must name at least one link')
      .max(BULK_IDS_MAX, `ids takes at most ${BULK_IDS_MAX} links per call`)
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    teamId: z
      .int({ error: 'teamId must be a team id' })
      .min(1, 'teamId must be a team id')
      .max(MAX_INT, 'teamId must be a team id')
      .optional(),
    tag: tagName().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'share' && body.teamId === undefined)
      ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'share needs a teamId' });
    if ((body.action === 'tag' || body.action === 'untag') && body.tag === undefined)
      ctx.addIssue({ code: 'custom', path: ['tag'], message: `${body.action} needs a tag name` });
  })
  .meta({ id: 'BulkBody' });
export type BulkBody = z.input<typeof BulkBody>;

/** What happened to one link of a bulk action. */
export const BulkItemResult = z
  .object({
    id: z.number().int(),
    ok: z.boolean(),
    status: z.number().int().meta({ description: 'The status the single action would answer' }),
    code: z.string().optional(),
    detail: z.string().optional(),
  })
  .meta({ id: 'BulkItemResult' });
export type BulkItemResult = z.infer<typeof BulkItemResult>;

export const BulkResult = z
  .object({
    action: z.enum(BULK_ACTIONS),
    succeeded: z.number().int().min(0),
    failed: z.number().int().min(0),
    results: z.array(BulkItemResult),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof BulkResult>;

/** `GET /api/v1/mailto-links/export.csv?ids=1,2,3`: only these links (at most BULK_IDS_MAX). */
export const LinkExportQuery = z.object({
  ids: z
    .string({ error: 'ids must be link ids separated by commas' })
    .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/, 'ids must be link ids separated by commas')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().min(1, 'ids must be link ids').max(MAX_INT, 'ids must be link ids'))
        .max(BULK_IDS_MAX, `ids takes at most ${BULK_IDS_MAX} links per call`),
    )
    .optional()
    .meta({
      description: `Only these links (comma-separated ids, at most ${BULK_IDS_MAX}), own or shared with the caller's teams; ids the caller cannot read are left out`,
    }),
});
export type LinkExportQuery = z.input<typeof LinkExportQuery>;
