import type { ChooserText } from './types';

export const es: ChooserText = {
  title: 'Escribir un correo',
  intro: 'Elija cómo quiere escribir este correo.',
  to: 'Para',
  subject: 'Asunto',
  choose: 'Abrir con',
  mailApp: 'App de correo de este dispositivo',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo Mail',
  copyAddress: 'Copiar dirección',
  copyMessage: 'Copiar mensaje',
  copied: 'Copiado',
};
