import { parseAddressList } from '@mailtokit/mailto';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Created: Jan 5, 2026' (local time, as `toLocaleDateString('en-US')` with a short month), or
 * 'Created: recently' when the date is missing or invalid. Written out: every link of the
 * dashboard shows one, and Intl date formatting costs milliseconds per call on a phone.
 */
export function createdLabel(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Created: recently';
  return `Created: ${MONTHS[date.getMonth()] ?? ''} ${date.getDate()}, ${date.getFullYear()}`;
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

/** '1 click in the last 30 days', '1,204 clicks in the last 30 days'. */
export function clicksLabel(clicks: number): string {
  return `${clicks.toLocaleString('en-US')} ${clicks === 1 ? 'click' : 'clicks'} in the last 30 days`;
}

/** A count in at most four characters or so: 999, 1.2k, 12k, 1.2M. */
export function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${(Math.floor(n / 100_000) / 10).toString()}M`;
}

/** '1 tracking link', '3 tracking links'. */
export function trackingLinksLabel(count: number): string {
  return `${count} tracking ${count === 1 ? 'link' : 'links'}`;
}

/** A tracking address without its scheme, as a row shows it: `mailtokit.example/t/Ab12Cd34`. */
export function shortTrackingUrl(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/** The toast of a copied tracking address: it says what was copied. */
export const COPY_TRACKING_SUCCESS = {
  title: 'Tracking link copied',
  description: 'Clicks on this address are counted.',
} as const;

/** The toast of a copied `mailto:` link of a link that has tracking links. */
export const COPY_UNTRACKED_SUCCESS = {
  title: 'Mailto link copied (not tracked)',
  description: 'Clicks on this link are not counted: share the tracking link to count them.',
} as const;
