import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  isValidEmail,
  normalizeAddressList,
  parseAddressList,
  validateAddressList,
} from './address';

describe('MESSAGES', () => {
  it('holds the messages verbatim', () => {
    expect(MESSAGES).toEqual({
      recipientRequired: 'Recipient email is required',
      invalidAddresses: 'Please enter valid email addresses separated by commas',
      linkFormToRequired: 'To field is required',
      linkFormInvalidAddresses: 'Must contain valid email addresses separated by commas',
    });
  });
});

describe('parseAddressList', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['   ', []],
    [',, ,', []],
    ['a@x.org', ['a@x.org']],
    [' a@x.org , b@y.org ', ['a@x.org', 'b@y.org']],
    ['a@x.org,,b@y.org,', ['a@x.org', 'b@y.org']],
    ['a@x.org; b@y.org;c@z.org', ['a@x.org', 'b@y.org', 'c@z.org']],
    ['a@x.org\nb@y.org\r\nc@z.org\r', ['a@x.org', 'b@y.org', 'c@z.org']],
    ['not an address', ['not an address']],
  ])('%j -> %j', (input, expected) => {
    expect(parseAddressList(input)).toEqual(expected);
  });
});

describe('normalizeAddressList', () => {
  it('joins the parsed list with ", "', () => {
    expect(normalizeAddressList(' a@x.org;b@y.org ,, \n c@z.org ')).toBe(
      'a@x.org, b@y.org, c@z.org',
    );
    expect(normalizeAddressList('  ')).toBe('');
  });
});

describe('isValidEmail', () => {
  it.each([
    'a@example.com',
    'john.doe@example.co.uk',
    'john+news@example.com',
    'first_last-1@sub.example.org',
    "o'brien@example.ie",
    'gorby%kremvax@example.com',
    'Mike&family@example.org',
    'a=b?c#d@example.com',
    '{x}|~`^!$*/@example.com',
    '1@example.com',
    'a@123.example.com',
    'a@xn--99zt52a.example.org',
    'user@納豆.example.org',
    'josé@bücher.de',
    'пользователь@пример.рф',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.com`,
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'a@',
    'a@example',
    'a@localhost',
    'a b@example.com',
    ' a@example.com',
    'a@example.com ',
    'a@exa mple.com',
    'a@@example.com',
    'a@b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@.example.com',
    'a@example.com.',
    'a@example..com',
    'a@-example.com',
    'a@example-.com',
    'a@exa_mple.com',
    'a@example.c',
    'a@example.123',
    'a@[127.0.0.1]',
    '"john doe"@example.com',
    'a(comment)@example.com',
    'a,b@example.com',
    'a;b@example.com',
    'a<b>@example.com',
    'a\\b@example.com',
    'a\n@example.com',
    'a\u0000@example.com',
    'a@example.com,b@example.com',
    'Name <a@example.com>',
    '😀@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`,
  ])('rejects %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('counts the 254 limit in UTF-8 octets', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}.com`;
    const ascii = `${'a'.repeat(60)}@${domain}`;
    expect(ascii.length).toBe(254);
    expect(isValidEmail(ascii)).toBe(true);
    expect(isValidEmail(`a${ascii}`)).toBe(false);
    // é is two octets: the same number of characters, one octet over the limit.
    expect(isValidEmail(`é${ascii.slice(1)}`)).toBe(false);
    expect(isValidEmail(`é${ascii.slice(2)}`)).toBe(true);
  });
});

describe('validateAddressList', () => {
  const generatorTo = {
    required: true,
    requiredMessage: MESSAGES.recipientRequired,
    invalidMessage: MESSAGES.invalidAddresses,
  };
  const generatorCc = { ...generatorTo, required: false };
  const linkFormTo = {
    required: true,
    requiredMessage: MESSAGES.linkFormToRequired,
    invalidMessage: MESSAGES.linkFormInvalidAddresses,
  };

  it('requires a recipient when required', () => {
    expect(validateAddressList('', generatorTo)).toBe('Recipient email is required');
    expect(validateAddressList(' , ', generatorTo)).toBe('Recipient email is required');
    expect(validateAddressList('', linkFormTo)).toBe('To field is required');
  });

  it('accepts an empty optional list', () => {
    expect(validateAddressList('', generatorCc)).toBeNull();
    expect(validateAddressList('   ', generatorCc)).toBeNull();
  });

  it('accepts valid lists, items trimmed', () => {
    expect(validateAddressList('a@example.com', generatorTo)).toBeNull();
    expect(validateAddressList(' a@example.com ,b+c@example.org, ', generatorTo)).toBeNull();
    expect(validateAddressList('a@example.com; b@example.org', linkFormTo)).toBeNull();
  });

  it('rejects a list with any invalid entry', () => {
    expect(validateAddressList('a@example.com, nope', generatorTo)).toBe(
      'Please enter valid email addresses separated by commas',
    );
    expect(validateAddressList('a@example.com b@example.com', generatorCc)).toBe(
      'Please enter valid email addresses separated by commas',
    );
    expect(validateAddressList('nope', linkFormTo)).toBe(
      'Must contain valid email addresses separated by commas',
    );
  });
});
