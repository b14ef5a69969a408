import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * On PostgreSQL, the saved-links search no longer reads the trigram index of
 * `mailto_link_search` (docs/decisions/0011-links-at-volume.md): every search reads the
 * user's own rows of the search table, by the index on the user, whose cost is bounded by
 * that user's number of links. The trigram index spans every account's links: a search whose
 * trigrams are common (a word, a domain) made it return and recheck candidates from every
 * account (8,880 for a word matching 523 of one account's 100,000 links, 38 ms against 18 ms
 * for the user's rows), and that grows with the whole installation, not with the account.
 * Dropping it also spares every write of a link its update. SQLite never had it.
 */
export const m015LinksSearchByUser: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect === 'postgres') await sql`drop index if exists mailto_link_search_trgm`.execute(db);
  },
  async down(db) {
    if (dialect !== 'postgres') return;
    const trgm = await sql<{ n: number }>`
      select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    if ((trgm.rows[0]?.n ?? 0) > 0)
      await sql`create index mailto_link_search_trgm on mailto_link_search
        using gin (search_text gin_trgm_ops)`.execute(db);
  },
});
