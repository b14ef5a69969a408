import type { ChooserText } from './types';

export const ja: ChooserText = {
  title: 'メールを書く',
  intro: 'このメールの書き方を選んでください。',
  to: '宛先',
  subject: '件名',
  choose: '開くアプリ',
  mailApp: 'この端末のメールアプリ',
  gmail: 'Gmail',
  outlook: 'Outlook.com',
  yahoo: 'Yahoo!メール',
  copyAddress: 'アドレスをコピー',
  copyMessage: 'メッセージをコピー',
  copied: 'コピーしました',
};
