import { parseId } from '@mailtokit/contracts/ids';
import { TEAM_MESSAGES, type TeamRole } from '@mailtokit/contracts/teams';
import type { Conn } from '../../db/database';
import type { TeamRow, UserRow } from '../../db/types';
import { notFound } from '../../lib/errors';
import * as repo from './repo';

/** A team and the caller's role in it. */
export interface Seat {
  team: TeamRow;
  role: TeamRole;
}

/**
 * The team named by the path's id and the caller's role in it; 404 'Team not found' for a
 * malformed id, no team or no membership (a team is nobody else's business). `lock` takes the
 * team's row for the rest of the transaction (PostgreSQL).
 */
export async function seatOf(
  db: Conn,
  user: UserRow,
  rawId: string,
  lock: repo.Lock = null,
): Promise<Seat> {
  const id = parseId(rawId);
  const team = id === null ? undefined : await repo.findTeamById(db, id, lock);
  const mine = team ? await repo.findMember(db, team.id, user.id) : undefined;
  if (!team || !mine) throw notFound(TEAM_MESSAGES.notFound);
  return { team, role: mine.role };
}
