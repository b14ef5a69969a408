import type { TrackingOpens } from '@mailtokit/contracts/tracking';

/** The two ways a tracking link opens, as the dialog, Settings and the tracking links offer them. */
export const OPENS_CHOICES: readonly { value: TrackingOpens; label: string; hint: string }[] = [
  {
    value: 'direct',
    label: 'Open the mail app directly',
    hint: 'The fastest: the visitor’s mail app opens with your message.',
  },
  {
    value: 'choose',
    label: 'Let the visitor choose',
    hint: 'A small page offers the mail app, Gmail, Outlook.com, Yahoo Mail or copying the address.',
  },
];

/** What the user reads once a tracking link opens another way. */
export const OPENS_CHANGED: Record<TrackingOpens, { title: string; description: string }> = {
  direct: {
    title: 'Opens the mail app directly',
    description: 'Each click now opens the visitor’s mail app with your message.',
  },
  choose: {
    title: 'Visitors now choose',
    description:
      'Each click now shows a page to pick the mail app, Gmail, Outlook.com or Yahoo Mail.',
  },
};
export const OPENS_CHANGE_FAILED =
  'Failed to change how the tracking link opens. Please try again.';
