import { normalizeFields } from './fields';
import { UNRESERVED_ONLY, percentEncode } from './percent';
import type { MailtoInput } from './types';

/** One query parameter; parameters with an empty value are left out. */
type QueryParam = readonly [name: string, value: string];

/**
 * Appends a query string to `base`. Values are UTF-8 percent-encoded leaving only RFC 3986
 * unreserved characters literal (stricter than encodeURIComponent): space is `%20`, `+` is
 * `%2B`, a line break (always `\n` here) is `%0A`, a comma is `%2C`.
 */
function withQuery(base: string, params: readonly QueryParam[]): string {
  const query = params
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${percentEncode(value, UNRESERVED_ONLY)}`)
    .join('&');
  return query === '' ? base : `${base}?${query}`;
}

/** The fields as the web compose forms take them: lists comma-joined, `\n` line breaks. */
function composeValues(fields: MailtoInput): {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
} {
  const clean = normalizeFields(fields);
  return {
    to: clean.to.join(','),
    cc: clean.cc.join(','),
    bcc: clean.bcc.join(','),
    subject: clean.subject,
    body: clean.body,
  };
}

/**
 * Gmail web compose URL for the same fields:
 * `https://mail.google.com/mail/?view=cm&fs=1&to=…&cc=…&bcc=…&su=…&body=…`.
 * Empty parameters are left out; line breaks are sent as `%0A`.
 */
export function gmailComposeUrl(fields: MailtoInput): string {
  const v = composeValues(fields);
  return withQuery('https://mail.google.com/mail/', [
    ['view', 'cm'],
    ['fs', '1'],
    ['to', v.to],
    ['cc', v.cc],
    ['bcc', v.bcc],
    ['su', v.subject],
    ['body', v.body],
  ]);
}

/**
 * Outlook on the web (Microsoft 365) compose deep link for the same fields:
 * `https://outlook.office.com/mail/deeplink/compose?to=…&cc=…&bcc=…&subject=…&body=…`.
 * Empty parameters are left out; line breaks are sent as `%0A`.
 */
export function outlookComposeUrl(fields: MailtoInput): string {
  const v = composeValues(fields);
  return withQuery('https://outlook.office.com/mail/deeplink/compose', [
    ['to', v.to],
    ['cc', v.cc],
    ['bcc', v.bcc],
    ['subject', v.subject],
    ['body', v.body],
  ]);
}

/**
 * Outlook.com (personal Microsoft accounts) compose deep link for the same fields:
 * `https://outlook.live.com/mail/0/deeplink/compose?to=…&cc=…&bcc=…&subject=…&body=…`.
 * Empty parameters are left out; line breaks are sent as `%0A`.
 */
export function outlookComComposeUrl(fields: MailtoInput): string {
  const v = composeValues(fields);
  return withQuery('https://outlook.live.com/mail/0/deeplink/compose', [
    ['to', v.to],
    ['cc', v.cc],
    ['bcc', v.bcc],
    ['subject', v.subject],
    ['body', v.body],
  ]);
}

/**
 * Yahoo Mail compose URL for the same fields:
 * `https://compose.mail.yahoo.com/?to=…&cc=…&bcc=…&subject=…&body=…`.
 * Empty parameters are left out; line breaks are sent as `%0A`.
 */
export function yahooComposeUrl(fields: MailtoInput): string {
  const v = composeValues(fields);
  return withQuery('https://compose.mail.yahoo.com/', [
    ['to', v.to],
    ['cc', v.cc],
    ['bcc', v.bcc],
    ['subject', v.subject],
    ['body', v.body],
  ]);
}
