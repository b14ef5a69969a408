import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Which of `keys` a root invalidation marks stale. */
async function staleAfterInvalidating(root: readonly unknown[], keys: readonly unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  await client.invalidateQueries({ queryKey: root, refetchType: 'none' });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('query keys', () => {
  const range = { kind: 'preset', days: 30, interval: 'day' };
  const all = [
    queryKeys.me,
    queryKeys.links.page({ q: '', offset: 0 }),
    queryKeys.links.detail(7),
    queryKeys.links.choices,
    queryKeys.teams.detail(3),
    queryKeys.teams.members(3),
    queryKeys.teams.shareOptions,
    queryKeys.trackingLinks.ofLink(7),
    queryKeys.analytics.overview(range),
    queryKeys.analytics.link(7, range),
    queryKeys.tokens.all,
    queryKeys.webhooks.deliveries(2),
  ].map((key) => [...key]);

  it('a resource root reaches every query of that resource and no other', async () => {
    expect(await staleAfterInvalidating(queryKeys.links.all, all)).toEqual([
      [...queryKeys.links.page({ q: '', offset: 0 })],
      [...queryKeys.links.detail(7)],
      [...queryKeys.links.choices],
    ]);
    expect(await staleAfterInvalidating(queryKeys.teams.all, all)).toEqual([
      [...queryKeys.teams.detail(3)],
      [...queryKeys.teams.members(3)],
      [...queryKeys.teams.shareOptions],
    ]);
    expect(await staleAfterInvalidating(queryKeys.analytics.overviews, all)).toEqual([
      [...queryKeys.analytics.overview(range)],
    ]);
  });

  it('a team key reaches its members but not another team', async () => {
    const keys = [queryKeys.teams.members(3), queryKeys.teams.members(4)].map((k) => [...k]);
    expect(await staleAfterInvalidating(queryKeys.teams.detail(3), keys)).toEqual([
      [...queryKeys.teams.members(3)],
    ]);
  });
});
