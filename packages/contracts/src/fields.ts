import { z } from './zod';
import { MESSAGES } from './messages';

/**
 * Characters no stored text may hold: NUL (PostgreSQL cannot store it), the other C0 controls
 * except tab, line feed and carriage return, DEL and the C1 controls. Nobody types them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Tab, line feed and carriage return: allowed in multi-line fields only. */
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/**
 * Half of a surrogate pair without its other half: not Unicode text. SQLite would store it as
 * U+FFFD and PostgreSQL refuses it, so it never reaches either.
 */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Bidirectional embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069):
 * they make a name display as something else (`txt.exe` spelled backwards), so names refuse
 * them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** What is wrong with the characters of `value`, or null when they may be stored. */
export function textProblem(
  value: string,
  kind: 'single-line' | 'multi-line' | 'name' | 'secret',
): string | null {
  if (LONE_SURROGATE.test(value)) return MESSAGES.invalidUnicode;
  if (kind === 'secret') return value.includes('\u0000') ? MESSAGES.controlCharacters : null;
  if (CONTROL.test(value)) return MESSAGES.controlCharacters;
  if (kind !== 'multi-line' && LINE_BREAK_OR_TAB.test(value)) return MESSAGES.singleLine;
  if (kind === 'name' && DIRECTION_CONTROL.test(value)) return MESSAGES.directionControls;
  return null;
}

/** A string field whose absence (or wrong type) reads `message`, not zod's default text. */
export function text(message: string) {
  return z.string({ error: message });
}

function checked(kind: Parameters<typeof textProblem>[1], message?: string) {
  const base = message === undefined ? z.string() : z.string({ error: message });
  const trimmed = kind === 'secret' ? base : base.trim();
  return trimmed.check((ctx) => {
    const problem = textProblem(ctx.value, kind);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
}

/**
 * One line of text (a subject, a search, a label that may hold any symbol): trimmed; refuses
 * control characters (tab and line breaks included) and unpaired surrogates.
 */
export function singleLineText(message?: string) {
  return checked('single-line', message);
}

/**
 * A name a person gives something (username, first or last name, link, team, token, tracking
 * label): one line as {@link singleLineText}, and no bidirectional override or isolate
 * characters.
 */
export function nameText(message?: string) {
  return checked('name', message);
}

/**
 * Free text over several lines (a link body, a description, a message): trimmed; tab, line
 * feed and carriage return are kept, other control characters and unpaired surrogates refused.
 */
export function multiLineText(message?: string) {
  return checked('multi-line', message);
}

/**
 * A password or a secret copied from a link: taken exactly as typed (never trimmed), any
 * character allowed except NUL and unpaired surrogates, which nothing downstream can hash or
 * store faithfully.
 */
export function secretText(message?: string) {
  return checked('secret', message);
}

/** What {@link storableHeaderText} drops: control characters, tabs and line breaks, lone surrogates. */
const UNSTORABLE_IN_HEADER = new RegExp(
  [CONTROL, LINE_BREAK_OR_TAB, LONE_SURROGATE].map((r) => r.source).join('|'),
  'gu',
);

/**
 * Text from a request header (a user agent) made fit for storage: control characters and
 * unpaired surrogates are dropped, so storing it never fails on either database.
 */
export function storableHeaderText(value: string): string {
  return value.replace(UNSTORABLE_IN_HEADER, '');
}

/** A string the API returns holding an ISO 8601 date-time (`2026-11-01T13:00:00.000Z`). */
export const dateTime = () => z.string().meta({ format: 'date-time' });
/** A string the API returns holding an e-mail address. */
export const emailAddress = () => z.string().meta({ format: 'email' });
/** A string the API returns holding an absolute URL. */
export const url = () => z.string().meta({ format: 'uri' });

/** Decimal digits only: how a number is written in a path or a query parameter. */
export const DIGITS = /^[0-9]+$/;

/**
 * A whole number from a query parameter, written in decimal digits only (no sign, space,
 * exponent or `0x`), from `min` to `max`; anything else is refused with `message`.
 */
export function queryInteger(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .regex(DIGITS, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/**
 * A row id in a path, written in decimal digits only (else 400). Kept as text: the service
 * answers 404 for one that names no row it may show (`0`, leading zeros, past the column).
 */
export function idParam(description: string) {
  return z
    .string()
    .regex(DIGITS, 'Must be an id: a positive whole number in decimal digits')
    .meta({ description });
}
