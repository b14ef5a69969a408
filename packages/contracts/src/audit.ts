import { z } from './zod';
import { dateTime, queryInteger } from './fields';
import { MAX_INT } from './ids';
import { isIsoDate } from './utc-day';

/**
 * What a team's audit log records: every change to the team's content and membership. Names
 * are `<thing>.<what happened>`; the web app and the CSV show `TEAM_AUDIT_ACTION_LABELS`.
 */
export const TEAM_AUDIT_ACTIONS = [
  'link.created',
  'link.edited',
  'link.shared',
  'link.unshared',
  'link.archived',
  'link.restored',
  'link.deleted',
  'tracking_link.created',
  'tracking_link.deleted',
  'invitation.sent',
  'invitation.revoked',
  'invitation.accepted',
  'invitation.declined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'team.ownership_transferred',
  'team.two_factor_policy_changed',
] as const;
export const TeamAuditAction = z.enum(TEAM_AUDIT_ACTIONS);
export type TeamAuditAction = z.infer<typeof TeamAuditAction>;

export const TEAM_AUDIT_ACTION_LABELS: Record<TeamAuditAction, string> = {
  'link.created': 'Link created',
  'link.edited': 'Link edited',
  'link.shared': 'Link shared',
  'link.unshared': 'Link unshared',
  'link.archived': 'Link archived',
  'link.restored': 'Link restored',
  'link.deleted': 'Link deleted',
  'tracking_link.created': 'Tracking link created',
  'tracking_link.deleted': 'Tracking link deleted',
  'invitation.sent': 'Invitation sent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'invitation.declined': 'Invitation declined',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'team.ownership_transferred': 'Ownership transferred',
  'team.two_factor_policy_changed': 'Two-step sign-in requirement changed',
};

/** The shortest time a team's audit entries are kept (they go with the team). */
export const TEAM_AUDIT_RETENTION_DAYS = 400;
export const TEAM_AUDIT_DEFAULT_LIMIT = 50;
export const TEAM_AUDIT_MAX_LIMIT = 200;
/** Most entries one CSV download holds (the newest of the filter). */
export const TEAM_AUDIT_CSV_MAX = 10_000;

/** A person as an entry names them: their id, and the username they had at the time. */
export const AuditActor = z.object({
  id: z.number().int().nullable(),
  username: z.string(),
  /** The account no longer exists (the web app shows "deleted user"). */
  deleted: z.boolean(),
});
export type AuditActor = z.infer<typeof AuditActor>;

export const TeamAuditEntry = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    action: TeamAuditAction,
    actor: AuditActor,
    /** What the action was done to: a link, a tracking link, a person, an invitation, the team. */
    subject: z.object({
      type: z.enum(['link', 'tracking_link', 'user', 'invitation', 'team']),
      id: z.number().int().nullable(),
      /** Its name at the time (a link's name, a tracking link's label, a username, ...). */
      name: z.string().nullable(),
    }),
    /** For edits: which fields changed (names as the API spells them). */
    fields: z.array(z.string()),
    /** Roles and other values the action set, e.g. `{ from: 'MEMBER', to: 'ADMIN' }`. */
    details: z.record(z.string(), z.string()),
    /** The client's user agent (never its address). */
    userAgent: z.string().nullable(),
    /** Two-letter country code, when known. */
    country: z.string().nullable(),
    createdAt: dateTime(),
  })
  .meta({ id: 'TeamAuditEntry' });
export type TeamAuditEntry = z.infer<typeof TeamAuditEntry>;

export const TeamAuditList = z.array(TeamAuditEntry).meta({ id: 'TeamAuditList' });
export type TeamAuditList = z.infer<typeof TeamAuditList>;

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(isIsoDate, `${name} must be a date (YYYY-MM-DD)`)
    .optional()
    .meta({ description: `UTC calendar day (YYYY-MM-DD), inclusive` });

/** Filters of the log (person, action, UTC days), newest first, in pages. */
export const TeamAuditQuery = z.object({
  actorId: queryInteger('actorId must be a user id', 1, MAX_INT)
    .optional()
    .meta({ description: 'Only entries by this person (user id)' }),
  action: z
    .enum(TEAM_AUDIT_ACTIONS, { error: `action must be one of ${TEAM_AUDIT_ACTIONS.join(', ')}` })
    .optional()
    .meta({ description: 'Only entries of this action' }),
  from: day('from'),
  to: day('to'),
  limit: queryInteger(
    `limit must be a whole number from 1 to ${TEAM_AUDIT_MAX_LIMIT}`,
    1,
    TEAM_AUDIT_MAX_LIMIT,
  ).default(TEAM_AUDIT_DEFAULT_LIMIT),
  offset: queryInteger('offset must be a whole number, 0 or more', 0, MAX_INT).default(0),
});
export type TeamAuditQuery = z.input<typeof TeamAuditQuery>;
export type TeamAuditFilter = z.output<typeof TeamAuditQuery>;

/** Columns of the audit CSV, in this order. */
export const TEAM_AUDIT_CSV_COLUMNS = [
  'time',
  'actor_id',
  'actor',
  'action',
  'subject_type',
  'subject_id',
  'subject',
  'fields',
  'details',
  'user_agent',
  'country',
] as const;
