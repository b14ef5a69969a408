import { normalizeFields } from './fields';
import { ADDRESS_SAFE, HEADER_VALUE_SAFE, percentEncode } from './percent';
import type { MailtoInput } from './types';

/** RFC 6068 line break inside a header value (only the body ever carries one). */
const ENCODED_CRLF = '%0D%0A';

/**
 * Encodes one address for the path. The last `@` separates local part and domain and stays
 * literal; an `@` inside a (quoted) local part is encoded, as in RFC 6068's
 * `%22not%40me%22@example.org`. Non-ASCII characters (e.g. an IDN domain) become UTF-8 escapes.
 */
export function encodeAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return percentEncode(address, ADDRESS_SAFE);
  const local = percentEncode(address.slice(0, at), ADDRESS_SAFE);
  const domain = percentEncode(address.slice(at + 1), ADDRESS_SAFE);
  return `${local}@${domain}`;
}

/**
 * Encodes a header value: UTF-8 percent-encoding, space as `%20`, `+` as `%2B`, every
 * line break as `%0D%0A`. Literal: unreserved characters and `! $ ' ( ) * , : @`.
 */
export function encodeHeaderValue(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => percentEncode(line, HEADER_VALUE_SAFE))
    .join(ENCODED_CRLF);
}

/**
 * Builds an RFC 6068 mailto: URI.
 *
 * - Every `to` address goes in the path, comma-separated (never as a `?to=` header).
 * - Headers are emitted only when non-empty, always in the order cc, bcc, subject, body.
 * - Addresses are trimmed and empty ones dropped; a subject's line breaks become spaces;
 *   body line breaks (CRLF, CR or LF) are written `%0D%0A`.
 * - The result is plain ASCII with no space, no raw `+` and no raw `#`.
 *
 * @example
 * buildMailto({ to: ['a@example.com'], subject: 'Hello world', body: 'Line 1\nLine 2' })
 * // 'mailto:a@example.com?subject=Hello%20world&body=Line%201%0D%0ALine%202'
 */
export function buildMailto(fields: MailtoInput): string {
  const { to, cc, bcc, subject, body } = normalizeFields(fields);
  const headers: string[] = [];
  if (cc.length > 0) headers.push(`cc=${encodeHeaderValue(cc.join(','))}`);
  if (bcc.length > 0) headers.push(`bcc=${encodeHeaderValue(bcc.join(','))}`);
  if (subject !== '') headers.push(`subject=${encodeHeaderValue(subject)}`);
  if (body !== '') headers.push(`body=${encodeHeaderValue(body)}`);
  const path = to.map(encodeAddress).join(',');
  return headers.length > 0 ? `mailto:${path}?${headers.join('&')}` : `mailto:${path}`;
}
