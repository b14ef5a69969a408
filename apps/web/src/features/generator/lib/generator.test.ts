import { buildMailto, MESSAGES, parseMailto } from '@mailtokit/mailto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_GENERATOR_VALUES,
  fromParsedMailto,
  hasErrors,
  sameValues,
  saveLinkPath,
  toMailtoFields,
  validateGenerator,
  type GeneratorValues,
} from './generator';

const values = (overrides: Partial<GeneratorValues>): GeneratorValues => ({
  ...EMPTY_GENERATOR_VALUES,
  ...overrides,
});

describe('validateGenerator', () => {
  it('requires a recipient', () => {
    expect(validateGenerator(values({}))).toEqual({ to: MESSAGES.recipientRequired });
    expect(validateGenerator(values({ to: ' , ' }))).toEqual({ to: MESSAGES.recipientRequired });
  });

  it('checks every list, cc and bcc may be empty', () => {
    expect(validateGenerator(values({ to: 'a@example.com, b@example.org' }))).toEqual({});
    const errors = validateGenerator(
      values({ to: 'a@example.com, nope', cc: 'c@example', bcc: 'x y@example.com' }),
    );
    expect(errors).toEqual({
      to: MESSAGES.invalidAddresses,
      cc: MESSAGES.invalidAddresses,
      bcc: MESSAGES.invalidAddresses,
    });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({})).toBe(false);
  });
});

describe('toMailtoFields', () => {
  it('splits and trims address lists, keeps subject and body as typed', () => {
    expect(
      toMailtoFields({
        to: ' a@example.com ,b+tag@example.org ',
        cc: '',
        bcc: 'c@example.com;d@example.com',
        subject: '  Café & co? 50% #1 + 🎉',
        body: 'Line 1\n\n  indented\r\nlast',
      }),
    ).toEqual({
      to: ['a@example.com', 'b+tag@example.org'],
      cc: [],
      bcc: ['c@example.com', 'd@example.com'],
      subject: '  Café & co? 50% #1 + 🎉',
      body: 'Line 1\n\n  indented\r\nlast',
    });
  });

  it('treats blank subject and body as empty', () => {
    const fields = toMailtoFields(values({ to: 'a@example.com', subject: '   ', body: '\n \n' }));
    expect(fields.subject).toBe('');
    expect(fields.body).toBe('');
    expect(buildMailto(fields)).toBe('mailto:a@example.com');
  });

  it('round-trips nasty values through buildMailto and parseMailto', () => {
    const typed = values({
      to: 'josé+news@bücher.de, x@example.com',
      cc: 'c&d@example.com',
      bcc: 'q?r@example.org',
      subject: 'Ça va? 100% & more #tags + plus = égal 😀',
      body: 'Hi,\nliteral %20 and + and &amp;\n\n— Zoë 👋',
    });
    const parsed = parseMailto(buildMailto(toMailtoFields(typed)));
    expect(fromParsedMailto(parsed)).toEqual(typed);
  });
});

describe('fromParsedMailto / sameValues', () => {
  it('joins lists with a comma and a space', () => {
    const parsed = parseMailto('mailto:a@x.org,b@y.org?cc=c@z.org&subject=Hi&body=a%0D%0Ab');
    expect(fromParsedMailto(parsed)).toEqual({
      to: 'a@x.org, b@y.org',
      cc: 'c@z.org',
      bcc: '',
      subject: 'Hi',
      body: 'a\nb',
    });
  });

  it('compares every field', () => {
    expect(sameValues(values({ to: 'a' }), values({ to: 'a' }))).toBe(true);
    expect(sameValues(values({ body: 'a' }), values({ body: 'b' }))).toBe(false);
  });
});

describe('saveLinkPath', () => {
  it('carries the fields to the link form, and nothing empty', () => {
    const path = saveLinkPath({
      to: ['a@example.com', 'b@example.com'],
      cc: [],
      bcc: ['c@example.com'],
      subject: 'Hi & welcome #1',
      body: '',
    });
    const url = new URL(path, 'https://x.test');
    expect(url.pathname).toBe('/dashboard/create-link');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      to: 'a@example.com, b@example.com',
      bcc: 'c@example.com',
      subject: 'Hi & welcome #1',
    });
    expect(saveLinkPath({ to: [], cc: [], bcc: [], subject: '', body: '' })).toBe(
      '/dashboard/create-link',
    );
  });
});
