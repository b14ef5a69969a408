import type { z } from 'zod';
import type { ProfileBody } from '@mailtokit/contracts/auth';
import type { Tier, User } from '@mailtokit/contracts/user';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { UserRow } from '../../db/types';
import { conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../auth/service';
import { toUser } from './mapper';
import * as repo from './repo';

type Profile = z.output<typeof ProfileBody>;

export class UsersService {
  constructor(private readonly db: Db) {}

  /** Updates first name, last name and e-mail; the username never changes. */
  async updateProfile(user: UserRow, input: Profile): Promise<User> {
    const taken = await repo.findUserByEmail(this.db.kysely, input.email);
    if (taken && taken.id !== user.id)
      throw conflict('Email is already in use by another account', {
        email: 'Email is already in use by another account',
      });
    try {
      const row = await repo.updateUser(this.db.kysely, user.id, {
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        updated_at: nowIso(),
      });
      return toUser(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Email is already in use by another account');
      throw err;
    }
  }

  async setTier(username: string, tier: Tier): Promise<User> {
    const user = await repo.findUserByUsername(this.db.kysely, username);
    if (!user) throw notFound(`No user named '${username}'`);
    const row = await repo.updateUser(this.db.kysely, user.id, {
      subscription_tier: tier,
      updated_at: nowIso(),
    });
    return toUser(row);
  }

  async list(): Promise<User[]> {
    return (await repo.listUsers(this.db.kysely)).map(toUser);
  }
}
