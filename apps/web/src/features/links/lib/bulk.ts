import type { BulkAction, BulkResult } from '@mailtokit/contracts/tags';

/** "1 link", "3 links". */
export const linksOf = (n: number) => (n === 1 ? '1 link' : `${n} links`);

const DONE: Record<BulkAction, string> = {
  archive: 'archived',
  restore: 'restored',
  delete: 'deleted',
  share: 'shared',
  unshare: 'made private',
  tag: 'tagged',
  untag: 'untagged',
};

/** "3 links archived", and how many could not be, with the first reason. */
export function bulkSummary(result: BulkResult): { title: string; description?: string } {
  const title = `${linksOf(result.succeeded)} ${DONE[result.action]}`;
  if (result.failed === 0) return { title };
  const reason = result.results.find((r) => !r.ok)?.detail;
  return {
    title,
    description: `${linksOf(result.failed)} could not be ${DONE[result.action]}${reason ? `: ${reason}` : ''}.`,
  };
}
