import type { ChooserText } from './types';

export const en: ChooserText = {
  title: 'Write an email',
  intro: 'Choose how you want to write this email.',
  to: 'To',
  subject: 'Subject',
  choose: 'Open with',
  mailApp: 'Mail app on this device',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  copyAddress: 'Copy address',
  copyMessage: 'Copy message',
  copied: 'Copied',
};
