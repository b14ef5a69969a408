import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings on both dialects (see
 * docs/decisions/0002-portable-schema.md); booleans are 0/1 integers.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  subscription_tier: 'FREE' | 'PREMIUM' | 'TEAM';
  subscription_expires_at: string | null;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: number | null;
  created_at: string;
}

export interface MailtoLinksTable {
  id: Generated<number>;
  /** The creator; links go with their user (on delete cascade). */
  user_id: number;
  /** Team the link is shared with; null = private. */
  team_id: number | null;
  name: string;
  /** Normalised address lists: `a@x.org, b@y.org`. */
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string | null;
  body: string | null;
  /** 0/1: 1 exactly when team_id is set. */
  is_shared: number;
  created_at: string;
  updated_at: string;
}
export type LinkRow = Selectable<MailtoLinksTable>;
export type NewLink = Insertable<MailtoLinksTable>;
export type LinkUpdate = Updateable<MailtoLinksTable>;

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  contact_messages: ContactMessagesTable;
  mailto_links: MailtoLinksTable;
}
