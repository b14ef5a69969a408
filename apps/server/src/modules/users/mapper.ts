import type { User } from '@mailtokit/contracts/user';
import type { UserRow } from '../../db/types';
import { tierOf } from '../../lib/tiers';

/** The API shape of a user at `now`: camelCase, the tier in force, no password hash. */
export function toUser(row: UserRow, now: Date): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    subscriptionTier: tierOf(row, now),
    subscriptionExpiresAt: row.subscription_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
