import {
  TEAM_AUDIT_ACTION_LABELS,
  TEAM_AUDIT_CSV_COLUMNS,
  TEAM_AUDIT_CSV_MAX,
  type TeamAuditAction,
  type TeamAuditEntry,
  type TeamAuditFilter,
} from '@mailtokit/contracts/audit';
import { parseId } from '@mailtokit/contracts/ids';
import { TEAM_MESSAGES, teamPermissions } from '@mailtokit/contracts/teams';
import { addDays } from '@mailtokit/contracts/utc-day';
import type { Conn, Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { forbidden, notFound, validationError } from '../../lib/errors';
import { requestClient } from '../../lib/request-client';
import type { AccessService } from '../access/service';
import * as repo from './repo';

/** What one entry says happened; the actor's client and the time are added by `record`. */
export interface TeamAuditEvent {
  teamId: number;
  actor: Pick<UserRow, 'id' | 'username'>;
  action: TeamAuditAction;
  subject: TeamAuditEntry['subject'];
  /** For edits: the fields that changed (API names). */
  fields?: readonly string[];
  details?: Readonly<Record<string, string>>;
}

/** Where the modules that change a team's content and membership write what they did. */
export interface TeamAuditLog {
  /** Appends one entry, in the caller's transaction (so it exists exactly when the change). */
  record(conn: Conn, event: TeamAuditEvent): Promise<void>;
  /** Appends several entries in one statement (a CSV import's links), in the transaction. */
  recordMany(conn: Conn, events: readonly TeamAuditEvent[]): Promise<void>;
}

export const AUDIT_MESSAGES = {
  adminsOnly: "Only the team's owner and admins can read its audit log",
  toBeforeFrom: 'to must be the same day as from or later',
} as const;

/**
 * A team's audit log: appended by the modules that change the team (through `record`, in
 * their transaction), read by its owner and admins. Nothing rewrites or deletes an entry; the
 * team's deletion deletes its log (foreign key cascade).
 */
export class AuditService implements TeamAuditLog {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly clock: Clock,
  ) {}

  async record(conn: Conn, event: TeamAuditEvent): Promise<void> {
    await this.recordMany(conn, [event]);
  }

  async recordMany(conn: Conn, events: readonly TeamAuditEvent[]): Promise<void> {
    if (events.length === 0) return;
    const client = requestClient();
    const now = this.clock().toISOString();
    await repo.insertEntries(
      conn,
      events.map((event) => ({
        team_id: event.teamId,
        actor_id: event.actor.id,
        actor_username: event.actor.username,
        action: event.action,
        subject_type: event.subject.type,
        subject_id: event.subject.id,
        subject_name: event.subject.name === null ? null : event.subject.name.slice(0, 255),
        fields: (event.fields ?? []).join(' '),
        details: JSON.stringify(event.details ?? {}),
        user_agent: client.userAgent,
        country: client.country,
        created_at: now,
      })),
    );
  }

  /** One page of the team's log, newest first, and how many entries match the filter. */
  async list(
    user: UserRow,
    rawTeamId: string,
    filter: TeamAuditFilter,
  ): Promise<{ entries: TeamAuditEntry[]; total: number }> {
    const teamId = await this.readableTeam(user, rawTeamId);
    const f = filterOf(filter);
    const k = this.db.kysely;
    const [rows, total] = await Promise.all([
      repo.listEntries(k, teamId, f, { limit: filter.limit, offset: filter.offset }),
      repo.countEntries(k, teamId, f),
    ]);
    return { entries: rows.map(toEntry), total };
  }

  /** The filter's newest TEAM_AUDIT_CSV_MAX entries as CSV lines (header first). */
  async csv(user: UserRow, rawTeamId: string, filter: TeamAuditFilter): Promise<string[]> {
    const teamId = await this.readableTeam(user, rawTeamId);
    const rows = await repo.listEntries(this.db.kysely, teamId, filterOf(filter), {
      limit: TEAM_AUDIT_CSV_MAX,
      offset: 0,
    });
    const lines = [csvRow([...TEAM_AUDIT_CSV_COLUMNS])];
    for (const e of rows.map(toEntry))
      lines.push(
        csvRow([
          e.createdAt,
          e.actor.id === null ? '' : String(e.actor.id),
          e.actor.username,
          TEAM_AUDIT_ACTION_LABELS[e.action],
          e.subject.type,
          e.subject.id === null ? '' : String(e.subject.id),
          e.subject.name ?? '',
          e.fields.join(' '),
          Object.entries(e.details)
            .map(([k, v]) => `${k}=${v}`)
            .join(' '),
          e.userAgent ?? '',
          e.country ?? '',
        ]),
      );
    return lines;
  }

  /** The team's id when the user is its owner or an admin: 404 for non-members, 403 members. */
  private async readableTeam(user: UserRow, rawTeamId: string): Promise<number> {
    const id = parseId(rawTeamId);
    const membership = id === null ? undefined : (await this.access.memberships(user)).get(id);
    if (id === null || !membership) throw notFound(TEAM_MESSAGES.notFound);
    if (!teamPermissions(membership.role).canReadAudit) throw forbidden(AUDIT_MESSAGES.adminsOnly);
    return id;
  }
}

function filterOf(filter: TeamAuditFilter): repo.AuditFilter {
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from)
    throw validationError({ to: AUDIT_MESSAGES.toBeforeFrom });
  return {
    actorId: filter.actorId,
    action: filter.action,
    fromIso: filter.from === undefined ? undefined : `${filter.from}T00:00:00.000Z`,
    toIso: filter.to === undefined ? undefined : `${addDays(filter.to, 1)}T00:00:00.000Z`,
  };
}

function toEntry(row: repo.AuditRowWithActor): TeamAuditEntry {
  return {
    id: row.id,
    teamId: row.team_id,
    action: row.action as TeamAuditAction,
    actor: {
      id: row.actor_id,
      username: row.actor_username,
      deleted: row.actor_exists === null,
    },
    subject: {
      type: row.subject_type as TeamAuditEntry['subject']['type'],
      id: row.subject_id,
      name: row.subject_name,
    },
    fields: row.fields === '' ? [] : row.fields.split(' '),
    details: JSON.parse(row.details) as Record<string, string>,
    userAgent: row.user_agent,
    country: row.country,
    createdAt: row.created_at,
  };
}

/** RFC 4180; a cell a spreadsheet would run as a formula gets a leading single quote. */
function csvRow(cells: string[]): string {
  return `${cells
    .map((cell) => {
      const safe = /^['\s]*[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',')}\r\n`;
}
