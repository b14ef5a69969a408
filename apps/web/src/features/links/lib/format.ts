import { parseAddressList } from '@mailtokit/mailto';

/** 'Created: Jan 5, 2026', or 'Created: Recently' when the date is missing or invalid. */
export function createdLabel(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Created: Recently';
  const text = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `Created: ${text}`;
}

export interface AddressSummary {
  /** The first `max` addresses, comma-separated. */
  shown: string;
  /** How many more there are. */
  more: number;
  total: number;
}

/** A compact view of a stored address list: the first few, and how many are left out. */
export function summarizeAddresses(list: string | null | undefined, max: number): AddressSummary {
  const all = parseAddressList(list ?? '');
  return {
    shown: all.slice(0, max).join(', '),
    more: Math.max(0, all.length - max),
    total: all.length,
  };
}
