import type { ChooserText } from './types';

export const pt: ChooserText = {
  title: 'Escrever um e-mail',
  intro: 'Escolha como quer escrever este e-mail.',
  to: 'Para',
  subject: 'Assunto',
  choose: 'Abrir com',
  mailApp: 'App de e-mail deste dispositivo',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  copyAddress: 'Copiar endereço',
  copyMessage: 'Copiar mensagem',
  copied: 'Copiado',
};
