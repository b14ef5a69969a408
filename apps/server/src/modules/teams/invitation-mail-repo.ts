import type { Conn } from '../../db/database';

/** Whether the address (its hash) asked for no invitation e-mails. */
export async function isStopped(db: Conn, emailHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitation_mail_stops')
    .select('email_hash')
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stops invitation e-mails to the address (once; again is a no-op). */
export async function stop(db: Conn, emailHash: string, now: string): Promise<void> {
  await db
    .insertInto('invitation_mail_stops')
    .values({ email_hash: emailHash, created_at: now })
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .execute();
}

/** Stores the (hashed) token of an e-mail's stop link; expired ones go first. */
export async function insertStopToken(
  db: Conn,
  row: { token_hash: string; email_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.deleteFrom('invitation_stop_tokens').where('expires_at', '<=', row.created_at).execute();
  await db.insertInto('invitation_stop_tokens').values(row).execute();
}

/** The address (hash) a stop link's token names, while the link is valid. */
export async function findStopToken(
  db: Conn,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('invitation_stop_tokens')
    .select('email_hash')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.email_hash;
}

/** Records (or renews) that the address declined the team. */
export async function recordDecline(
  db: Conn,
  teamId: number,
  emailHash: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('invitation_declines')
    .values({ team_id: teamId, email_hash: emailHash, declined_at: now })
    .onConflict((oc) => oc.columns(['team_id', 'email_hash']).doUpdateSet({ declined_at: now }))
    .execute();
}

/** Whether the address declined the team after `since`. */
export async function declinedSince(
  db: Conn,
  teamId: number,
  emailHash: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('invitation_declines')
    .select('team_id')
    .where('team_id', '=', teamId)
    .where('email_hash', '=', emailHash)
    .where('declined_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}
