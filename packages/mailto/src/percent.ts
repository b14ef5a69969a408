/**
 * Percent-encoding and decoding (RFC 3986 section 2.1) over UTF-8, written for mailto: URIs.
 *
 * Both directions are total: encoding never throws (a lone surrogate is written as U+FFFD),
 * and decoding never throws (a malformed escape or an invalid UTF-8 sequence is kept literally).
 */

const HEX_DIGITS = '0123456789ABCDEF';

/** RFC 3986 unreserved characters: never need encoding anywhere. */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** A set of ASCII characters that an encoder may leave literal. */
export type SafeSet = ReadonlySet<number>;

/** Builds a {@link SafeSet} from the unreserved characters plus `extra`. */
export function safeSet(extra: string): SafeSet {
  const codes = new Set<number>();
  for (const char of UNRESERVED + extra) codes.add(char.charCodeAt(0));
  return codes;
}

/** Only the RFC 3986 unreserved characters stay literal (the strictest choice). */
export const UNRESERVED_ONLY: SafeSet = safeSet('');

/**
 * Characters left literal inside an address in the mailto: path. Everything else, notably
 * `%`, `?`, `#`, `&`, `+`, `,`, `;`, `:`, `@` (inside a local part), `"` and `\`, is encoded.
 */
export const ADDRESS_SAFE: SafeSet = safeSet("!$'()*");

/**
 * Characters left literal inside a mailto: header value (RFC 6068 `qchar` minus `+` and `;`).
 * `+` is encoded because some handlers turn it into a space; `;` because some query parsers
 * treat it as a parameter separator. `=`, `&`, `?`, `#`, `/` and `%` are always encoded.
 */
export const HEADER_VALUE_SAFE: SafeSet = safeSet("!$'()*,:@");

const REPLACEMENT_CHARACTER = 0xfffd;

function percentByte(byte: number): string {
  return '%' + HEX_DIGITS.charAt(byte >> 4) + HEX_DIGITS.charAt(byte & 0x0f);
}

/** UTF-8 bytes of one code point; surrogate code points become U+FFFD. */
export function utf8Bytes(codePoint: number): number[] {
  const cp = codePoint >= 0xd800 && codePoint <= 0xdfff ? REPLACEMENT_CHARACTER : codePoint;
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [
    0xf0 | (cp >> 18),
    0x80 | ((cp >> 12) & 0x3f),
    0x80 | ((cp >> 6) & 0x3f),
    0x80 | (cp & 0x3f),
  ];
}

/** Number of UTF-8 octets needed to store `input`. */
export function utf8Length(input: string): number {
  let length = 0;
  for (const char of input) length += utf8Bytes(char.codePointAt(0) ?? 0).length;
  return length;
}

/** What `encodeURIComponent` leaves literal: the unreserved characters and `! ' ( ) *`. */
const URI_COMPONENT_LITERAL = safeSet("!'()*");

/** How to turn `encodeURIComponent`'s output into the encoding for one safe set. */
interface Adjustment {
  /** Escapes of characters the set keeps literal (e.g. `%40` for `@`), or null. */
  restore: RegExp | null;
  /** Literal characters the set encodes (e.g. `*`), or null. */
  encode: RegExp | null;
}

const adjustments = new WeakMap<SafeSet, Adjustment>();

function escapeForRegExp(char: string): string {
  return char.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
}

function adjustmentFor(safe: SafeSet): Adjustment {
  let adjustment = adjustments.get(safe);
  if (adjustment) return adjustment;
  const restore: string[] = [];
  const encode: string[] = [];
  for (let cp = 0; cp < 0x80; cp += 1) {
    const keep = safe.has(cp);
    if (keep && !URI_COMPONENT_LITERAL.has(cp)) restore.push(percentByte(cp).slice(1));
    if (!keep && URI_COMPONENT_LITERAL.has(cp))
      encode.push(escapeForRegExp(String.fromCharCode(cp)));
  }
  adjustment = {
    // Every `%` in encodeURIComponent's output starts an escape (a literal `%` is `%25`), so
    // a match is always a whole escape.
    restore: restore.length > 0 ? new RegExp(`%(?:${restore.join('|')})`, 'g') : null,
    encode: encode.length > 0 ? new RegExp(`[${encode.join('')}]`, 'g') : null,
  };
  adjustments.set(safe, adjustment);
  return adjustment;
}

/**
 * Percent-encodes `input` as UTF-8, leaving literal only ASCII characters in `safe`.
 * Hex digits are upper case. The result is always plain ASCII.
 *
 * Built on the engine's `encodeURIComponent` (same UTF-8 bytes, same upper-case hex), then
 * adjusted to `safe`; text with a lone surrogate, which it rejects, takes the
 * character-by-character path.
 */
export function percentEncode(input: string, safe: SafeSet): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(input);
  } catch {
    return percentEncodeEachChar(input, safe);
  }
  const { restore, encode } = adjustmentFor(safe);
  if (restore) encoded = encoded.replace(restore, (escape) => decodeURIComponent(escape));
  if (encode) encoded = encoded.replace(encode, (char) => percentByte(char.charCodeAt(0)));
  return encoded;
}

/** {@link percentEncode}, one code point at a time (lone surrogates become U+FFFD). */
export function percentEncodeEachChar(input: string, safe: SafeSet): string {
  let out = '';
  for (const char of input) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp < 0x80 && safe.has(cp)) {
      out += char;
    } else {
      for (const byte of utf8Bytes(cp)) out += percentByte(byte);
    }
  }
  return out;
}

/** One `%XX` escape found in the input: its byte value and its original spelling. */
interface Escape {
  byte: number;
  text: string;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Reads a `%XX` escape at `index`, or returns null when there is none. */
function readEscape(input: string, index: number): Escape | null {
  if (input.charCodeAt(index) !== 0x25) return null;
  const high = hexValue(input.charCodeAt(index + 1));
  const low = hexValue(input.charCodeAt(index + 2));
  if (high < 0 || low < 0) return null;
  return { byte: high * 16 + low, text: input.slice(index, index + 3) };
}

/** Allowed range of the second byte for a UTF-8 lead byte (Unicode table 3-7), or null. */
function secondByteRange(lead: number): [number, number] | null {
  if (lead >= 0xc2 && lead <= 0xdf) return [0x80, 0xbf];
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead >= 0xe1 && lead <= 0xec) return [0x80, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead >= 0xee && lead <= 0xef) return [0x80, 0xbf];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [0x80, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return null;
}

function sequenceLength(lead: number): number {
  if (lead < 0xe0) return 2;
  if (lead < 0xf0) return 3;
  return 4;
}

/**
 * Decodes one UTF-8 sequence starting at `start` in `bytes`.
 * Returns the code point and the number of bytes used, or null when the sequence is invalid.
 */
function decodeSequence(
  bytes: readonly number[],
  start: number,
): { codePoint: number; size: number } | null {
  const lead = bytes[start];
  if (lead === undefined) return null;
  if (lead < 0x80) return { codePoint: lead, size: 1 };
  const range = secondByteRange(lead);
  if (range === null) return null;
  const size = sequenceLength(lead);
  let codePoint = lead & (size === 2 ? 0x1f : size === 3 ? 0x0f : 0x07);
  for (let offset = 1; offset < size; offset += 1) {
    const byte = bytes[start + offset];
    const [min, max] = offset === 1 ? range : [0x80, 0xbf];
    if (byte === undefined || byte < min || byte > max) return null;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return { codePoint, size };
}

/** Decodes a run of consecutive escapes; invalid UTF-8 keeps the escapes' original text. */
function decodeEscapeRun(run: readonly Escape[]): string {
  const bytes = run.map((escape) => escape.byte);
  let out = '';
  let index = 0;
  while (index < run.length) {
    const decoded = decodeSequence(bytes, index);
    if (decoded === null) {
      out += run[index]?.text ?? '';
      index += 1;
    } else {
      out += String.fromCodePoint(decoded.codePoint);
      index += decoded.size;
    }
  }
  return out;
}

/**
 * Lenient percent-decoding as UTF-8. Never throws:
 * - `%` not followed by two hex digits stays a literal `%`;
 * - escapes that do not form valid UTF-8 are kept exactly as written (e.g. `caf%E9`);
 * - `+` is left alone (it never means a space in a mailto: URI).
 */
export function percentDecode(input: string): string {
  let out = '';
  let run: Escape[] = [];
  let index = 0;
  while (index < input.length) {
    const escape = readEscape(input, index);
    if (escape !== null) {
      run.push(escape);
      index += 3;
      continue;
    }
    if (run.length > 0) {
      out += decodeEscapeRun(run);
      run = [];
    }
    out += input.charAt(index);
    index += 1;
  }
  return out + decodeEscapeRun(run);
}

/** Matches every kind of line break: CRLF, lone CR, lone LF. */
const LINE_BREAK = /\r\n|\r|\n/g;

/** Replaces every line break (CRLF, lone CR, lone LF) with `replacement`. */
export function replaceLineBreaks(input: string, replacement: string): string {
  return input.replace(LINE_BREAK, replacement);
}
