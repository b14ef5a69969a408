import type { ChooserText } from './types';

export const it: ChooserText = {
  title: 'Scrivi un’e-mail',
  intro: 'Scegli come vuoi scrivere questa e-mail.',
  to: 'A',
  subject: 'Oggetto',
  choose: 'Apri con',
  mailApp: 'App di posta di questo dispositivo',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  copyAddress: 'Copia indirizzo',
  copyMessage: 'Copia messaggio',
  copied: 'Copiato',
};
