import { MAX_INT } from '@mailtokit/contracts/links';

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/**
 * A row id from the path: a positive integer that fits the column, else null. Routes take
 * ids as plain strings so that a malformed id answers 404 like an unknown one, never 400.
 */
export function parseId(raw: string): number | null {
  if (!ID_PATTERN.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_INT ? id : null;
}
