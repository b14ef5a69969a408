// Limits and messages of tracking links without their schemas, so that a page can show them
// without loading zod.

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
