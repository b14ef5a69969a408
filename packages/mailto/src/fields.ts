import { replaceLineBreaks } from './percent';
import type { MailtoFields, MailtoInput } from './types';

/** Trims every address and drops the empty ones. */
export function cleanAddresses(addresses: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const address of addresses ?? []) {
    const trimmed = address.trim();
    if (trimmed !== '') out.push(trimmed);
  }
  return out;
}

/**
 * A subject is a single line: every line break (CRLF, CR or LF) becomes one space. This keeps
 * CR/LF out of every header but the body, so no link we build can smuggle in extra headers.
 */
export function singleLineSubject(subject: string | undefined): string {
  return replaceLineBreaks(subject ?? '', ' ');
}

/** Body with every line break (CRLF, CR or LF) written as `\n`. */
export function normalizedBody(body: string | undefined): string {
  return replaceLineBreaks(body ?? '', '\n');
}

/**
 * The canonical form of builder input shared by every URL builder: addresses trimmed with
 * empties dropped, subject on one line, body with `\n` line breaks.
 */
export function normalizeFields(input: MailtoInput): MailtoFields {
  return {
    to: cleanAddresses(input.to),
    cc: cleanAddresses(input.cc),
    bcc: cleanAddresses(input.bcc),
    subject: singleLineSubject(input.subject),
    body: normalizedBody(input.body),
  };
}
