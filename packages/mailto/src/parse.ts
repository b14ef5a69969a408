import { percentDecode, replaceLineBreaks } from './percent';
import type { ParsedMailto } from './types';

/** Thrown by {@link parseMailto} when the input is not a mailto: URI. */
export class MailtoParseError extends Error {
  override readonly name = 'MailtoParseError';

  constructor(message: string) {
    super(message);
  }
}

const SCHEME = 'mailto:';

/** Header names with a field of their own in {@link ParsedMailto}. */
type KnownHeader = 'to' | 'cc' | 'bcc' | 'subject' | 'body';

function isKnownHeader(name: string): name is KnownHeader {
  return name === 'to' || name === 'cc' || name === 'bcc' || name === 'subject' || name === 'body';
}

/** Percent-decodes (leniently) and writes every line break as `\n`. */
function decodeValue(raw: string): string {
  return replaceLineBreaks(percentDecode(raw), '\n');
}

/** Splits a decoded address list on commas, trimming and dropping empty entries. */
function splitAddresses(decoded: string): string[] {
  return decoded
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/** One `name=value` pair of the query, both decoded. */
interface HeaderField {
  name: string;
  value: string;
}

/**
 * Splits the query into decoded header fields. `&amp;` (an HTML-escaped separator copied
 * out of markup) counts as `&`. A field without `=` has an empty value; a field with an
 * empty name is ignored.
 */
function splitQuery(query: string): HeaderField[] {
  const fields: HeaderField[] = [];
  for (const part of query.replace(/&amp;/gi, '&').split('&')) {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    const name = decodeValue(rawName).trim();
    if (name !== '') fields.push({ name, value: decodeValue(rawValue) });
  }
  return fields;
}

/** Checks the scheme (case-insensitively) and returns what follows `mailto:`. */
function stripScheme(url: unknown): string {
  if (typeof url !== 'string') {
    throw new MailtoParseError('Not a mailto link: expected a string');
  }
  const trimmed = url.trim();
  if (trimmed.slice(0, SCHEME.length).toLowerCase() !== SCHEME) {
    throw new MailtoParseError('Not a mailto link: it must start with "mailto:"');
  }
  return trimmed.slice(SCHEME.length);
}

/**
 * Parses a mailto: URI (RFC 6068), leniently enough for links found in the wild.
 *
 * - The scheme is case-insensitive; surrounding whitespace is ignored.
 * - `to` holds the path's addresses followed by those of any `to` headers. Address lists
 *   are split on commas after decoding (so `%2C` separates too), trimmed, empties dropped.
 * - Header names are matched case-insensitively (`Subject=`, `CC=`).
 * - Values are percent-decoded as UTF-8; a malformed escape or invalid UTF-8 is kept literally;
 *   `+` stays `+`; every line break (CRLF, CR, LF) becomes `\n`, in every field.
 * - Repeated headers: to, cc and bcc lists are concatenated; bodies are joined with `\n`;
 *   for subject and any other header the first occurrence wins.
 * - `&amp;` is accepted as a separator. A raw `?` in the query is kept as part of the value.
 * - A raw `#` starts the fragment, which is dropped (RFC 3986 ends the query there); a `#`
 *   inside a field is written `%23`.
 * - Other headers (e.g. `In-Reply-To`) go to `headers`, keyed by their name as first written.
 *
 * @throws {MailtoParseError} when the input does not start with `mailto:`.
 */
export function parseMailto(url: string): ParsedMailto {
  const withFragment = stripScheme(url);
  const hash = withFragment.indexOf('#');
  const rest = hash < 0 ? withFragment : withFragment.slice(0, hash);
  const queryStart = rest.indexOf('?');
  const path = queryStart < 0 ? rest : rest.slice(0, queryStart);
  const query = queryStart < 0 ? '' : rest.slice(queryStart + 1);

  const result: ParsedMailto = {
    to: splitAddresses(decodeValue(path)),
    cc: [],
    bcc: [],
    subject: '',
    body: '',
    headers: {},
  };
  let subjectSeen = false;
  let bodySeen = false;
  const others = new Map<string, HeaderField>();

  for (const field of splitQuery(query)) {
    const key = field.name.toLowerCase();
    if (!isKnownHeader(key)) {
      if (!others.has(key)) others.set(key, field);
    } else if (key === 'to' || key === 'cc' || key === 'bcc') {
      result[key].push(...splitAddresses(field.value));
    } else if (key === 'subject') {
      if (!subjectSeen) result.subject = field.value;
      subjectSeen = true;
    } else {
      result.body = bodySeen ? `${result.body}\n${field.value}` : field.value;
      bodySeen = true;
    }
  }

  result.headers = Object.fromEntries(
    Array.from(others.values(), (field) => [field.name, field.value]),
  );
  return result;
}
