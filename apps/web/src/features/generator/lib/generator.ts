import {
  buildMailto,
  MESSAGES,
  parseAddressList,
  validateAddressList,
  type MailtoFields,
  type ParsedMailto,
} from '@mailtokit/mailto';

/** The generator form, as typed (fields: to, cc, bcc, subject, body, all strings). */
export interface GeneratorValues {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

/** Id of the generated-link card (the page scrolls there after Generate). */
export const GENERATOR_RESULT_ID = 'generator-result';

export type GeneratorField = keyof GeneratorValues;
export type GeneratorErrors = Partial<Record<GeneratorField, string>>;

export const EMPTY_GENERATOR_VALUES: GeneratorValues = {
  to: '',
  cc: '',
  bcc: '',
  subject: '',
  body: '',
};

/** To required; to, cc, bcc lists of valid addresses. */
export function validateGenerator(values: GeneratorValues): GeneratorErrors {
  const errors: GeneratorErrors = {};
  const list = (value: string, required: boolean) =>
    validateAddressList(value, {
      required,
      requiredMessage: MESSAGES.recipientRequired,
      invalidMessage: MESSAGES.invalidAddresses,
    });
  const to = list(values.to, true);
  const cc = list(values.cc, false);
  const bcc = list(values.bcc, false);
  if (to) errors.to = to;
  if (cc) errors.cc = cc;
  if (bcc) errors.bcc = bcc;
  return errors;
}

export const hasErrors = (errors: GeneratorErrors): boolean => Object.keys(errors).length > 0;

/**
 * The fields buildMailto gets: address lists split and trimmed; subject and body exactly as
 * typed (accents, emoji, `&`, `%`, `+`, line breaks and all), or empty when blank.
 */
export function toMailtoFields(values: GeneratorValues): MailtoFields {
  const blankToEmpty = (value: string) => (value.trim() === '' ? '' : value);
  return {
    to: parseAddressList(values.to),
    cc: parseAddressList(values.cc),
    bcc: parseAddressList(values.bcc),
    subject: blankToEmpty(values.subject),
    body: blankToEmpty(values.body),
  };
}

/** The form values of an imported (parsed) mailto link. */
export function fromParsedMailto(mail: ParsedMailto): GeneratorValues {
  return {
    to: mail.to.join(', '),
    cc: mail.cc.join(', '),
    bcc: mail.bcc.join(', '),
    subject: mail.subject,
    body: mail.body,
  };
}

export function sameValues(a: GeneratorValues, b: GeneratorValues): boolean {
  return (Object.keys(a) as GeneratorField[]).every((key) => a[key] === b[key]);
}

/** The link a valid form makes, and the fields it was built from (for the web-mail links). */
export interface LiveLink {
  href: string;
  fields: MailtoFields;
}

/** The link of the fields as they are now, or null while any of them is invalid. */
export function liveLink(values: GeneratorValues): LiveLink | null {
  if (hasErrors(validateGenerator(values))) return null;
  const fields = toMailtoFields(values);
  return { href: buildMailto(fields), fields };
}

/**
 * The link form's address, prefilled with the generated link's fields (lists as typed, joined
 * by commas): where "Save link" leads, and where sign-up and sign-in lead back to.
 */
export function saveLinkPath(fields: {
  to: readonly string[];
  cc: readonly string[];
  bcc: readonly string[];
  subject: string;
  body: string;
}): string {
  const params = new URLSearchParams();
  for (const key of ['to', 'cc', 'bcc'] as const)
    if (fields[key].length > 0) params.set(key, fields[key].join(', '));
  if (fields.subject) params.set('subject', fields.subject);
  if (fields.body) params.set('body', fields.body);
  const query = params.toString();
  return query ? `/dashboard/create-link?${query}` : '/dashboard/create-link';
}
