import type { Conn } from '../../db/database';
import type { NewTeamAuditEntry, TeamAuditRow } from '../../db/types';

/** An entry with whether its actor's account still exists. */
export type AuditRowWithActor = TeamAuditRow & { actor_exists: number | null };

/** What narrows the log: person, action, and a range of times [from, to). */
export interface AuditFilter {
  actorId?: number;
  action?: string;
  fromIso?: string;
  toIso?: string;
}

/** Appends entries (the only write there is: entries are never updated). */
export async function insertEntries(db: Conn, entries: NewTeamAuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insertInto('team_audit').values(entries).execute();
}

function filtered(db: Conn, teamId: number, f: AuditFilter) {
  return db
    .selectFrom('team_audit')
    .where('team_audit.team_id', '=', teamId)
    .$if(f.actorId !== undefined, (q) => q.where('team_audit.actor_id', '=', f.actorId ?? 0))
    .$if(f.action !== undefined, (q) => q.where('team_audit.action', '=', f.action ?? ''))
    .$if(f.fromIso !== undefined, (q) => q.where('team_audit.created_at', '>=', f.fromIso ?? ''))
    .$if(f.toIso !== undefined, (q) => q.where('team_audit.created_at', '<', f.toIso ?? ''));
}

/** One page of a team's entries, newest first (ties: the later entry first). */
export function listEntries(
  db: Conn,
  teamId: number,
  f: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRowWithActor[]> {
  return filtered(db, teamId, f)
    .leftJoin('users', 'users.id', 'team_audit.actor_id')
    .selectAll('team_audit')
    .select('users.id as actor_exists')
    .orderBy('team_audit.created_at', 'desc')
    .orderBy('team_audit.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countEntries(db: Conn, teamId: number, f: AuditFilter): Promise<number> {
  const row = await filtered(db, teamId, f)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
