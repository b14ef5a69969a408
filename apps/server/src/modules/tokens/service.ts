import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  TOKENS_PER_USER_MAX,
  type ApiToken,
  type CreatedApiToken,
  type CreateTokenBody,
  type TokenScope,
} from '@mailtokit/contracts/tokens';
import { parseId } from '@mailtokit/contracts/ids';
import type { Conn, Db } from '../../db/database';
import type { ApiTokenRow, UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { AccountData } from '../../lib/account-data';
import { conflict, notFound } from '../../lib/errors';
import type { TokenAuth } from '../../lib/auth-hook';
import { hashToken } from '../../lib/tokens';
import type { UsersService } from '../users/service';
import * as accountRepo from './account-repo';
import * as repo from './repo';
import type { SecurityLog } from '../security-log/service';

/** `lastUsedAt` is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** `mtk_` + 32 random bytes (256 bits) in base64url: 47 characters. */
export function newApiToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function parseScopes(stored: string): TokenScope[] {
  const set = new Set(stored.split(' '));
  return TOKEN_SCOPES.filter((s) => set.has(s));
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Personal API tokens: created and revoked with a session, used as `Bearer mtk_...`. */
export class TokensService {
  /** The account's API tokens (never their hashes); deletion ends them. */
  readonly accountData: AccountData = {
    tables: ['api_tokens'],
    exportFor: async (db, user) => ({
      apiTokens: (await accountRepo.apiTokensOf(db, user.id)).map((t) => ({
        id: t.id,
        name: t.name,
        scopes: t.scopes.split(' ').filter(Boolean),
        createdAt: t.created_at,
        expiresAt: t.expires_at,
        lastUsedAt: t.last_used_at,
      })),
    }),
    deleteFor: (trx, user) => accountRepo.deleteApiTokensOf(trx, user.id),
  };

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly now: Clock,
    /** The account's security log: tokens created and revoked. */
    private readonly securityLog: SecurityLog,
  ) {}

  /** At most TOKENS_PER_USER_MAX per user, parallel creates included: past it, 409. */
  async create(user: UserRow, input: z.output<typeof CreateTokenBody>): Promise<CreatedApiToken> {
    const token = newApiToken();
    const now = this.now();
    const row = await this.db.kysely.transaction().execute(async (trx) => {
      await repo.lockTokensOf(trx, this.db.dialect, user.id);
      if ((await repo.countTokens(trx, user.id)) >= TOKENS_PER_USER_MAX)
        throw conflict(`You can hold at most ${TOKENS_PER_USER_MAX} tokens. Revoke one first.`);
      await this.securityLog.record(trx, user.id, 'api_token_created', input.name);
      return repo.insertToken(trx, {
        user_id: user.id,
        name: input.name,
        scopes: input.scopes.join(' '),
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: input.expiresInDays
          ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString()
          : null,
        last_used_at: null,
      });
    });
    return { ...toApiToken(row), token };
  }

  async list(user: Pick<UserRow, 'id'>): Promise<ApiToken[]> {
    return (await repo.listTokens(this.db.kysely, user.id)).map(toApiToken);
  }

  /** Revokes at once: the next call with the token answers 401. Another user's id: 404. */
  async revoke(user: UserRow, rawId: string): Promise<void> {
    const id = parseId(rawId);
    const name = id === null ? undefined : await repo.tokenName(this.db.kysely, user.id, id);
    if (id === null || !(await repo.deleteToken(this.db.kysely, user.id, id)))
      throw notFound('Token not found');
    await this.securityLog.record(null, user.id, 'api_token_revoked', name ?? null);
  }

  /**
   * Revokes every token of the user, in `conn`'s transaction (a password reset); answers the
   * names of those that were revoked.
   */
  revokeAll(userId: number, conn: Conn): Promise<string[]> {
    return repo.deleteAllTokens(conn, userId);
  }

  /** The user and scopes behind a token; null when unknown, revoked or expired. */
  async authenticate(token: string): Promise<TokenAuth | null> {
    if (token.length > 200) return null;
    const k = this.db.kysely;
    const row = await repo.findTokenByHash(k, hashToken(token));
    if (!row) return null;
    const now = this.now();
    const nowIso = now.toISOString();
    if (row.expires_at !== null && row.expires_at <= nowIso) return null;
    const user = await this.users.findById(row.user_id);
    if (!user) return null;
    if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS)
      await repo.touchToken(k, row.id, nowIso);
    return { user, tokenId: row.id, scopes: parseScopes(row.scopes) };
  }
}
