export { TRACKING_URL_COPIED } from '@/lib/links/tracking-messages';

/** What the user reads when deleting a tracking link. */
export const TRACKING_RETIRED = {
  title: 'Tracking link deleted',
  description: 'Its address no longer redirects. Its clicks stay in your analytics.',
} as const;
export const TRACKING_RETIRE_FAILED = 'Failed to delete the tracking link. Please try again.';
