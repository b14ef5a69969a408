import type { ChooserText } from './types';

export const fr: ChooserText = {
  title: 'Écrire un e-mail',
  intro: 'Choisissez comment écrire cet e-mail.',
  to: 'À',
  subject: 'Objet',
  choose: 'Ouvrir avec',
  mailApp: 'Application de messagerie de cet appareil',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  copyAddress: 'Copier l’adresse',
  copyMessage: 'Copier le message',
  copied: 'Copié',
};
