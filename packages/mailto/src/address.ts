import { utf8Length } from './percent';

/** Validation messages for recipient fields, worded once for the web app and the API. */
export const MESSAGES = {
  /** Generator: `to` is empty. */
  recipientRequired: 'Recipient email is required',
  /** Generator: to, cc or bcc holds something that is not an e-mail address. */
  invalidAddresses: 'Please enter valid email addresses separated by commas',
  /** Link form: `to` is empty. */
  linkFormToRequired: 'To field is required',
  /** Link form: to, cc or bcc holds something that is not an e-mail address. */
  linkFormInvalidAddresses: 'Must contain valid email addresses separated by commas',
} as const;

/** Separators accepted between addresses: commas, plus `;` and line breaks as pasted from mail clients. */
const ADDRESS_SEPARATOR = /[,;\r\n]/;

/**
 * Splits a user-typed address list into addresses. Commas separate addresses; semicolons and
 * line breaks are tolerated too (Outlook copies lists with `;`). Each address is trimmed and
 * empty entries are dropped, so `' a@x.org,, b@y.org ; '` gives `['a@x.org', 'b@y.org']`.
 */
export function parseAddressList(input: string): string[] {
  return input
    .split(ADDRESS_SEPARATOR)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * The canonical text form of an address list: {@link parseAddressList}'s result joined with
 * `', '`. Useful to store what a user typed in one consistent shape.
 */
export function normalizeAddressList(input: string): string {
  return parseAddressList(input).join(', ');
}

/** Maximum address length in octets (RFC 5321 path limit minus the angle brackets). */
const MAX_ADDRESS_OCTETS = 254;
/** Maximum local-part length in octets (RFC 5321 section 4.5.3.1.1). */
const MAX_LOCAL_OCTETS = 64;
/** Maximum domain length in octets. */
const MAX_DOMAIN_OCTETS = 253;
/** Maximum DNS label length in octets. */
const MAX_LABEL_OCTETS = 63;

/**
 * Characters allowed in a local part: RFC 5322 `atext` (letters, digits and
 * ``! # $ % & ' * + - / = ? ^ _ ` { | } ~``) plus any non-ASCII letter, mark or number
 * (RFC 6531 internationalised addresses). Dots are handled separately.
 */
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\p{L}\p{M}\p{N}]+$/u;

/** A domain label: letters (any script), marks, digits and inner hyphens. */
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

/** A top-level domain: at least two characters, not all digits. */
const TOP_LEVEL_DOMAIN = /^(?=.*[^0-9]).{2,}$/u;

function isValidLocalPart(local: string): boolean {
  if (local === '' || utf8Length(local) > MAX_LOCAL_OCTETS) return false;
  return local.split('.').every((atom) => LOCAL_ATOM.test(atom));
}

function isValidDomain(domain: string): boolean {
  if (utf8Length(domain) > MAX_DOMAIN_OCTETS) return false;
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  return (
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label) && utf8Length(label) <= MAX_LABEL_OCTETS) &&
    TOP_LEVEL_DOMAIN.test(tld)
  );
}

/**
 * Pragmatic e-mail address check, for form validation (not a full RFC 5322 parser).
 *
 * Accepts `local@domain` where:
 * - the whole address is at most 254 UTF-8 octets, the local part at most 64;
 * - the local part is dot-separated atoms of RFC 5322 `atext` (so `+`, `%`, `&`, `'`, `=`,
 *   `?`, `#` are fine) or Unicode letters/digits; no leading, trailing or double dot;
 * - the domain has at least two dot-separated labels of letters (any script), digits and
 *   inner hyphens, each at most 63 octets, and a top-level label of two or more characters
 *   that is not all digits.
 *
 * Rejects: spaces and control characters, quoted local parts (`"john doe"@x.org`), IP
 * literals (`a@[127.0.0.1]`), single-label domains (`a@localhost`), more than one `@`.
 * Internationalised (Unicode) local parts and domains are accepted.
 */
export function isValidEmail(address: string): boolean {
  if (utf8Length(address) > MAX_ADDRESS_OCTETS) return false;
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  return isValidLocalPart(address.slice(0, at)) && isValidDomain(address.slice(at + 1));
}

/** Options of {@link validateAddressList}. */
export interface AddressListValidationOptions {
  /** Whether an empty list is an error. */
  required: boolean;
  /** Message returned when the list is required and empty. */
  requiredMessage: string;
  /** Message returned when any entry is not a valid address. */
  invalidMessage: string;
}

/**
 * Validates a user-typed address list (see {@link parseAddressList} for the accepted
 * separators). Returns the error message to show, or `null` when the list is fine.
 *
 * @example
 * validateAddressList(form.to, {
 *   required: true,
 *   requiredMessage: MESSAGES.recipientRequired,
 *   invalidMessage: MESSAGES.invalidAddresses,
 * })
 */
export function validateAddressList(
  input: string,
  opts: AddressListValidationOptions,
): string | null {
  const addresses = parseAddressList(input);
  if (addresses.length === 0) return opts.required ? opts.requiredMessage : null;
  return addresses.every(isValidEmail) ? null : opts.invalidMessage;
}
