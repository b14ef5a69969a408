// Account-wide caps without their schemas, so that a page (pricing) can show them without
// loading zod.

/** Saved links one account may hold by default (its own, not those shared with it). */
export const LINKS_PER_USER_MAX = 10_000;
