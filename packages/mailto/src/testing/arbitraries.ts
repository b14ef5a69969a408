/** fast-check arbitraries shared by the property tests (test-only; not exported by the package). */
import fc from 'fast-check';
import type { MailtoFields } from '../types';

/** Characters for local parts: atext plus the ones that need encoding in a mailto: link. */
const LOCAL_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyz',
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'0123456789',
  ...'.-_~+%&?#=!$\'*/^`{|}"\\@;:() ',
  'é',
  'ß',
  'ü',
  '用',
  '😀',
];

const DOMAIN_CHARS = [...'abcdefghijklmnopqrstuvwxyz0123456789-', 'ñ', '納', '豆'];

/** A local part: non-empty, never starting or ending with a space (addresses are trimmed). */
const localPart = fc
  .array(fc.constantFrom(...LOCAL_CHARS), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join('').trim())
  .filter((local) => local !== '');

const domainLabel = fc
  .array(fc.constantFrom(...DOMAIN_CHARS), { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join(''));

const domain = fc
  .array(domainLabel, { minLength: 1, maxLength: 3 })
  .map((labels) => [...labels, 'example'].join('.'));

/**
 * Addresses as the round-trip law requires them: trimmed, non-empty, no comma, no line
 * break; including `+ % & ? # =`, quotes, backslashes, `@` in the local part and Unicode.
 */
export const addressArb: fc.Arbitrary<string> = fc
  .tuple(localPart, domain)
  .map(([local, dom]) => `${local}@${dom}`);

export const addressListArb: fc.Arbitrary<string[]> = fc.array(addressArb, { maxLength: 4 });

/** Characters over-represented in text: the ones that break naive encoders. */
const NASTY = fc.constantFrom(
  '+',
  '&',
  '=',
  '?',
  '#',
  '%',
  '%20',
  '%2B',
  ' ',
  ';',
  '/',
  ',',
  '@',
  '"',
  "'",
  '<',
  '>',
  '&amp;',
  '\u00e9',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '😀',
  '👩‍👩‍👧',
  '\u0000',
  '\t',
  'mailto:',
);

/** Arbitrary Unicode text (any code point except lone surrogates) with nasty characters mixed in. */
const textArb = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), NASTY), { maxLength: 12 })
  .map((parts) => parts.join(''));

/** A subject: any text without CR or LF (a subject's line breaks become spaces). */
export const subjectArb: fc.Arbitrary<string> = textArb.map((s) => s.replace(/[\r\n]/g, ''));

/** A body: any text whose line breaks are `\n` (CR is removed; `\n` is mixed in). */
export const bodyArb: fc.Arbitrary<string> = fc
  .array(
    textArb.map((s) => s.replace(/\r/g, '')),
    { maxLength: 4 },
  )
  .map((lines) => lines.join('\n'));

/** Fields for which parseMailto(buildMailto(f)) must give back f. */
export const fieldsArb: fc.Arbitrary<MailtoFields> = fc.record({
  to: addressListArb,
  cc: addressListArb,
  bcc: addressListArb,
  subject: subjectArb,
  body: bodyArb,
});
