import SQLite from 'better-sqlite3';
import { isPremium, TIERS } from '@mailtokit/contracts/user';
import { describe, expect, it } from 'vitest';
import { planInForceSql, premiumTierSql } from './tiers-sql';
import { tierOf } from './tiers';

describe('the tier rule in SQL', () => {
  it('says what isPremium(tierOf(user, at)) says, for every tier and plan end', () => {
    const db = new SQLite(':memory:');
    db.exec('create table users (subscription_tier text, subscription_expires_at text)');
    const ends = [null, '2026-11-29T10:00:00.000Z', '2026-11-29T12:00:00.000Z'];
    const at = '2026-11-29T11:00:00.000Z';
    const rule = db.prepare<[string], { premium: number }>(
      `select (${premiumTierSql('u')} and ${planInForceSql('u.subscription_expires_at', '?')}) as premium
       from users u where rowid = last_insert_rowid()`,
    );
    const insert = db.prepare('insert into users values (?, ?)');
    for (const tier of TIERS)
      for (const end of ends) {
        insert.run(tier, end);
        const user = { subscription_tier: tier, subscription_expires_at: end };
        expect(Boolean(rule.get(at)?.premium), `${tier} until ${end}`).toBe(
          isPremium(tierOf(user, new Date(at))),
        );
      }
  });
});
