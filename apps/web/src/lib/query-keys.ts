/**
 * The query keys of every server resource the web app caches, in one place: a feature never
 * writes a key by hand. Each resource has a root (`all`) that starts every key of its queries,
 * so invalidating the root refreshes all of them; two features reading the same resource use
 * the same key and so share one cache entry.
 */
export const queryKeys = {
  /** The signed-in user (GET /auth/me); `null` when anonymous. */
  me: ['me'] as const,

  links: {
    all: ['links'] as const,
    /** A page of the links tab (search, filter, order, offset). */
    page: (query: object) => ['links', 'page', query] as const,
    /** Every page of the links tab (their rows count tracking links and clicks). */
    pages: ['links', 'page'] as const,
    /** One saved link: the edit form and the analytics page share it. */
    detail: (id: number) => ['links', 'detail', id] as const,
    /** The names of the most recent links, for pickers (the webhook form). */
    choices: ['links', 'choices'] as const,
  },

  /** The signed-in user's tags (names, colours, how many links carry each). */
  tags: {
    all: ['tags'] as const,
  },

  teams: {
    all: ['teams'] as const,
    detail: (teamId: number) => ['teams', teamId] as const,
    members: (teamId: number) => ['teams', teamId, 'members'] as const,
    /** A team's pending invitations (owner and admins). */
    invitations: (teamId: number) => ['teams', teamId, 'invitations'] as const,
    /** One page of a team's audit log, for a filter (owner and admins). */
    audit: (teamId: number, filter: Record<string, string | number>) =>
      ['teams', teamId, 'audit', filter] as const,
    /** The caller's teams as the link form's 'Share with team' selector needs them. */
    shareOptions: ['teams', 'share-options'] as const,
  },

  /** The signed-in user's own pending team invitations. */
  invitations: {
    all: ['invitations'] as const,
  },

  trackingLinks: {
    all: ['tracking-links'] as const,
    /** The active tracking links of one saved link. */
    ofLink: (linkId: number) => ['tracking-links', linkId] as const,
  },

  analytics: {
    all: ['analytics'] as const,
    /** Every overview query, whatever its range. */
    overviews: ['analytics', 'overview'] as const,
    overview: (range: object) => ['analytics', 'overview', range] as const,
    link: (linkId: number, range: object) => ['analytics', 'link', linkId, range] as const,
  },

  /** The signed-in user's settings kept on the server (GET /settings). */
  settings: ['settings'] as const,

  /** What an e-mailed invitation link's page shows (team, inviter), by token. */
  invitationPreview: (token: string) => ['invitation-preview', token] as const,

  /** Two-step sign-in of the signed-in user (GET /auth/two-factor). */
  twoFactor: ['two-factor'] as const,
  passkeys: ['passkeys'] as const,
  tokens: {
    all: ['tokens'] as const,
  },

  /** The signed-in user's security log, by page. */
  sessions: {
    all: ['sessions'] as const,
  },
  securityLog: {
    all: ['security-log'] as const,
    page: (page: number) => ['security-log', page] as const,
  },

  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (webhookId: number) => ['webhooks', webhookId, 'deliveries'] as const,
  },
} as const;
