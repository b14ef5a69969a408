import type { ChooserText } from './types';

export const de: ChooserText = {
  title: 'E-Mail schreiben',
  intro: 'Wählen Sie, wie Sie diese E-Mail schreiben möchten.',
  to: 'An',
  subject: 'Betreff',
  choose: 'Öffnen mit',
  mailApp: 'Mail-App auf diesem Gerät',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  copyAddress: 'Adresse kopieren',
  copyMessage: 'Nachricht kopieren',
  copied: 'Kopiert',
};
