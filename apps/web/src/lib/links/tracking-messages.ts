import { TRACKING_MESSAGES } from '@mailtokit/contracts/tracking-messages';

/** What the user reads when making a tracking link (the links tab and the analytics page). */
export const TRACKING_COPIED = {
  title: TRACKING_MESSAGES.created,
  description: 'The tracking link has been copied to your clipboard',
} as const;
export const TRACKING_CREATED_NOT_COPIED = {
  title: TRACKING_MESSAGES.created,
  description: 'Copy it from the dialog to share it.',
} as const;
export const TRACKING_URL_COPIED = {
  title: 'Link copied!',
  description: 'The tracking link has been copied to your clipboard',
} as const;
export const TRACKING_PREMIUM_MESSAGE =
  'Tracking links requires a premium subscription. Please upgrade your account to access this feature.';
export const TRACKING_FAILED_MESSAGE = 'Failed to create tracking link. Please try again.';
